/** The staff's shapes: who works in the shop, how the owner invites and changes them. */
import { z } from "zod";
import { EmailSchema, NameSchema, PasswordSchema } from "../accounts/account-fields.schema";
import { phoneNumberSchema } from "../accounts/phone.schema";
import { STAFF_ROLES, STAFF_STATUSES } from "./permissions";

export const STAFF_MESSAGES = {
  roles: "Choose at least one role.",
  role: `Roles are ${STAFF_ROLES.join(", ")}.`,
  status: "A member is active or suspended.",
  emailTaken: "An account with this email already exists.",
  missing: "There is no such member of staff.",
  lastOwner: "The shop must keep at least one active owner: make someone else an owner first.",
  invitationGone: "This invitation link is invalid, used or expired. Ask the owner for a new one.",
  nothingToChange: "Say what to change: roles, status or WhatsApp number.",
  whatsappNumber: "Enter a WhatsApp number such as 0803 123 4567 or +234 803 123 4567, or leave it blank.",
} as const;

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 7;

const RolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }), { error: STAFF_MESSAGES.roles })
  .min(1, { error: STAFF_MESSAGES.roles })
  .max(STAFF_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

export const StaffInviteSchema = z.object({
  email: EmailSchema,
  name: NameSchema("Name"),
  roles: RolesSchema,
});
export type StaffInvite = z.output<typeof StaffInviteSchema>;

/**
 * The number an order assigned to the member sends its customer's WhatsApp to, instead of
 * the shop's; blank for none. Stored in E.164, as every phone number.
 */
const WhatsappNumberSchema = z.union([
  z.literal("").transform(() => null),
  z.null(),
  phoneNumberSchema(STAFF_MESSAGES.whatsappNumber),
]);

export const StaffChangeSchema = z
  .object({
    roles: RolesSchema.optional(),
    status: z.enum(["active", "suspended"], { error: STAFF_MESSAGES.status }).optional(),
    whatsappNumber: WhatsappNumberSchema.optional(),
  })
  .strict()
  .refine(
    (change) => change.roles !== undefined || change.status !== undefined || change.whatsappNumber !== undefined,
    { error: STAFF_MESSAGES.nothingToChange },
  );
export type StaffChange = z.output<typeof StaffChangeSchema>;

/** A member's own WhatsApp number, from their profile. */
export const StaffWhatsappSchema = z.object({ whatsappNumber: WhatsappNumberSchema });

export const InvitationAcceptSchema = z.object({
  name: NameSchema("Name").optional(),
  password: PasswordSchema,
});

export const StaffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  status: z.enum(STAFF_STATUSES),
  /** E.164; where the customers of the orders assigned to them write on WhatsApp. */
  whatsappNumber: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type StaffMember = z.output<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema) });

/** What the invitation page shows before the password is chosen. */
export const InvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  shopName: z.string(),
});
export type Invitation = z.output<typeof InvitationSchema>;

export const InvitationParamsSchema = z.object({ token: z.string().max(200) });
