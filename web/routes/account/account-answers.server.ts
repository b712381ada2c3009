/**
 * How the account screens' actions answer (docs/architecture.md, Where a screen's reads
 * and writes live). A form the schema or the server refuses comes back with its messages
 * and what was typed (passwords blank), as data: the page's scripts show it in place, and
 * a browser posting without them is given the page again with the same. A form that
 * succeeds leaves with a flash message (redirectWithFlash), or stays (`stayed`).
 */
import type { Submission } from "@conform-to/react";
import { LoginFormSchema } from "../../../domain/accounts/auth.schema";
import type { LoadContext } from "../../../domain/load-context";
import type { FormAnswer as AnyFormAnswer } from "../../lib/action-answer";
import type { Flash } from "../../lib/flash";
import {
  actionAnswer,
  invalidReply,
  isDocumentRequest,
  readSubmission,
  redirectWithFlash,
  refusalOf,
  refusedReply,
  type Refusal,
} from "../../lib/page-actions.server";

/** What an account form's action answers when the form stays: its result, and what else the page shows. */
/**
 * `flash`: a message for a toast (the page's scripts only; a browser's own post gets the
 * flash cookie). `linkSent`: the e-mailed sign-in link's notice, shown above the button.
 */
export type FormAnswer = AnyFormAnswer<{ linkSent?: string }>;

export const WELCOME_BACK = "Welcome Back!";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySubmission = Submission<any>;

/** The schema refused the form: 400 with each field's message. */
export const invalid = (submission: AnySubmission) =>
  actionAnswer<FormAnswer>({ result: invalidReply(submission) }, 400);

/**
 * The server refused the form (a thrown 4xx): its status, its message above the form
 * (or `reword`'s), its per-field messages beside the fields. A fault is thrown on.
 */
export function refused(submission: AnySubmission, error: unknown, reword?: (refusal: Refusal) => string) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const shown = reword ? { ...refusal, message: reword(refusal) } : refusal;
  return actionAnswer<FormAnswer>({ result: refusedReply(submission, shown) }, refusal.status);
}

/**
 * The form did what it asked and the page stays: a browser's own post goes to `to` with
 * the flash; the page's scripts get the form cleared to its first values and the message
 * as a toast.
 */
export async function stayed(request: Request, submission: AnySubmission, flash: Flash, to: string) {
  if (isDocumentRequest(request)) return redirectWithFlash(to, flash);
  return actionAnswer<FormAnswer>({ result: submission.reply({ resetForm: true }), flash });
}

/**
 * The login forms' action (/login, /admin/login): signed in, an admin goes to the
 * dashboard and everyone else to their profile. While the account draws many wrong
 * passwords the server signs nobody in directly: the form shows that a link was e-mailed.
 */
export async function logInAction(request: Request, context: LoadContext, door: "shop" | "admin") {
  const { submission } = await readSubmission(request, LoginFormSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    const outcome =
      door === "admin"
        ? await context.accounts.logInAsAdmin(submission.value)
        : await context.accounts.logIn(submission.value);
    if ("emailed" in outcome)
      return actionAnswer<FormAnswer>({ result: invalidReply(submission), linkSent: outcome.emailed });
    const home = outcome.viewer.isAdmin ? "/admin/dashboard" : "/profile";
    return redirectWithFlash(home, { kind: "success", message: WELCOME_BACK });
  } catch (error) {
    return refused(submission, error);
  }
}
