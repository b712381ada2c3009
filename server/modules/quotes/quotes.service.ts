/**
 * Quotes (docs/product.md, Quotes): the owner prices an order's lines (and any added),
 * its fees and discount; sending freezes that as version N, the next after the last.
 * The customer approves exactly one version, by its number and the name they type, while
 * it is valid; or asks for changes, which puts the order on the owner's "to revise" list.
 * An approval stays with its version for good: a new version sent after it needs its own,
 * and until then the version approved before still holds (what is owed, the invoice, the
 * workshop sheet). Every change locks the order's row, so two at once apply in turn.
 */
import { eq, inArray } from "drizzle-orm";
import { lagosToday } from "../../../domain/catalog/furniture";
import { addDays, formatDay } from "../../../domain/dates";
import { mediaUrl } from "../../../domain/media";
import { formatNaira, koboToNaira, nairaToKobo } from "../../../domain/money";
import { isFinished, quoteMovesToQuoted } from "../../../domain/orders/order-status";
import { SWATCH_MESSAGES } from "../../../domain/orders/orders.schema";
import { defaultDepositPercent, quoteSums } from "../../../domain/quotes/quote-money";
import type { QuoteLineRecord } from "../../../domain/quotes/quote-records";
import {
  expiredMessage,
  QUOTE_MESSAGES,
  type QuoteInput,
  type QuoteVersion,
  type QuoteView,
  type WorkshopSheet,
} from "../../../domain/quotes/quotes.schema";
import { refuse } from "../../../domain/refusal";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { orderQuotePictures, orderQuotes } from "../../db/schema/quotes";
import { sanitizeRichTextForSaving } from "../catalog/rich-text";
import { followMoney } from "../orders/order-desk.service";
import {
  currentOf,
  lastVersion,
  latestOf,
  readLineProducts,
  readQuotePictures,
  readQuoteVersions,
  type QuoteRow,
} from "./quote-rows";

type OrderRow = typeof orders.$inferSelect;

const ORDER_NOT_FOUND = "Order not found.";

async function lockOrder(tx: Database, id: string): Promise<OrderRow> {
  if (!isUuidText(id)) throw refuse("missing", ORDER_NOT_FOUND);
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) throw refuse("missing", ORDER_NOT_FOUND);
  return order;
}

/** Who sends a quote: their name for the timeline, and whether they are the Owner. */
export interface QuoteSender {
  name: string;
  isOwner: boolean;
}

export interface SentQuote {
  order: OrderRow;
  quote: QuoteRow;
  /** The version it replaced, if any: the journal compares them. */
  previous: QuoteRow | null;
}

/** The lines as the quote freezes them: an order line's name, option and product unless the owner says otherwise. */
async function quoteLinesOf(tx: Database, order: OrderRow, input: QuoteInput): Promise<QuoteLineRecord[]> {
  const stored = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const facts = await readLineProducts(
    tx,
    stored.filter((line) => line.itemType === "Product").map((line) => line.itemId),
  );
  return input.lines.map((line, index) => {
    const orderLine = line.lineId ? stored.find((row) => row.id === line.lineId) : undefined;
    if (line.lineId && !orderLine) {
      throw refuse("invalid", QUOTE_MESSAGES.unknownLine, { [`lines.${index}.lineId`]: QUOTE_MESSAGES.unknownLine });
    }
    const name = line.name ?? orderLine?.name ?? null;
    if (!name) throw refuse("invalid", QUOTE_MESSAGES.lineName, { [`lines.${index}.name`]: QUOTE_MESSAGES.lineName });
    const product = orderLine?.itemType === "Product" ? orderLine.itemId : null;
    return {
      lineId: orderLine?.id ?? null,
      name,
      finish: line.finish ?? orderLine?.option ?? null,
      dimensions: line.dimensions,
      quantity: line.quantity,
      unitPriceKobo: nairaToKobo(line.unitPrice),
      imported: line.imported ?? (product !== null && facts.imported(product)),
      pictureId: product && facts.picture(product),
    };
  });
}

/**
 * Sends a new version of the order's quote. Refused on a finished order, with a validity
 * already past, and, once money has been paid on the order, to anyone but the Owner.
 */
