/**
 * Quotes as the API takes and answers them (docs/product.md, Quotes), amounts in naira.
 * The server works out every total and deposit from the lines, fees and discount sent;
 * nothing a client adds up is taken.
 */
import { z } from "zod";
import { imageList, nairaPrice, optionalText, requiredText } from "../catalog/input-fields";
import { DateSchema } from "../dates.schema";
import { FeeSchema } from "../orders/orders.schema";
import { QuantitySchema } from "../shopping-lists.schema";
import { refuseControlCharacters } from "../typed-text.schema";

export const QUOTE_MESSAGES = {
  lines: "Give the quote at least one line, each with its quantity and unit price.",
  lineName: "Name each added line, such as Extra cushions.",
  unknownLine: "A line to quote is not on this order.",
  amount: "Enter an amount in naira, such as 250000.",
  depositPercent: "The deposit is a whole percentage from 0 to 100.",
  validUntil: "Enter the last day the quote may be approved, such as 12 Jan 2027.",
  pastValidity: "The quote must stay valid until today at least.",
  leadTime: "Lead time is a whole number of weeks, from 1 to 104.",
  note: "The spec note must be at most 20,000 characters.",
  picture: "Failed to read a picture of the quote.",
  tooManyPictures: "Add at most 6 pictures to a quote.",
  noQuote: "This order has no quote yet.",
  changed: "This quote has changed: please read the new one.",
  alreadyApproved: "This quote is already approved.",
  ownerAfterDeposit: "A deposit has been paid on this order: only the Owner may send a new version of its quote.",
  finished: "This order is finished: it can no longer be quoted.",
  name: "Type your name to approve the quote.",
  message: "Say what you would like changed.",
  version: "Say which version of the quote you approve.",
} as const;

/** "This quote expired on 1 Dec 2026; ask the shop for a new one." */
/** How many days a quote stands unless the owner says otherwise: the builder's first "valid until", and the quick quote's. */
export const QUOTE_VALID_DAYS = 14;

export const expiredMessage = (day: string) => `This quote expired on ${day}; ask the shop for a new one.`;

const naira = nairaPrice({ invalid: QUOTE_MESSAGES.amount });

export const QuoteLineInputSchema = z.object({
  /** The order line it prices; left out for a line the owner adds. */
  lineId: z.string({ error: QUOTE_MESSAGES.unknownLine }).max(64).nullish(),
  name: optionalText({ max: 120, label: "A line's name" }),
  quantity: QuantitySchema,
  unitPrice: naira,
  finish: optionalText({ max: 120, label: "The finish" }),
  dimensions: optionalText({ max: 120, label: "The dimensions" }),
  /** An imported piece; left out, an order line's product says, and an added line is not. */
  imported: z.boolean().nullish(),
});

/** POST /api/admin/operations/orders/:id/quotes */
export const QuoteInputSchema = z.object({
  lines: z
    .array(QuoteLineInputSchema, { error: QUOTE_MESSAGES.lines })
    .min(1, { error: QUOTE_MESSAGES.lines })
    .max(200, { error: "A quote holds at most 200 lines." }),
  fees: z
    .array(FeeSchema, { error: "Fees must be a list of { label, amount }." })
    .max(10, { error: "Add at most 10 fees." })
    .default([]),
  discount: naira.default(0),
  /** Left out: the order terms' share, or the whole amount when a line is imported. */
  depositPercent: z
    .number({ error: QUOTE_MESSAGES.depositPercent })
    .int({ error: QUOTE_MESSAGES.depositPercent })
    .min(0, { error: QUOTE_MESSAGES.depositPercent })
    .max(100, { error: QUOTE_MESSAGES.depositPercent })
    .nullish(),
  validUntil: DateSchema,
  /** The spec note, as rich text (sanitised when saved). */
  note: refuseControlCharacters(z.string({ error: "The spec note must be text." }), "The spec note", "many")
    .max(20_000, { error: QUOTE_MESSAGES.note })
    .nullish(),
  pictures: imageList({ unreadable: QUOTE_MESSAGES.picture }).refine((list) => list.length <= 6, {
    error: QUOTE_MESSAGES.tooManyPictures,
  }),
  leadTimeWeeks: z
    .number({ error: QUOTE_MESSAGES.leadTime })
    .int({ error: QUOTE_MESSAGES.leadTime })
    .min(1, { error: QUOTE_MESSAGES.leadTime })
    .max(104, { error: QUOTE_MESSAGES.leadTime })
    .nullish(),
});
export type QuoteInput = z.output<typeof QuoteInputSchema>;
export type QuoteInputBody = z.input<typeof QuoteInputSchema>;

