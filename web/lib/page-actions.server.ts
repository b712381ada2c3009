/**
 * How a page action answers (docs/architecture.md, Where a screen's reads and writes live).
 *
 * One action serves two callers. The browser itself posts the form when scripts are off or
 * have not arrived yet: it gets a 303 back to the page the shopper was on, and the outcome
 * travels in a short-lived flash cookie that the next page shows. Once the page has
 * hydrated, React Router posts the same form with fetch (`useFetcher`, `<Form>`): it gets
 * the outcome as data and shows it in place, without leaving the page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { createCookie, data, redirect } from "react-router";
import type { ZodType } from "zod";
import type { ActionAnswer } from "./action-answer";
import type { Flash } from "./flash";
import type { ErrorBody } from "../../domain/api-errors.schema";
import { ownPath } from "../../domain/own-path";

/** A refusal the server explains to the person (a 4xx with its message), thrown by a context action. */
export type Refusal = ErrorBody & { status: number };

/**
 * The refusal in an error a context action threw, or null for a fault (a 5xx, a bug),
 * which the action lets through to the error boundary. Read by shape, not by class: the
 * server's errors and this page bundle do not share one copy of any class.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== "object" || error === null) return null;
  const { statusCode, message, errors } = error as { statusCode?: unknown; message?: unknown; errors?: unknown };
  // 503: a store the shop needs is down for a moment; the form says so and keeps what was typed.
  const refused = typeof statusCode === "number" && statusCode >= 400 && (statusCode < 500 || statusCode === 503);
  if (!refused || typeof message !== "string") {
    return null;
  }
  return {
    status: statusCode,
    message,
    ...(errors && typeof errors === "object" ? { errors: errors as Record<string, string> } : {}),
  };
}

/**
 * Whether the browser posted the form itself (a navigation), rather than the page's
 * scripts: browsers say so in Sec-Fetch-Mode; one too old to send it is asked for a page.
 */
export function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The name of the hidden field that says where to go back to (see BackField). */
export const BACK_FIELD = "back";

/**
 * Where a no-script post goes back to: the form's own `back` field, else the page that
 * posted it (Referer, when it is this site), else the home page. Either must be a path of
 * this shop by the one rule for redirects (`ownPath`): a Referer of this site can still
 * carry a path such as "//host" that would name another.
 */
export function backPath(request: Request, formData: FormData | null, fallback = "/"): string {
  const field = ownPath(formData?.get(BACK_FIELD));
  if (field) return field;
  const referer = URL.parse(request.headers.get("referer") ?? "");
  if (referer?.origin === new URL(request.url).origin) {
    return ownPath(`${referer.pathname}${referer.search}${referer.hash}`) ?? fallback;
  }
  return fallback;
}

const flashCookie = createCookie("flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

const isFlash = (value: unknown): value is Flash =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Flash).message === "string" &&
  ["success", "error", "info"].includes((value as Flash).kind);

/** A 303 to `to`, carrying `flash` for the next page to show. */
export async function redirectWithFlash(to: string, flash?: Flash): Promise<Response> {
  const headers = flash ? { "Set-Cookie": await flashCookie.serialize(flash) } : undefined;
  return redirect(to, { status: 303, ...(headers ? { headers } : {}) });
}

/**
 * Every page action's answer when the page stays (ActionAnswer: `{ result?, flash? }` and
 * what one form adds), with its status: the one way an action answers with data.
 */
export function actionAnswer<Extra extends object = object>(answer: ActionAnswer<Extra>, status = 200) {
  return data(answer, { status });
}

/**
 * The answer to a post that changes something and stays on the page (add to cart, a
 * heart, a cookie choice): back where the shopper was with the message for a browser's
 * own post; the message as data for the page's scripts, which show it in place.
 */
export async function answer(request: Request, formData: FormData | null, flash: Flash, status = 200) {
  if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, formData), flash);
  return actionAnswer({ flash }, status);
}

/**
 * The flash message a no-script post left for this page, and the header that forgets it.
 * Read by the root loader, so every page can show one.
 */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers?: HeadersInit }> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("flash=")) return { flash: null };
  const value: unknown = await flashCookie.parse(cookie).catch(() => null);
  const headers = { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) };
  return { flash: isFlash(value) ? value : null, headers };
}

/**
 * Reads a form post against its shared schema (Conform's submission: the values, and each
 * field's first message as the schema words it).
 */
export async function readSubmission<S extends ZodType>(request: Request, schema: S) {
  const formData = await request.formData();
  return { formData, submission: parseWithZod(formData, { schema }) };
}

type AnySubmission = Submission<unknown>;

/** The fields of a submission that hold a password: never sent back into the page. */
const passwordFields = (submission: AnySubmission) =>
  Object.keys(submission.payload).filter((n) => /password/i.test(n));

/** A form the schema refused: what was typed comes back (passwords blank) with each field's message. */
export function invalidReply(submission: AnySubmission): SubmissionResult {
  return submission.reply({ hideFields: passwordFields(submission) });
}

/**
 * A form the server refused: the refusal's message above the form, its per-field messages
 * beside the fields, what was typed kept (passwords blank).
 */
export function refusedReply(submission: AnySubmission, refusal: Refusal): SubmissionResult {
  const fieldErrors = Object.fromEntries(Object.entries(refusal.errors ?? {}).map(([name, text]) => [name, [text]]));
  return submission.reply({ formErrors: [refusal.message], fieldErrors, hideFields: passwordFields(submission) });
}
