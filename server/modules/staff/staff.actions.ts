/**
 * The staff's door (server/door.ts): everything here is the Owner's (`staff.manage`) but
 * a member's own record and WhatsApp number (`profile.own`).
 * Each change is journaled in the staff area; an invitation's e-mail (in the outbox when
 * the shop has no SMTP server) and the end of a suspended or removed member's live
 * connections follow the commit.
 */
import type { FastifyRequest } from "fastify";
import { displayPhone } from "../../../domain/accounts/phone";
import { ROLE_LABELS } from "../../../domain/staff/permissions";
import {
  INVITATION_DAYS,
  STAFF_MESSAGES,
  StaffChangeSchema,
  StaffInviteSchema,
  StaffWhatsappSchema,
  type StaffMember,
} from "../../../domain/staff/staff.schema";
import { refuse } from "../../../domain/refusal";
import { changesBetween, journaled, staffMember, writePartsOf } from "../../door";
import type { ActionDeps } from "../../load-context";
import { requireStaff } from "../../plugins/session";
import { readBody } from "../catalog/admin-writes";
import { changeStaff, findMember, inviteStaff, listStaff, removeStaff, renewInvitation } from "./staff.service";

export const MEMBER_REMOVED = "Member removed; their sessions have ended.";

const memberView = (member: StaffMember | null) =>
  member && {
    name: member.name,
    email: member.email,
    roles: member.roles.map((role) => ROLE_LABELS[role]).join(", "),
    status: member.status,
    whatsappNumber: member.whatsappNumber && displayPhone(member.whatsappNumber),
  };

/** What a change did, as the journal names it. */
const changeAction = (before: StaffMember, after: StaffMember) =>
  after.status !== before.status
    ? `Member ${after.status}`
    : after.roles.join() !== before.roles.join()
      ? "Member's roles changed"
      : "Member's WhatsApp number changed";

export function createStaffActions(deps: Pick<ActionDeps, "app" | "db" | "cache" | "storage" | "mailer" | "shop">) {
  const { app, db, mailer, shop } = deps;
  const parts = writePartsOf(deps);

  async function sendInvitation(request: FastifyRequest, member: StaffMember, token: string, by: string) {
    const details = await shop();
    const link = `${details.publicUrl}/staff/invitation/${token}`;
    const roles = member.roles.map((role) => ROLE_LABELS[role]).join(", ");
    await mailer
      .send({
        to: { name: member.name, address: member.email },
        subject: `${by} invited you to ${details.name}`,
        text: [
          `Hello ${member.name},`,
          "",
          `${by} added you to the staff of ${details.name} as ${roles}.`,
          `Open this link within ${INVITATION_DAYS} days to choose your password and sign in:`,
          "",
          link,
          "",
          "The link works once. If you did not expect this, ignore this e-mail.",
        ].join("\n"),
      })
      .catch((error: unknown) =>
        request.log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "staff invitation e-mail failed",
        ),
      );
  }

  return (request: FastifyRequest) => {
    const owner = () => staffMember(request, "staff.manage");
    return {
      async list(): Promise<StaffMember[]> {
        await owner();
        return listStaff(db);
      },
      async get(id: string): Promise<StaffMember> {
        await owner();
        const member = await findMember(db, id);
        if (!member) throw refuse("missing", STAFF_MESSAGES.missing);
        return member;
      },
      async invite(body: unknown): Promise<StaffMember> {
        const by = await owner();
        const invite = readBody(StaffInviteSchema, body);
        const { member, token } = await journaled(
          parts,
          by,
          (p) => inviteStaff(p.db, invite),
          ({ member }) => ({
            area: "staff",
            item: member._id,
            itemLabel: member.name,
            action: "Member invited",
            changes: changesBetween(null, memberView(member)),
          }),
        );
        await sendInvitation(request, member, token, by.name);
        return member;
      },
      /** A new invitation link, e-mailed again; the older link stops working. */
      async reinvite(id: string): Promise<StaffMember> {
        const by = await owner();
        const { member, token } = await journaled(
          parts,
          by,
          (p) => renewInvitation(p.db, id),
          ({ member }) => ({
            area: "staff",
            item: member._id,
            itemLabel: member.name,
            action: "Invitation sent again",
          }),
        );
        await sendInvitation(request, member, token, by.name);
        return member;
      },
      async change(id: string, body: unknown): Promise<StaffMember> {
        const by = await owner();
        const change = readBody(StaffChangeSchema, body);
        const { after } = await journaled(
          parts,
          by,
          (p) => changeStaff(p.db, id, change),
          ({ before, after }) => ({
            area: "staff",
            item: after._id,
            itemLabel: after.name,
            action: changeAction(before, after),
            changes: changesBetween(memberView(before), memberView(after)),
          }),
        );
        // Their open pages learn at once; their next request finds no session (or their new roles).
        if (after.status === "suspended") app.realtime.signOutUser(after._id);
        return after;
      },
      async remove(id: string): Promise<string> {
        const by = await owner();
        const member = await journaled(
          parts,
          by,
          (p) => removeStaff(p.db, id),
          (member) => ({
            area: "staff",
            item: member._id,
            itemLabel: member.name,
            action: "Member removed",
            changes: changesBetween(memberView(member), null),
          }),
        );
        app.realtime.signOutUser(member._id);
        return MEMBER_REMOVED;
      },
      async mine(): Promise<StaffMember> {
        const { viewer } = await requireStaff(request, "profile.own");
        const member = await findMember(db, viewer._id);
        if (!member) throw refuse("missing", STAFF_MESSAGES.missing);
        return member;
      },
      /** Any member sets their own number: the customers of the orders assigned to them write there. */
      async setMyWhatsapp(body: unknown): Promise<StaffMember> {
        const { viewer } = await requireStaff(request, "profile.own");
        const { whatsappNumber } = readBody(StaffWhatsappSchema, body);
        const { after } = await journaled(
          parts,
          { id: viewer._id, name: viewer.username },
          (p) => changeStaff(p.db, viewer._id, { whatsappNumber }),
          ({ before, after }) => ({
            area: "staff",
            item: after._id,
            itemLabel: after.name,
            action: changeAction(before, after),
            changes: changesBetween(memberView(before), memberView(after)),
          }),
        );
        return after;
      },
    };
  };
}