export async function sendQuote(
  db: Database,
  orderId: string,
  input: QuoteInput,
  pictureIds: readonly string[],
  sender: QuoteSender,
  { termsPercent, today = lagosToday() }: { termsPercent: number; today?: string },
): Promise<SentQuote> {
  const order = await lockOrder(db, orderId);
  if (order.kind === "swatches") throw refuse("conflict", SWATCH_MESSAGES.noQuote);
  if (isFinished(order.status)) throw refuse("conflict", QUOTE_MESSAGES.finished);
  if (input.validUntil < today) {
    throw refuse("invalid", QUOTE_MESSAGES.pastValidity, { validUntil: QUOTE_MESSAGES.pastValidity });
  }
  const [paid] = await db
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id))
    .limit(1);
  if (paid && !sender.isOwner) throw refuse("forbidden", QUOTE_MESSAGES.ownerAfterDeposit);

  const lines = await quoteLinesOf(db, order, input);
  const fees = input.fees.map((fee) => ({ label: fee.label, amountKobo: nairaToKobo(fee.amount) }));
  const discountKobo = nairaToKobo(input.discount);
  const depositPercentSet = input.depositPercent !== null && input.depositPercent !== undefined;
  const depositPercent = input.depositPercent ?? defaultDepositPercent(lines, termsPercent);
  const sums = quoteSums(lines, fees, discountKobo, depositPercent);
  const versions = await readQuoteVersions(db, [order.id]);
  const previous = versions.at(-1) ?? null;
  // The approval given to an earlier version stays with it, and holds until this one is approved.
  const approved = latestOf(versions.filter((one) => one.approvedAt !== null));
  const version = (await lastVersion(db, order.id)) + 1;
  const [quote] = await db
    .insert(orderQuotes)
    .values({
      orderId: order.id,
      version,
      lines,
      fees,
      discountKobo,
      depositPercent,
      depositPercentSet,
      totalKobo: sums.totalKobo,
      depositDueKobo: sums.depositDueKobo,
      validUntil: input.validUntil,
      note: input.note ? sanitizeRichTextForSaving(input.note) : null,
      leadTimeWeeks: input.leadTimeWeeks ?? null,
      sentBy: sender.name,
    })
    .returning();
  if (pictureIds.length) {
    await db
      .insert(orderQuotePictures)
      .values(pictureIds.map((mediaId, position) => ({ quoteId: quote!.id, position, mediaId })));
  }

  const notes = [
    `Quote version ${version} sent: total ${formatNaira(koboToNaira(sums.totalKobo))}, deposit ${formatNaira(koboToNaira(sums.depositDueKobo))} (${depositPercent}%), valid until ${formatDay(input.validUntil)}.`,
    ...(depositPercentSet ? [`Deposit set to ${depositPercent}% by ${sender.name}.`] : []),
    ...(approved
      ? [
          `Version ${version} waits for the customer's approval; until then version ${approved.version}, approved by ${approved.approvedByName}, holds.`,
        ]
      : []),
  ];
  await db.insert(orderEvents).values(notes.map((note) => ({ orderId: order.id, note, by: sender.name })));
  const set: Partial<typeof orders.$inferInsert> = { needsRevision: false, updatedAt: new Date() };
  if (quoteMovesToQuoted(order.status)) set.status = "quoted";
  const [updated] = await db.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  if (quoteMovesToQuoted(order.status)) {
    await db.insert(orderEvents).values({ orderId: order.id, status: "quoted", by: sender.name });
  }
  return { order: updated!, quote: quote!, previous };
}

/** A later day extends the latest version's validity; today or a day before ends it now. */
export async function setQuoteValidity(
  db: Database,
  orderId: string,
  validUntil: string,
  by: string,
  today = lagosToday(),
): Promise<{ order: OrderRow; before: string; after: string }> {
  const order = await lockOrder(db, orderId);
  const latest = (await readQuoteVersions(db, [order.id])).at(-1);
  if (!latest) throw refuse("conflict", QUOTE_MESSAGES.noQuote);
  const after = validUntil > today ? validUntil : addDays(today, -1);
  await db.update(orderQuotes).set({ validUntil: after }).where(eq(orderQuotes.id, latest.id));
  await db.insert(orderEvents).values({
    orderId: order.id,
    note:
      validUntil > today
        ? `Quote version ${latest.version} valid until ${formatDay(after)}.`
        : `Quote version ${latest.version} ended.`,
    by,
  });
  const [touched] = await db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
  return { order: touched!, before: latest.validUntil, after };
}

/**
 * The customer approves version `version`, typing their name: refused when a newer
 * version exists (409), when it is already approved (409) or past its last day (409).
 * A deposit already covered moves the order on, as a payment would.
 */
