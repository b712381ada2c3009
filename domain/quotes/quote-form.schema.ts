/**
 * The owner's "Send quote" form on the order page (docs/product.md, Quotes), read into
 * the API's body (QuoteInputSchema), which the server reads again. In the form a blank
 * field means none: an added line left empty is no line, a fee row left empty no fee, no
 * deposit share of the owner's (the terms', or the whole for an imported piece), and a
 * line's quantity left blank is one.
 */
import { z } from "zod";
import { nairaPrice, optionalText } from "../catalog/input-fields";
import { DateSchema } from "../dates.schema";
import { FeeSchema, ORDER_MESSAGES } from "../orders/orders.schema";
import { QuantitySchema } from "../shopping-lists.schema";
import { QUOTE_MESSAGES, type QuoteInputBody } from "./quotes.schema";

const naira = nairaPrice({ invalid: QUOTE_MESSAGES.amount });

const LineRowSchema = z.object({
  lineId: z.string().max(64).optional(),
  name: optionalText({ max: 120, label: "A line's name" }),
  quantity: QuantitySchema.optional(),
  unitPrice: naira.optional(),
  finish: optionalText({ max: 120, label: "The finish" }),
  dimensions: optionalText({ max: 120, label: "The dimensions" }),
  imported: z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value !== false)),
});

const FeeRowSchema = z.object({ label: FeeSchema.shape.label.optional(), amount: naira.optional() });

export const SendQuoteFormSchema = z.object({
  lines: z
    .array(LineRowSchema)
    .default([])
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        const blank = !row.lineId && !row.name && row.unitPrice === undefined && row.quantity === undefined;
        if (blank) return;
        if (!row.lineId && !row.name)
          ctx.addIssue({ code: "custom", path: [index, "name"], message: QUOTE_MESSAGES.lineName });
        if (row.unitPrice === undefined)
          ctx.addIssue({ code: "custom", path: [index, "unitPrice"], message: QUOTE_MESSAGES.amount });
      });
    })
    .transform((rows) =>
      rows.flatMap((row) =>
        row.unitPrice !== undefined && (row.lineId || row.name)
          ? [
              {
                ...(row.lineId ? { lineId: row.lineId } : {}),
                name: row.name,
                quantity: row.quantity ?? 1,
                unitPrice: row.unitPrice,
                finish: row.finish,
                dimensions: row.dimensions,
                ...(row.lineId ? {} : { imported: row.imported ?? false }),
                ...(row.lineId && row.imported ? { imported: true } : {}),
              },
            ]
          : [],
      ),
    )
    .refine((lines) => lines.length > 0, { error: QUOTE_MESSAGES.lines }),
  fees: z
    .array(FeeRowSchema)
    .default([])
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (row.label === undefined && row.amount !== undefined)
          ctx.addIssue({ code: "custom", path: [index, "label"], message: ORDER_MESSAGES.feeLabel });
        if (row.label !== undefined && row.amount === undefined)
          ctx.addIssue({ code: "custom", path: [index, "amount"], message: ORDER_MESSAGES.amount });
      });
    })
    .transform((rows) =>
      rows.flatMap((row) =>
        row.label !== undefined && row.amount !== undefined ? [{ label: row.label, amount: row.amount }] : [],
      ),
    ),
  discount: naira.optional().transform((value) => value ?? 0),
  depositPercent: z
    .number({ error: QUOTE_MESSAGES.depositPercent })
    .int({ error: QUOTE_MESSAGES.depositPercent })
    .min(0, { error: QUOTE_MESSAGES.depositPercent })
    .max(100, { error: QUOTE_MESSAGES.depositPercent })
    .optional(),
  validUntil: DateSchema,
  leadTimeWeeks: z
    .number({ error: QUOTE_MESSAGES.leadTime })
    .int({ error: QUOTE_MESSAGES.leadTime })
    .min(1, { error: QUOTE_MESSAGES.leadTime })
    .max(104, { error: QUOTE_MESSAGES.leadTime })
    .optional(),
  note: z.string().max(20_000, { error: QUOTE_MESSAGES.note }).optional(),
  /** New pictures as data strings, kept ones by their /media/ address. */
  pictures: z.array(z.string()).max(6, { error: QUOTE_MESSAGES.tooManyPictures }).default([]),
});

export type SendQuoteForm = z.output<typeof SendQuoteFormSchema>;

/** The form's values as the API's body. */
export function quoteBodyOf(form: SendQuoteForm): QuoteInputBody {
  return {
    lines: form.lines,
    fees: form.fees,
    discount: form.discount,
    depositPercent: form.depositPercent ?? null,
    validUntil: form.validUntil,
    note: form.note ?? null,
    pictures: form.pictures,
    leadTimeWeeks: form.leadTimeWeeks ?? null,
  };
}
