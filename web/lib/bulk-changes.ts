/**
 * The changes the Manage Products bulk bar offers (docs/product.md, Catalogue tools), as
 * the bar's fields name them, and what each becomes in the bulk body the server takes
 * (domain/catalog/bulk-change.schema.ts). The bar's fields travel in the list's URL for
 * the preview (a GET, so it reloads and works without scripts) and in the Apply form.
 */
import type { BulkChangeLine } from "../../domain/catalog/bulk-change.schema";
import { ROUNDING_STEPS, type RoundingStep } from "../../domain/catalog/bulk-rounding";
import { formatNaira } from "../../domain/money";

/**
 * The bar's field names: which products, which change, by how much, rounded to which
 * figure (a percentage's prices), to which collection.
 */
export const BULK_PARAMS = {
  ids: "ids",
  scope: "scope",
  change: "change",
  by: "by",
  round: "round",
  to: "to",
} as const;

/** `scope=all`: every product the list's filters match, not the ticked ones. */
export const ALL_MATCHING = "all";

/** What the change needs typed: a percentage, a naira amount, a collection, or nothing. */
export type BulkInput = "percent" | "amount" | "promoPercent" | "collection" | null;

export interface BulkChangeKind {
  key: string;
  label: string;
  group: string;
  input: BulkInput;
  /** The flash once done, for `n` products. */
  done(count: string, target: string): string;
}

const products = (n: number) => (n === 1 ? "1 product" : `${n} products`);

export const BULK_CHANGES: readonly BulkChangeKind[] = [
  {
    key: "raise-percent",
    group: "Prices",
    label: "Raise prices by %",
    input: "percent",
    done: (n) => `Prices changed for ${n}.`,
  },
  {
    key: "lower-percent",
    group: "Prices",
    label: "Lower prices by %",
    input: "percent",
    done: (n) => `Prices changed for ${n}.`,
  },
  {
    key: "raise-amount",
    group: "Prices",
    label: "Raise prices by ₦",
    input: "amount",
    done: (n) => `Prices changed for ${n}.`,
  },
  {
    key: "lower-amount",
    group: "Prices",
    label: "Lower prices by ₦",
    input: "amount",
    done: (n) => `Prices changed for ${n}.`,
  },
  {
    key: "promo",
    group: "Promotion",
    label: "Start a promotion (% off)",
    input: "promoPercent",
    done: (n) => `Promotion started for ${n}.`,
  },
  {
    key: "end-promo",
    group: "Promotion",
    label: "End promotions",
    input: null,
    done: (n) => `Promotion ended for ${n}.`,
  },
  { key: "sold", group: "Sold", label: "Mark sold", input: null, done: (n) => `${n} marked sold.` },
  { key: "available", group: "Sold", label: "Mark available", input: null, done: (n) => `${n} marked available.` },
  {
    key: "collection",
    group: "Collection",
    label: "Move to a collection",
    input: "collection",
    done: (n, to) => `${n} moved to ${to}.`,
  },
  { key: "publish", group: "Shop", label: "Publish", input: null, done: (n) => `${n} published.` },
  { key: "unpublish", group: "Shop", label: "Move to drafts", input: null, done: (n) => `${n} moved to drafts.` },
  { key: "delete", group: "Shop", label: "Delete", input: null, done: (n) => `${n} deleted.` },
];

export const bulkChangeOf = (key: string | null | undefined) => BULK_CHANGES.find((change) => change.key === key);

/** "Prices changed for 12 products." */
export function bulkDoneMessage(kind: BulkChangeKind, count: number, collectionName: string) {
  const message = kind.done(products(count), collectionName);
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** What the loader hands the page for a preview: the change asked for, and what it would do. */
export interface BulkPreview {
  /** The bar's fields as asked, for the Apply form to send again. */
  fields: { ids: string[]; scope: string; change: string; by: string; round: string; to: string };
  /** "Raise prices by 10%", "Move to Lagos Living (collection)". */
  title: string;
  action: string;
  changes: BulkChangeLine[];
  /** The server's refusal, when the change cannot be made as asked. */
  refused: string | null;
}

/** The rounding step the bar's `round` field asks for: ₦100 unless it names another offered. */
export const roundingStepOf = (round: string): RoundingStep =>
  ROUNDING_STEPS.find((step) => String(step) === round.replace(/[,\s₦]/g, "")) ?? ROUNDING_STEPS[0];

/** "the nearest ₦1,000", for the bar's choices and the preview's title. */
export const roundingLabel = (step: RoundingStep) => `the nearest ${formatNaira(step).replace(/\.00$/, "")}`;

/** How many rows of a preview are listed; the rest are counted. */
export const PREVIEW_ROWS = 50;
