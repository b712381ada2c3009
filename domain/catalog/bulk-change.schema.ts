/**
 * Changing many products at once (docs/product.md, Catalogue tools): the body of POST
 * /api/admin/operations/products/bulk and of the Manage Products bulk bar, and what a
 * change does to one product, worked out here so that the preview and the write agree.
 *
 * - `price`: every price by a percentage or by a naira amount (may be negative). A
 *   percentage's result is rounded to the nearest step the owner chooses (`roundTo`: ₦100,
 *   ₦1,000 or ₦5,000; ₦100 if not said), so prices stay the round figures shops quote. A
 *   discounted price moves with it (the same percentage, or the same amount, so the saving
 *   is kept) and always stays below the price; one that would reach ₦0 ends that
 *   promotion. A price that would fall below ₦0 refuses the change.
 * - `promo`: `{ percent }` puts every product on promotion at that much off (rounded to
 *   the naira); `false` ends their promotions.
 * - `sold`, `collection` (an id, or null for none), `status` (draft or published), and
 *   `delete`.
 */
import { z } from "zod";
import { AdminProductFilterSchema } from "./admin-list-query.schema";
import { isUuidText } from "../ids.schema";
import { roundedPercentOf, ROUNDING_STEPS } from "./bulk-rounding";
import { ITEM_STATUSES, type ItemStatus } from "./item-status";
import { formatNumber } from "../numbers";

/** One change at most touches this many products: past it, narrow the filter. */
export const MAX_BULK_PRODUCTS = 10_000;

const MAX_AMOUNT_NAIRA = 100_000_000;

export const BULK_MESSAGES = {
  target: "Choose products, or a filter, to change.",
  tooMany: `A change can touch at most ${formatNumber(MAX_BULK_PRODUCTS)} products at once: narrow the filter.`,
  percent: "The percentage must be a number from -90 to 1000.",
  promoPercent: "The percentage off must be a whole number from 1 to 99.",
  amount: `The amount must be a whole number of naira, at most ₦${formatNumber(MAX_AMOUNT_NAIRA)} either way.`,
  collection: "The selected collection no longer exists.",
  belowZero: "That change would make a price fall below ₦0.",
  roundTo: "Round to the nearest ₦100, ₦1,000 or ₦5,000.",
} as const;

const percentChange = z
  .number({ error: BULK_MESSAGES.percent })
  .min(-90, { error: BULK_MESSAGES.percent })
  .max(1000, { error: BULK_MESSAGES.percent })
  .refine((value) => value !== 0, { error: BULK_MESSAGES.percent });

const amountChange = z
  .number({ error: BULK_MESSAGES.amount })
  .int({ error: BULK_MESSAGES.amount })
  .min(-MAX_AMOUNT_NAIRA, { error: BULK_MESSAGES.amount })
  .max(MAX_AMOUNT_NAIRA, { error: BULK_MESSAGES.amount })
  .refine((value) => value !== 0, { error: BULK_MESSAGES.amount });

const roundingStep = z
  .union(
    ROUNDING_STEPS.map((step) => z.literal(step)),
    { error: BULK_MESSAGES.roundTo },
  )
  .default(ROUNDING_STEPS[0]);

const promoPercent = z
  .number({ error: BULK_MESSAGES.promoPercent })
  .int({ error: BULK_MESSAGES.promoPercent })
  .min(1, { error: BULK_MESSAGES.promoPercent })
  .max(99, { error: BULK_MESSAGES.promoPercent });

const collectionId = z
  .string({ error: BULK_MESSAGES.collection })
  .refine(isUuidText, { error: BULK_MESSAGES.collection })
  .transform((id) => id.toLowerCase())
  .nullable();

export const BulkActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("price"),
      value: z.union(
        [z.strictObject({ percent: percentChange, roundTo: roundingStep }), z.strictObject({ amount: amountChange })],
        {
          error: "value must be { percent } or { amount }.",
        },
      ),
    }),
    z.object({
      action: z.literal("promo"),
      value: z.union([z.strictObject({ percent: promoPercent }), z.literal(false)], {
        error: "value must be { percent } or false.",
      }),
    }),
    z.object({ action: z.literal("sold"), value: z.boolean({ error: "value must be true or false." }) }),
    z.object({ action: z.literal("collection"), value: collectionId }),
    z.object({
      action: z.literal("status"),
      value: z.enum(ITEM_STATUSES, { error: "value must be draft or published." }),
    }),
    z.object({ action: z.literal("delete"), value: z.unknown().optional() }),
  ],
  { error: "action must be one of price, promo, sold, collection, status, delete." },
);

