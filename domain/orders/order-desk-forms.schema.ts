/**
 * The owner's order page sends one form at a time (the customer's details, the quote, the
 * status, a note, a payment); each is read with one of these, built from the same pieces
 * as OrderUpdateSchema and PaymentInputSchema, which the server applies again. In a form,
 * a blank field means "none": no deposit of the owner's (the order terms' share), no date,
 * no discount, a fee row left empty.
 */
import { z } from "zod";
import { nairaPrice } from "../catalog/input-fields";
import { DateSchema } from "../dates.schema";
import { ORDER_STATUSES } from "./order-status";
import { CustomerInputSchema, FeeSchema, LineChangeSchema, ORDER_MESSAGES, OrderUpdateSchema } from "./orders.schema";

export { PaymentInputSchema as PaymentFormSchema } from "./orders.schema";

/** Every detail is sent: a blank one is cleared. */
export const CustomerFormSchema = CustomerInputSchema;

const naira = nairaPrice({ invalid: ORDER_MESSAGES.amount });

/** A fee row of the form: both blank is no fee; one without the other is refused. */
const FeeRowSchema = z.object({ label: FeeSchema.shape.label.optional(), amount: naira.optional() });

export const QuoteFormSchema = z.object({
  lines: z.array(LineChangeSchema, { error: ORDER_MESSAGES.lines }).max(200).default([]),
  fees: z
    .array(FeeRowSchema)
    .default([])
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (row.label === undefined && row.amount !== undefined) {
          ctx.addIssue({ code: "custom", path: [index, "label"], message: ORDER_MESSAGES.feeLabel });
        }
        if (row.label !== undefined && row.amount === undefined) {
          ctx.addIssue({ code: "custom", path: [index, "amount"], message: ORDER_MESSAGES.amount });
        }
      });
    })
    .transform((rows) =>
      rows.flatMap((row) =>
        row.label !== undefined && row.amount !== undefined ? [{ label: row.label, amount: row.amount }] : [],
      ),
    )
    .refine((fees) => fees.length <= 10, { error: "Add at most 10 fees." }),
  discount: naira.optional().transform((value) => value ?? 0),
  depositDue: naira.optional().transform((value) => value ?? null),
  expectedReadyDate: DateSchema.optional().transform((value) => value ?? null),
});

export const StatusFormSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Choose the order's next status." }),
});

export const NoteFormSchema = z.object({
  // A blank field arrives as nothing at all.
  note: z.string({ error: "Write the note first." }).pipe(OrderUpdateSchema.shape.note.unwrap()),
});

export const DeletePaymentFormSchema = z.object({
  paymentId: z.string({ error: "Choose the payment to remove." }).max(200),
});

/** The forms of the order page, by the `intent` each posts. */
export const ORDER_DESK_INTENTS = [
  "customer",
  "quote",
  "send-quote",
  "quote-validity",
  "status",
  "note",
  "payment",
  "delete-payment",
] as const;
export type OrderDeskIntent = (typeof ORDER_DESK_INTENTS)[number];
