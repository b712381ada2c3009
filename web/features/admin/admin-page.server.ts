/**
 * What the admin pages' loaders and actions share (docs/architecture.md, Where a screen's
 * reads and writes live): the panel's gate, and saving a form — checked with its shared
 * schema, then written through the load context, whose refusal lands on the same fields.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { ZodType } from "zod";
import type { LoadContext } from "../../../domain/load-context";
import type { AdminOrder, WorkshopOrder } from "../../../domain/orders/order-answers.schema";
import { ownPath } from "../../../domain/own-path";
import { allows, neededFor, PERMISSIONS, type Permission } from "../../../domain/staff/permissions";
import type { Flash } from "../../lib/flash";
import type { FormAnswer } from "../../lib/action-answer";
import { actionAnswer, backPath, redirectWithFlash, refusalOf } from "../../lib/page-actions.server";
import { formBody, withFilesRead } from "./admin-form-data";

/** Only an admin gets past: guests go to the admin login, customers home (docs/product.md, Admin panel). */
export function requireAdminPage(context: LoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/admin/login");
  if (!viewer.isAdmin) throw redirect("/");
  return viewer;
}

/**
 * A page only some roles open: the server refuses the rest at the door anyway; this says
 * so before any work, with the role needed (403). Menus hide such pages from such members.
 */
export function requireStaffPage(context: LoadContext, permission: Permission) {
  const viewer = requireAdminPage(context);
  if (!allows(viewer.roles, permission)) throw data(neededFor(permission), { status: 403 });
  return viewer;
}

/** An order with its amounts: the pages that show money are not the workshop's (their view has none). */
export function withAmounts(order: AdminOrder | WorkshopOrder): AdminOrder {
  if ("withoutAmounts" in order) throw data(neededFor("money.read"), { status: 403 });
  return order;
}

/** The words of a 403 that names the role a staff member lacks (neededFor), as opposed to a customer's. */
const ROLE_REFUSALS = new Set((Object.keys(PERMISSIONS) as Permission[]).map(neededFor));

/**
 * The admin panel layout's loader (web/routes/admin/admin-layout.tsx): the gate, the new
 * orders waiting for a reply, for the Orders badge, and the money at a glance for those
 * who read money (the test-mode banner and the dashboard's money card), read once per
 * page here rather than by each page (read with `useAdminFrame`).
 */
export async function loadAdminFrame(context: LoadContext) {
  const admin = requireAdminPage(context);
  // The badge is for those who read orders; the catalogue's members have none to answer.
  const [waiting, money] = await Promise.all([
    allows(admin.roles, "orders.read") ? context.orderDesk.list({ status: "new", limit: 1 }) : null,
    allows(admin.roles, "money.read") ? context.paymentDesk.atAGlance() : null,
  ]);
  return { admin, newOrders: waiting?.total ?? 0, money };
}

/**
 * A refusal of the server's (a 4xx it explains) as data for the page; a session that
 * ended meanwhile goes where the gate sends it; anything else is a fault. A staff member
 * refused for want of a role sees the words on the form; anyone else refused (a customer)
 * goes home.
 */
export function readRefusal(error: unknown) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  if (refusal.status === 401) throw redirect("/admin/login");
  if (refusal.status === 403 && !ROLE_REFUSALS.has(refusal.message)) throw redirect("/");
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

/** `back`: where the form goes back to once saved, as it was posted. */
export type SavedForm = FormAnswer<{ back?: string }>;

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
    return actionAnswer<SavedForm>({ result: submission.reply({ hideFields: picturesOf(formData) }), back }, 400);
  }
  try {
    await save(body(formData));
  } catch (error) {
    const refusal = readRefusal(error);
    const fieldErrors: Record<string, string[]> = {};
    // "images.2" is a message about the images field.
    for (const [path, message] of Object.entries(refusal.errors ?? {})) fieldErrors[path.split(".")[0]!] ??= [message];
    const result = submission.reply({ formErrors: [refusal.message], fieldErrors, hideFields: picturesOf(formData) });
    return actionAnswer<SavedForm>({ result, back }, refusal.status);
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