export type BulkAction = z.output<typeof BulkActionSchema>;

const target = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.string().refine(isUuidText, { error: "ids must be product ids." }), { error: BULK_MESSAGES.target })
        .min(1, { error: BULK_MESSAGES.target })
        .max(MAX_BULK_PRODUCTS, { error: BULK_MESSAGES.tooMany })
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    }),
    z.strictObject({ filter: AdminProductFilterSchema }),
  ],
  { error: BULK_MESSAGES.target },
);

export const BulkChangeBodySchema = z
  .object({
    ids: z.unknown().optional(),
    filter: z.unknown().optional(),
    preview: z.boolean({ error: "preview must be true or false." }).optional(),
  })
  .and(BulkActionSchema)
  .transform((body, ctx) => {
    // Everything is changed only when asked for by name: an empty filter, never a missing one.
    if (body.ids === undefined && body.filter === undefined) {
      ctx.addIssue({ code: "custom", path: ["ids"], message: BULK_MESSAGES.target });
      return z.NEVER;
    }
    if (body.ids !== undefined && body.filter !== undefined) {
      ctx.addIssue({ code: "custom", path: ["ids"], message: "Send ids or a filter, not both." });
      return z.NEVER;
    }
    const which = target.safeParse(body.ids !== undefined ? { ids: body.ids } : { filter: body.filter });
    if (!which.success) {
      for (const issue of which.error.issues) ctx.addIssue({ ...issue, code: "custom" });
      return z.NEVER;
    }
    const { ids: _ids, filter: _filter, ...rest } = body;
    return { ...rest, target: which.data, preview: body.preview ?? false };
  });

export type BulkChangeBody = z.output<typeof BulkChangeBodySchema>;

/** What a product's bulk-changeable fields are, in kobo. */
export interface BulkFields {
  priceKobo: number;
  discountedPriceKobo: number | null;
  isPromo: boolean;
  sold: boolean;
  collectionId: string | null;
  status: ItemStatus;
}

const roundToNaira = (kobo: number) => Math.round(kobo / 100) * 100;

/**
 * A product's fields after the change, or a refusal's message. Null when the product is
 * deleted. Fields the action does not touch come back as they were.
 */
export function applyBulkAction(before: BulkFields, change: BulkAction): BulkFields | null | { refused: string } {
  switch (change.action) {
    case "price": {
      const value = change.value;
      const move = (kobo: number) =>
        "percent" in value ? roundedPercentOf(kobo, value.percent, value.roundTo) : kobo + value.amount * 100;
      const priceKobo = move(before.priceKobo);
      if (priceKobo < 0) return { refused: BULK_MESSAGES.belowZero };
      if (before.discountedPriceKobo === null) return { ...before, priceKobo };
      let discounted = move(before.discountedPriceKobo);
      // Rounding may bring a small saving up to the price: keep it one step below.
      if (discounted >= priceKobo) discounted = priceKobo - ("percent" in value ? value.roundTo : 1) * 100;
      return discounted > 0
        ? { ...before, priceKobo, discountedPriceKobo: discounted }
        : { ...before, priceKobo, discountedPriceKobo: null, isPromo: false };
    }
    case "promo": {
      if (change.value === false) return { ...before, isPromo: false, discountedPriceKobo: null };
      const discounted = roundToNaira((before.priceKobo * (100 - change.value.percent)) / 100);
      // A price too small to take that much off, in whole naira, stays as it is.
      if (discounted <= 0 || discounted >= before.priceKobo) return before;
      return { ...before, isPromo: true, discountedPriceKobo: discounted };
    }
    case "sold":
      return { ...before, sold: change.value };
    case "collection":
      return { ...before, collectionId: change.value };
    case "status":
      return { ...before, status: change.value };
    case "delete":
      return null;
  }
}

export const sameBulkFields = (a: BulkFields, b: BulkFields) =>
  a.priceKobo === b.priceKobo &&
  a.discountedPriceKobo === b.discountedPriceKobo &&
  a.isPromo === b.isPromo &&
  a.sold === b.sold &&
  a.collectionId === b.collectionId &&
  a.status === b.status;

/** One product's change as the preview and the answer list it: the fields the action touches, in naira. */
export interface BulkChangeLine {
  _id: string;
  name: string;
  before: Record<string, unknown>;
  after: Record<string, unknown> | null;
}

export interface BulkChangeResult {
  changes: BulkChangeLine[];
  /** The change's id and until when it can be undone (ISO); null for a preview, a deletion or no change. */
  undo: { _id: string; until: string } | null;
}
