/**
 * /admin/staff: the shop's staff, for the Owner only (docs/product.md, Staff and roles).
 * The loader lists the members; the action takes each of the page's forms, told apart by
 * their `intent` (invite, change roles, set the WhatsApp number, suspend, reactivate, send
 * the invitation again, remove), writes through `context.staff` and comes back here saying so. The server
 * refuses what the rules forbid (the last owner cannot go) and the page shows its words.
 */
import { z } from "zod";
import { displayPhone } from "../../../domain/accounts/phone";
import { isUuidText } from "../../../domain/ids.schema";
import { INVITATION_DAYS, StaffInviteSchema } from "../../../domain/staff/staff.schema";
import { ROLE_LABELS } from "../../../domain/staff/permissions";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { InviteForm, MemberRow, type StaffIntent } from "../../components/admin/staff-members";
import { readRefusal, requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import type { Flash } from "../../lib/flash";
import { redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/staff";

export const STAFF_PAGE = "/admin/staff";

export const meta: Route.MetaFunction = () => [{ title: "Staff" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "staff.manage");
  const [staff, unread] = await Promise.all([context.staff.list(), context.admin.countUnreadMessages()]);
  return { staff, unread, you: viewer._id };
}

const MEMBER_INTENTS = ["roles", "whatsapp", "suspend", "reactivate", "reinvite", "remove"] as const;
const MemberFormSchema = z.object({ intent: z.enum(MEMBER_INTENTS), id: z.string().refine(isUuidText) });

const rolesText = (roles: readonly string[]) =>
  roles.map((role) => ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role).join(", ");

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "staff.manage");
  const formData = await request.clone().formData();
  const intent = String(formData.get("intent") ?? "") as StaffIntent;
  if (intent === "invite") {
    return saveAdminForm({
      request,
      schema: StaffInviteSchema,
      shape: { lists: ["roles"] },
      save: (body) => context.staff.invite(body),
      then: (sent) => ({
        to: STAFF_PAGE,
        flash: { kind: "success", message: `Invitation sent to ${String(sent.get("email")).trim()}.` },
      }),
    });
  }
  const parsed = MemberFormSchema.safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) return redirectWithFlash(STAFF_PAGE, { kind: "error", message: "Choose a member of staff." });
  const { id } = parsed.data;
  let flash: Flash;
  try {
    flash = { kind: "success", message: await write(context, parsed.data.intent, id, formData) };
  } catch (error) {
    flash = { kind: "error", message: readRefusal(error).message };
  }
  return redirectWithFlash(STAFF_PAGE, flash);
}

/** One member's change, and what the page then says. */
async function write(
  context: Route.ActionArgs["context"],
  intent: (typeof MEMBER_INTENTS)[number],
  id: string,
  formData: FormData,
): Promise<string> {
  const staff = context.staff;
  switch (intent) {
    case "roles": {
      const roles = formData.getAll("roles").filter((role) => typeof role === "string");
      const member = await staff.change(id, { roles });
      return `${member.name} is now ${rolesText(member.roles)}.`;
    }
    case "whatsapp": {
      const member = await staff.change(id, { whatsappNumber: String(formData.get("whatsappNumber") ?? "").trim() });
      return member.whatsappNumber
        ? `${member.name}'s WhatsApp number is ${displayPhone(member.whatsappNumber)}.`
        : `${member.name} has no WhatsApp number: their orders' customers write to the shop's.`;
    }
    case "suspend":
      return `${(await staff.change(id, { status: "suspended" })).name} is suspended and signed out.`;
    case "reactivate":
      return `${(await staff.change(id, { status: "active" })).name} is active again.`;
    case "reinvite":
      return `A new invitation was sent to ${(await staff.reinvite(id)).email}.`;
    case "remove":
      return staff.remove(id);
  }
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, unread, you } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="staff" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Staff</h1>
        <p className="mt-2 text-stone">
          Who works in the admin, and what each may do. A member may hold several roles.
        </p>

        <section aria-labelledby="staff-count" className="mt-6 rounded-3xl border border-line bg-white">
          <h2 id="staff-count" className="border-b border-line px-5 py-3 text-sm text-stone">
            {staff.length} {staff.length === 1 ? "member" : "members"}
          </h2>
          <ul>
            {staff.map((member) => (
              <MemberRow key={member._id} member={member} isYou={member._id === you} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="invite-title" className="mt-8 rounded-3xl border border-line bg-white p-5 sm:p-8">
          <h2 id="invite-title" className="font-serif text-xl">
            Invite a member
          </h2>
          <p className="mt-1 text-sm text-stone">
            {`They get an e-mail with a link to choose their password; it works once, for ${INVITATION_DAYS} days.`}
          </p>
          <div className="mt-5">
            {/* Keyed by the list, so the form starts blank again once someone is invited. */}
            <InviteForm key={staff.map((member) => member._id).join()} lastResult={actionData?.result} />
          </div>
        </section>
      </div>
    </div>
  );
}