/** PATCH /api/admin/operations/orders/:id/quote: a later day extends it; today or before ends it now. */
export const QuoteValiditySchema = z.object({ validUntil: DateSchema }).strict();
export type QuoteValidityInput = z.input<typeof QuoteValiditySchema>;

/** POST /api/orders/track/:token/approve */
export const QuoteApprovalSchema = z.object({
  version: z.coerce
    .number({ error: QUOTE_MESSAGES.version })
    .int({ error: QUOTE_MESSAGES.version })
    .min(1, { error: QUOTE_MESSAGES.version }),
  name: requiredText(QUOTE_MESSAGES.name, { max: 80, label: "Your name" }),
});
export type QuoteApprovalInput = z.input<typeof QuoteApprovalSchema>;

/** POST /api/orders/track/:token/changes */
export const QuoteChangesSchema = z.object({
  message: refuseControlCharacters(z.string({ error: QUOTE_MESSAGES.message }).trim(), "The message", "many")
    .min(1, { error: QUOTE_MESSAGES.message })
    .max(2000, { error: "The message must be at most 2000 characters." }),
});
export type QuoteChangesInput = z.input<typeof QuoteChangesSchema>;

export const QuoteLineSchema = z.object({
  lineId: z.string().nullable(),
  name: z.string(),
  finish: z.string().nullable(),
  dimensions: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  imported: z.boolean(),
  /** The catalogue picture beside the line (a /media/ address), or null. */
  picture: z.string().nullable(),
});

/** One version of a quote, as the customer reads it. */
export const QuoteViewSchema = z.object({
  version: z.number(),
  lines: z.array(QuoteLineSchema),
  fees: z.array(z.object({ label: z.string(), amount: z.number() })),
  discount: z.number(),
  subtotal: z.number(),
  total: z.number(),
  depositPercent: z.number(),
  depositDue: z.number(),
  /** The last day it may be approved, "2026-12-01". */
  validUntil: z.string(),
  /** Whether today is past `validUntil` (Lagos days). */
  expired: z.boolean(),
  /** Sanitised HTML, or null. */
  note: z.string().nullable(),
  /** The quote's own pictures (fabric, drawing), as /media/ addresses. */
  pictures: z.array(z.string()),
  leadTimeWeeks: z.number().nullable(),
  /** "2027-01-20": the approval day (else today) plus the lead time, or null without one. */
  readyBy: z.string().nullable(),
  sentAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
});

/** A version in the owner's history, with what changed from the one before it. */
export const QuoteVersionSchema = QuoteViewSchema.extend({
  sentBy: z.string().nullable(),
  depositPercentSet: z.boolean(),
  changes: z.array(z.string()),
});

/** GET /api/admin/operations/orders/:id/workshop-sheet: what the workshop makes, without a price. */
export const WorkshopSheetSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  /** The version printed: the latest approved, else the latest sent; null before any quote. */
  version: z.number().nullable(),
  approved: z.boolean(),
  /** The name the customer typed when approving the version printed, or null. */
  approvedBy: z.string().nullable(),
  /** A newer version sent after the approved one and still waiting for the customer's approval, or null. */
  waitingVersion: z.number().nullable(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      finish: z.string().nullable(),
      dimensions: z.string().nullable(),
      picture: z.string().nullable(),
    }),
  ),
  note: z.string().nullable(),
  pictures: z.array(z.string()),
  /** The day it is due ready: the order's expected ready date, else the quote's ready-by day. */
  dueDate: z.string().nullable(),
  customerArea: z.string().nullable(),
  customerName: z.string().nullable(),
});

export type QuoteView = z.output<typeof QuoteViewSchema>;
export type QuoteVersion = z.output<typeof QuoteVersionSchema>;
export type WorkshopSheet = z.output<typeof WorkshopSheetSchema>;
