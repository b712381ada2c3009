/**
 * What the admin pages' loaders and actions share (docs/architecture.md, Where a screen's
 * reads and writes live): the panel's gate, and saving a form — checked with its shared
 * schema, then written through the load context, whose refusal lands on the same fields.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { ZodType } from "zod";
import type { LoadContext } from "../../../domain/load-context";
import { ownPath } from "../../../domain/own-path";
import type { Flash } from "../../lib/flash";
import { backPath, redirectWithFlash, refusalOf } from "../../lib/page-actions.server";
import { formBody, withFilesRead } from "./admin-form-data";

/** Only an admin gets past: guests go to the admin login, customers home (docs/product.md, Admin panel). */
export function requireAdminPage(context: LoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/admin/login");
  if (!viewer.isAdmin) throw redirect("/");
  return viewer;
}

/**
 * A refusal of the server's (a 4xx it explains) as data for the page; a session that
 * ended meanwhile goes where the gate sends it; anything else is a fault.
 */
export function readRefusal(error: unknown) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  if (refusal.status === 401) throw redirect("/admin/login");
  if (refusal.status === 403) throw redirect("/");
  return refusal;
}

/**
 * Fields whose values are pictures: never sent back into the page (they may be
 * megabytes). A product option's picture is `options[N].image`.
 */
const picturesOf = (formData: FormData) => [
  "images",
  "coverImage",
  "heroImages",
  "ecatalogImage",
  ...[...new Set(formData.keys())].filter((name) => /^options\[\d+\]\.image$/.test(name)),
];

export interface SavedForm {
  result: SubmissionResult<string[]>;
  /** Where the form goes back to once saved, as it was posted. */
  back?: string;
}

/**
 * Reads the posted form (its chosen files as images), checks it with `schema`, and hands
 * the body to `save`; once saved, a 303 to `then` with its message. A form the schema or
 * the server refuses comes back with its messages, what was typed kept.
 */
export async function saveAdminForm({
  request,
  schema,
  shape,
  body = (formData) => formBody(formData, shape ?? {}),
  save,
  then,
}: {
  request: Request;
  schema: ZodType;
  /** Which fields are flags and which lists, for the usual flat form. */
  shape?: { flags?: readonly string[]; lists?: readonly string[] };
  /** The body the form makes, where it has nested fields (the settings' services, say). */
  body?: (formData: FormData) => Record<string, unknown>;
  save(body: Record<string, unknown>): Promise<unknown>;
  then(formData: FormData): { to: string; flash: Flash };
}) {
  const formData = await withFilesRead(await request.formData());
  const back = backPath(request, formData, "");
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<SavedForm>({ result: submission.reply({ hideFields: picturesOf(formData) }), back }, { status: 400 });
  }
  try {
    await save(body(formData));
  } catch (error) {
    const refusal = readRefusal(error);
    const fieldErrors: Record<string, string[]> = {};
    // "images.2" is a message about the images field.
    for (const [path, message] of Object.entries(refusal.errors ?? {})) fieldErrors[path.split(".")[0]!] ??= [message];
    const result = submission.reply({ formErrors: [refusal.message], fieldErrors, hideFields: picturesOf(formData) });
    return data<SavedForm>({ result, back }, { status: refusal.status });
  }
  const { to, flash } = then(formData);
  return redirectWithFlash(to, flash);
}

/**
 * Where an edit form goes back to once saved: the page the admin opened it from, which
 * the links to the form name in `?back=` (a path of this shop only: `ownPath`); else `fallback`.
 */
export function cameFrom(request: Request, fallback: string): string {
  return ownPath(new URL(request.url).searchParams.get("back")) ?? fallback;
}
