/**
 * The staff's payment forms as the pages post them, built from the shared schemas in
 * domain/payments (the doors check the same again): the payment settings, and the order
 * desk's requests, transfers and held payments. Each order-desk form names its `intent`
 * and the request or transfer it acts on.
 */
import { z } from "zod";
import {
  HeldNoteSchema,
  PartRequestSchema,
  PaymentSettingsUpdateSchema,
  PROVIDER_MODES,
  RejectTransferSchema,
} from "../../../domain/payments/payments.schema";
import { StatusFormSchema } from "../../../domain/orders/order-desk-forms.schema";
import { OrderUpdateSchema } from "../../../domain/orders/orders.schema";

/** A provider in the form: not used, or used in test or live mode. */
export const PROVIDER_CHOICES = ["off", ...PROVIDER_MODES] as const;
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

/** The fields that hold a provider's secret: never sent back into the page. */
export const SECRET_FIELDS = ["paystack.secretKey", "flutterwave.secretKey", "flutterwave.secretHash"] as const;

const text = z.string().optional();
const choice = z.enum(PROVIDER_CHOICES, { error: "Choose not used, test or live." });

/** Each issue of the shared schema on the same field of the form. */
function passOn(issues: readonly z.core.$ZodIssue[], ctx: z.RefinementCtx) {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z.NEVER;
}

/**
 * The settings form, read into the settings' update: the bank account left wholly blank is
 * none; a provider set to "off" is removed with its keys; a provider whose fields were not
 * sent stays as it is; a secret left empty keeps the one saved.
 */
export const PaymentSettingsFormSchema = z
  .object({
    bank: z.object({ bankName: text, accountName: text, accountNumber: text }).optional(),
    paystack: z.object({ mode: choice, publicKey: text, secretKey: text }).optional(),
    flutterwave: z.object({ mode: choice, secretKey: text, secretHash: text }).optional(),
  })
  .transform(({ bank, paystack, flutterwave }, ctx) => {
    const hasBank = bank && Object.values(bank).some((value) => value?.trim());
    const parsed = PaymentSettingsUpdateSchema.safeParse({
      // A blank field arrives as nothing: each is then checked with its own message.
      bank: hasBank
        ? {
            bankName: bank.bankName ?? "",
            accountName: bank.accountName ?? "",
            accountNumber: bank.accountNumber ?? "",
          }
        : null,
      paystack: paystack?.mode === "off" ? null : paystack,
      flutterwave: flutterwave?.mode === "off" ? null : flutterwave,
    });
    return parsed.success ? parsed.data : passOn(parsed.error.issues, ctx);
  });

/** The order desk's payment forms, by the `intent` each posts. */
export const PAYMENT_DESK_INTENTS = [
  "part-request",
  "cancel-request",
  "confirm-transfer",
  "reject-transfer",
  "release-held",
  "refund-note",
] as const;
export type PaymentDeskIntent = (typeof PAYMENT_DESK_INTENTS)[number];

const id = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200);
const TransferIdSchema = z.object({ transferId: id("Choose the transfer.") });
const HeldIdSchema = z.object({ requestId: id("Choose the held payment.") });

export const PaymentDeskForms = {
  "part-request": PartRequestSchema,
  "cancel-request": z.object({ reference: id("Choose the request to cancel.") }),
  "confirm-transfer": TransferIdSchema,
  "reject-transfer": TransferIdSchema.extend(RejectTransferSchema.shape),
  "release-held": HeldIdSchema,
  "refund-note": HeldIdSchema.extend(HeldNoteSchema.shape),
} satisfies Record<PaymentDeskIntent, z.ZodType>;

/**
 * The status form with what moving on with a balance owed needs: delivering asks the
 * owner to confirm it; closing asks how much is written off and why. Each is sent only
 * with the status it belongs to.
 */
export const StatusMoveFormSchema = StatusFormSchema.extend({
  confirmBalance: z.literal("on").optional(),
  writeOff: z
    .object({
      amount: z.string().optional(),
      note: z.string().optional(),
    })
    .optional(),
}).transform(({ status, confirmBalance, writeOff }, ctx) => {
  if (status === "delivered") return { status, ...(confirmBalance ? { confirmBalance: true as const } : {}) };
  if (status !== "closed" || (!writeOff?.amount && !writeOff?.note)) return { status };
  const parsed = OrderUpdateSchema.shape.writeOff.unwrap().safeParse({
    amount: writeOff.amount ?? "",
    note: writeOff.note ?? "",
  });
  if (parsed.success) return { status, writeOff: parsed.data };
  return passOn(
    parsed.error.issues.map((issue) => ({ ...issue, path: ["writeOff", ...issue.path] })),
    ctx,
  );
});