export async function approveQuote(
  db: Database,
  orderId: string,
  { version, name }: { version: number; name: string },
  today = lagosToday(),
): Promise<{ order: OrderRow; quote: QuoteRow; movedFrom: OrderRow["status"] | null }> {
  const order = await lockOrder(db, orderId);
  const latest = (await readQuoteVersions(db, [order.id])).at(-1);
  if (!latest) throw refuse("conflict", QUOTE_MESSAGES.noQuote);
  if (isFinished(order.status)) throw refuse("conflict", QUOTE_MESSAGES.finished);
  if (latest.approvedAt) throw refuse("conflict", QUOTE_MESSAGES.alreadyApproved);
  if (version !== latest.version) throw refuse("conflict", QUOTE_MESSAGES.changed);
  if (today > latest.validUntil) throw refuse("conflict", expiredMessage(formatDay(latest.validUntil)));
  const [quote] = await db
    .update(orderQuotes)
    .set({ approvedAt: new Date(), approvedByName: name })
    .where(eq(orderQuotes.id, latest.id))
    .returning();
  await db.insert(orderEvents).values({
    orderId: order.id,
    note: `Quote version ${version} approved by ${name}.`,
    by: name,
  });
  const [touched] = await db
    .update(orders)
    .set({ needsRevision: false, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  const moved = await followMoney(db, touched!, `approval by ${name}`);
  return { order: moved.order, quote: quote!, movedFrom: moved.movedFrom };
}

/** The customer asks for changes: the order waits on the owner's "to revise" list. */
export async function askForChanges(db: Database, orderId: string, message: string): Promise<OrderRow> {
  const order = await lockOrder(db, orderId);
  const latest = (await readQuoteVersions(db, [order.id])).at(-1);
  if (!latest) throw refuse("conflict", QUOTE_MESSAGES.noQuote);
  if (isFinished(order.status)) throw refuse("conflict", QUOTE_MESSAGES.finished);
  await db.insert(orderEvents).values({
    orderId: order.id,
    note: `Changes asked to quote version ${latest.version}: ${message}`,
    by: order.customerName ?? "Customer",
  });
  const [touched] = await db
    .update(orders)
    .set({ needsRevision: true, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  return touched!;
}

/** The widths stored of each picture, for its address; a picture since removed has none. */
async function widthsOf(db: Database, ids: readonly string[]): Promise<Map<string, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: media.id, widths: media.widths })
    .from(media)
    .where(inArray(media.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.widths]));
}

/** A picture's address at a reading width (up to 1024 px), or null when it is gone. */
const pictureUrl = (widths: Map<string, number[]>, id: string | null) => {
  const stored = id ? widths.get(id) : undefined;
  if (!id || !stored?.length) return null;
  const fitting = stored.filter((width) => width <= 1024);
  return mediaUrl(id, fitting.length ? Math.max(...fitting) : Math.min(...stored), "webp");
};

/** Everything the quotes of these orders show, read in one go. */
export async function readQuoteParts(db: Database, orderIds: readonly string[]) {
  const versions = await readQuoteVersions(db, orderIds);
  const pictures = await readQuotePictures(
    db,
    versions.map((version) => version.id),
  );
  const widths = await widthsOf(db, [
    ...[...pictures.values()].flat(),
    ...versions.flatMap((version) => version.lines.flatMap((line) => (line.pictureId ? [line.pictureId] : []))),
  ]);
  return { versions, pictures, widths };
}
export type QuoteParts = Awaited<ReturnType<typeof readQuoteParts>>;

function quoteViewOf(quote: QuoteRow, parts: QuoteParts, today: string): QuoteView {
  const sums = quoteSums(quote.lines, quote.fees, quote.discountKobo, quote.depositPercent);
  const from = quote.approvedAt ? lagosToday(quote.approvedAt) : today;
  return {
    version: quote.version,
    lines: quote.lines.map((line) => ({
      lineId: line.lineId,
      name: line.name,
      finish: line.finish,
      dimensions: line.dimensions,
      quantity: line.quantity,
      unitPrice: koboToNaira(line.unitPriceKobo),
      imported: line.imported,
      picture: pictureUrl(parts.widths, line.pictureId),
    })),
    fees: quote.fees.map((fee) => ({ label: fee.label, amount: koboToNaira(fee.amountKobo) })),
    discount: koboToNaira(quote.discountKobo),
    subtotal: koboToNaira(sums.subtotalKobo),
    total: koboToNaira(quote.totalKobo),
    depositPercent: quote.depositPercent,
    depositDue: koboToNaira(quote.depositDueKobo),
    validUntil: quote.validUntil,
    expired: !quote.approvedAt && today > quote.validUntil,
    note: quote.note,
    pictures: (parts.pictures.get(quote.id) ?? []).flatMap((id) => pictureUrl(parts.widths, id) ?? []),
    leadTimeWeeks: quote.leadTimeWeeks,
    readyBy: quote.leadTimeWeeks ? addDays(from, quote.leadTimeWeeks * 7) : null,
    sentAt: quote.sentAt.toISOString(),
    approvedAt: quote.approvedAt?.toISOString() ?? null,
    approvedBy: quote.approvedByName,
  };
}

