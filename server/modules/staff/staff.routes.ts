/**
 * The staff, for the Owner, and each member's own record: inside the staff scope, every
 * call through the staff's door (staff.actions.ts). The invitation's own routes, for the person invited, are outside it.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { SignedInSchema } from "../../../domain/accounts/account-answers.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import {
  InvitationAcceptSchema,
  InvitationParamsSchema,
  InvitationSchema,
  StaffChangeSchema,
  StaffInviteSchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffWhatsappSchema,
  STAFF_MESSAGES,
} from "../../../domain/staff/staff.schema";
import { refuse } from "../../../domain/refusal";
import type { createAccountActions } from "../accounts/account.actions";
import type { createStaffActions } from "./staff.actions";

export const INVITATION_ACCEPTED = "Welcome! Your password is set and you are signed in.";

export async function staffRoutes(app: FastifyInstance, { staff }: { staff: ReturnType<typeof createStaffActions> }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "staff.manage" } as const;

  api.get(
    "/staff",
    { config, schema: { summary: "List the staff", response: { 200: StaffListSchema, ...refusals(401, 403) } } },
    async (request) => ({ staff: await staff(request).list() }),
  );

  api.post(
    "/staff",
    {
      config,
      schema: {
        summary: "Invite a member of staff",
        body: StaffInviteSchema,
        response: { 201: StaffMemberSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await staff(request).invite(request.body)),
  );

  api.post(
    "/staff/:id/invitation",
    {
      config,
      schema: {
        summary: "Send a staff invitation again",
        params: IdParamsSchema,
        response: { 200: StaffMemberSchema, ...refusals(401, 403, 404, 409) },
      },
    },
    async (request) => staff(request).reinvite(request.params.id),
  );

  api.put(
    "/staff/:id",
    {
      config,
      schema: {
        summary: "Change a member's roles, status or WhatsApp number",
        params: IdParamsSchema,
        body: StaffChangeSchema,
        response: { 200: StaffMemberSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => staff(request).change(request.params.id, request.body),
  );

  api.delete(
    "/staff/:id",
    {
      config,
      schema: {
        summary: "Remove a member of staff",
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...refusals(401, 403, 404, 409) },
      },
    },
    async (request) => ({ message: await staff(request).remove(request.params.id) }),
  );

  // Each member's own record, whatever their roles.
  const own = { access: "profile.own" } as const;

  api.get(
    "/staff/me",
    {
      config: own,
      schema: { summary: "Get my staff record", response: { 200: StaffMemberSchema, ...refusals(401, 403) } },
    },
    async (request) => staff(request).mine(),
  );

  api.put(
    "/staff/me/whatsapp",
    {
      config: own,
      schema: {
        summary: "Set my WhatsApp number",
        body: StaffWhatsappSchema,
        response: { 200: StaffMemberSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => staff(request).setMyWhatsapp(request.body),
  );
}

/** The invitation's routes, for the person invited: reading it, and choosing a password. */
export async function staffInvitationRoutes(
  app: FastifyInstance,
  { accounts }: { accounts: ReturnType<typeof createAccountActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/staff/invitations/:token",
    {
      schema: {
        summary: "Get a staff invitation",
        params: InvitationParamsSchema,
        response: { 200: InvitationSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const invitation = await accounts(request, reply).readStaffInvitation(request.params.token);
      if (!invitation) throw refuse("missing", STAFF_MESSAGES.invitationGone);
      return invitation;
    },
  );

  api.post(
    "/staff/invitations/:token",
    {
      schema: {
        summary: "Accept a staff invitation",
        params: InvitationParamsSchema,
        body: InvitationAcceptSchema,
        response: { 200: SignedInSchema, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      const user = await accounts(request, reply).acceptStaffInvitation(request.params.token, request.body);
      return { message: INVITATION_ACCEPTED, user };
    },
  );
}
