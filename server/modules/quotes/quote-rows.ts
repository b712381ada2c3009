/**
 * Reading an order's quotes (docs/product.md, Quotes): the customer reads and answers the
 * latest version sent; what the order owes, and what the invoice and the workshop sheet
 * print, is the latest approved version, else the latest sent.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import { quoteSums } from "../../../domain/quotes/quote-money";
import type { Database } from "../../db/client";
import { productImages, products } from "../../db/schema/catalog";
import { orderQuotePictures, orderQuotes } from "../../db/schema/quotes";

export type QuoteRow = typeof orderQuotes.$inferSelect;

/** The sums a stored version stands for: its subtotal, and the total and deposit it froze. */
export function quoteSumsOfRow(quote: QuoteRow) {
  const { subtotalKobo } = quoteSums(quote.lines, quote.fees, quote.discountKobo, quote.depositPercent);
  return { subtotalKobo, totalKobo: quote.totalKobo, depositDueKobo: quote.depositDueKobo };
}

/** The latest version sent among an order's versions: the one the customer answers. */
export function latestOf(versions: readonly QuoteRow[]): QuoteRow | null {
  return versions.reduce<QuoteRow | null>(
    (last, version) => (!last || version.version > last.version ? version : last),
    null,
  );
}

/**
 * The version the order stands on among its versions: the latest the customer approved,
 * else the latest sent. While a newer version waits for its approval, the one approved
 * before it still holds.
 */
export function currentOf(versions: readonly QuoteRow[]): QuoteRow | null {
  return latestOf(versions.filter((version) => version.approvedAt !== null)) ?? latestOf(versions);
}

/** Every version of these orders' quotes, oldest first. */
export async function readQuoteVersions(db: Database, orderIds: readonly string[]): Promise<QuoteRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderQuotes)
    .where(inArray(orderQuotes.orderId, [...orderIds]))
    .orderBy(asc(orderQuotes.orderId), asc(orderQuotes.version));
}

/** Each order's current quote, by the order's id (orders without a quote are left out). */
export async function readCurrentQuotes(db: Database, orderIds: readonly string[]): Promise<Map<string, QuoteRow>> {
  const current = new Map<string, QuoteRow>();
  const versions = await readQuoteVersions(db, orderIds);
  for (const orderId of new Set(versions.map((version) => version.orderId))) {
    const found = currentOf(versions.filter((version) => version.orderId === orderId));
    if (found) current.set(orderId, found);
  }
  return current;
}

/** One order's current quote, or null. */
export async function readCurrentQuote(db: Database, orderId: string): Promise<QuoteRow | null> {
  return (await readCurrentQuotes(db, [orderId])).get(orderId) ?? null;
}

/** The pictures of these versions, by the version's id, in order. */
export async function readQuotePictures(db: Database, quoteIds: readonly string[]): Promise<Map<string, string[]>> {
  const pictures = new Map<string, string[]>();
  if (quoteIds.length === 0) return pictures;
  const rows = await db
    .select()
    .from(orderQuotePictures)
    .where(inArray(orderQuotePictures.quoteId, [...quoteIds]))
    .orderBy(asc(orderQuotePictures.quoteId), asc(orderQuotePictures.position));
  for (const row of rows) pictures.set(row.quoteId, [...(pictures.get(row.quoteId) ?? []), row.mediaId]);
  return pictures;
}

/** The latest version's number of an order, 0 before any. */
export async function lastVersion(db: Database, orderId: string): Promise<number> {
  const [last] = await db
    .select({ version: orderQuotes.version })
    .from(orderQuotes)
    .where(eq(orderQuotes.orderId, orderId))
    .orderBy(desc(orderQuotes.version))
    .limit(1);
  return last?.version ?? 0;
}

/**
 * What a quote line takes from its order line's product: whether it is imported, and its
 * first picture. Products since removed are absent.
 */
export async function readLineProducts(db: Database, productIds: readonly string[]) {
  const [found, pictures] = productIds.length
    ? await Promise.all([
        db
          .select({ id: products.id, kind: products.availabilityKind })
          .from(products)
          .where(inArray(products.id, [...productIds])),
        db
          .select({ productId: productImages.productId, mediaId: productImages.mediaId })
          .from(productImages)
          .where(inArray(productImages.productId, [...productIds]))
          .orderBy(productImages.productId, productImages.position),
      ])
    : [[], []];
  return {
    imported: (productId: string) => found.find((row) => row.id === productId)?.kind === "imported",
    picture: (productId: string) => pictures.find((picture) => picture.productId === productId)?.mediaId ?? null,
  };
}