/**
 * The order's quote as the customer reads it: `quote`, the latest version sent (the one
 * they answer), or null before any; and `approved`, the version approved before it while
 * that one waits for its approval (it is what the order stands on until then), else null.
 */
export function customerQuoteViews(
  orderId: string,
  parts: QuoteParts,
  today = lagosToday(),
): { quote: QuoteView | null; approved: QuoteView | null } {
  const own = parts.versions.filter((version) => version.orderId === orderId);
  const latest = latestOf(own);
  const current = currentOf(own);
  return {
    quote: latest && quoteViewOf(latest, parts, today),
    approved: current && latest && current.id !== latest.id ? quoteViewOf(current, parts, today) : null,
  };
}

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));
const lineText = (line: QuoteLineRecord) =>
  `${line.quantity} × ${line.name}${line.finish ? ` (${line.finish})` : ""}${line.dimensions ? `, ${line.dimensions}` : ""} at ${naira(line.unitPriceKobo)}`;

/** What changed from one version to the next, in the owner's words. */
export function changesFrom(before: QuoteRow | null, after: QuoteRow): string[] {
  if (!before) return [];
  const changes: string[] = [];
  const was = before.lines.map(lineText);
  const is = after.lines.map(lineText);
  for (const line of is) if (!was.includes(line)) changes.push(`Added or changed: ${line}`);
  for (const line of was) if (!is.includes(line)) changes.push(`Removed or changed: ${line}`);
  const fees = (quote: QuoteRow) =>
    quote.fees.map((fee) => `${fee.label} ${naira(fee.amountKobo)}`).join(", ") || "none";
  if (fees(before) !== fees(after)) changes.push(`Fees: ${fees(before)} → ${fees(after)}`);
  if (before.discountKobo !== after.discountKobo)
    changes.push(`Discount: ${naira(before.discountKobo)} → ${naira(after.discountKobo)}`);
  if (before.totalKobo !== after.totalKobo)
    changes.push(`Total: ${naira(before.totalKobo)} → ${naira(after.totalKobo)}`);
  if (before.depositPercent !== after.depositPercent)
    changes.push(`Deposit: ${before.depositPercent}% → ${after.depositPercent}%`);
  if (before.validUntil !== after.validUntil)
    changes.push(`Valid until: ${formatDay(before.validUntil)} → ${formatDay(after.validUntil)}`);
  if (before.leadTimeWeeks !== after.leadTimeWeeks)
    changes.push(`Lead time: ${before.leadTimeWeeks ?? "none"} → ${after.leadTimeWeeks ?? "none"} weeks`);
  if ((before.note ?? "") !== (after.note ?? "")) changes.push("Spec note changed");
  return changes;
}

/** Every version of the order's quote, oldest first, for the owner. */
export function quoteHistory(orderId: string, parts: QuoteParts, today = lagosToday()): QuoteVersion[] {
  const own = parts.versions.filter((version) => version.orderId === orderId);
  return own.map((version, index) => ({
    ...quoteViewOf(version, parts, today),
    sentBy: version.sentBy,
    depositPercentSet: version.depositPercentSet,
    changes: changesFrom(own[index - 1] ?? null, version),
  }));
}

/**
 * The workshop's sheet, without a price: the latest approved version's pieces (else the
 * latest sent's), naming a newer version that still waits for the customer's approval.
 */
export async function workshopSheet(db: Database, order: OrderRow): Promise<WorkshopSheet> {
  const parts = await readQuoteParts(db, [order.id]);
  const quote = currentOf(parts.versions);
  const latest = latestOf(parts.versions);
  const view = quote && quoteViewOf(quote, parts, lagosToday());
  const [lines] = quote
    ? [null]
    : [await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position)];
  return {
    _id: order.id,
    reference: order.reference,
    version: quote?.version ?? null,
    approved: quote?.approvedAt != null,
    approvedBy: quote?.approvedByName ?? null,
    waitingVersion: latest && quote && latest.id !== quote.id ? latest.version : null,
    lines: view
      ? view.lines.map(({ name, quantity, finish, dimensions, picture }) => ({
          name,
          quantity,
          finish,
          dimensions,
          picture,
        }))
      : (lines ?? []).map((line) => ({
          name: line.name,
          quantity: line.quantity,
          finish: line.option,
          dimensions: null,
          picture: null,
        })),
    note: view?.note ?? null,
    pictures: view?.pictures ?? [],
    dueDate: order.expectedReadyDate ?? view?.readyBy ?? null,
    customerArea: order.customerArea ?? order.serviceArea,
    customerName: order.customerName,
  };
}
