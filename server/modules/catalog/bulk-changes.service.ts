/**
 * Bulk changes to products (domain/catalog/bulk-change.schema.ts): the products chosen,
 * or all that a filter of the admin's list matches, are read and locked, each one's
 * result is worked out by applyBulkAction, and, unless this is a preview, every change
 * is written by one statement in one transaction: all of them or none. Open pages hear
 * of each product changed.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  applyBulkAction,
  BULK_MESSAGES,
  MAX_BULK_PRODUCTS,
  sameBulkFields,
  type BulkAction,
  type BulkChangeBody,
  type BulkChangeLine,
  type BulkChangeResult,
  type BulkFields,
} from "../../../domain/catalog/bulk-change.schema";
import {
  isUndoable,
  UNDO_MESSAGES,
  UNDO_WINDOW_MS,
  undoneFields,
  type BulkUndoLine,
} from "../../../domain/catalog/bulk-undo";
import type { BulkUndoResult, UndoableBulkChange } from "../../../domain/catalog/admin.types";
import { koboToNaira } from "../../../domain/money";
import { bulkChanges } from "../../db/schema/bulk-changes";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { isUuidText } from "../../../domain/ids.schema";
import { refuse } from "../../../domain/refusal";
import { deleteUnusedMedia } from "../media/media.service";
import { allOf } from "./catalog-filters";
import type { AdminWriteDeps } from "./catalog-admin.service";
import { announceCatalogChange } from "./catalog-changes.service";
import { searchConditions, planSearch } from "./catalog-search";
import { adminProductFilters } from "./products.service";
import { productImages, productOptionImages, productOptions } from "../../db/schema/catalog";

interface Target {
  id: string;
  name: string;
  fields: BulkFields;
}

/** A product's fields a bulk change may write, read before it and before an undo. */
const BULK_COLUMNS = {
  id: products.id,
  name: products.name,
  priceKobo: products.priceKobo,
  discountedPriceKobo: products.discountedPriceKobo,
  isPromo: products.isPromo,
  sold: products.sold,
  collectionId: products.collectionId,
  status: products.status,
};

/** The products a body names, or those its filter matches, with their changeable fields. */
async function readTargets(db: Database, body: BulkChangeBody, lock: boolean): Promise<Target[]> {
  let where;
  if ("ids" in body.target) {
    where = inArray(products.id, body.target.ids);
  } else {
    const filter = body.target.filter;
    const conditions = adminProductFilters(filter);
    if (filter.search) {
      const queries = await planSearch(db, filter.search);
      if (!queries) return [];
      conditions.push(searchConditions(products.searchVector, queries).matchesAny);
    }
    where = allOf(conditions);
  }
  const query = db
    .select(BULK_COLUMNS)
    .from(products)
    .where(where)
    .orderBy(sql`${products.createdAt} desc, ${products.id} desc`)
    .limit(MAX_BULK_PRODUCTS + 1);
  const rows = lock ? await query.for("update") : await query;
  if (rows.length > MAX_BULK_PRODUCTS) throw refuse("invalid", BULK_MESSAGES.tooMany);
  return rows.map(({ id, name, ...fields }) => ({ id, name, fields }));
}

/** The fields an action touches, as the preview shows them (naira; a collection by name). */
function shownFields(action: BulkAction["action"], fields: BulkFields, collectionNames: Map<string, string>) {
  switch (action) {
    case "price":
      return {
        price: koboToNaira(fields.priceKobo),
        discountedPrice: fields.discountedPriceKobo === null ? null : koboToNaira(fields.discountedPriceKobo),
        isPromo: fields.isPromo,
      };
    case "promo":
      return {
        isPromo: fields.isPromo,
        discountedPrice: fields.discountedPriceKobo === null ? null : koboToNaira(fields.discountedPriceKobo),
      };
    case "sold":
      return { sold: fields.sold };
    case "collection":
      return {
        collection:
          fields.collectionId === null
            ? null
            : { _id: fields.collectionId, name: collectionNames.get(fields.collectionId) ?? "" },
      };
    case "status":
      return { status: fields.status };
    case "delete":
      return { status: fields.status };
  }
}

interface Planned {
  target: Target;
  after: BulkFields | null;
}

async function planChanges(db: Database, body: BulkChangeBody, lock: boolean): Promise<Planned[]> {
  if (body.action === "collection" && body.value !== null) {
    const query = db.select({ id: collections.id }).from(collections).where(eq(collections.id, body.value));
    const [found] = lock ? await query.for("share") : await query;
    if (!found) throw refuse("invalid", BULK_MESSAGES.collection);
  }
  const planned: Planned[] = [];
  for (const target of await readTargets(db, body, lock)) {
    const after = applyBulkAction(target.fields, body);
    if (after !== null && "refused" in after) throw refuse("invalid", `${target.name}: ${after.refused}`);
    if (after === null || !sameBulkFields(after, target.fields)) planned.push({ target, after });
  }
  return planned;
}

async function describe(db: Database, action: BulkAction["action"], planned: Planned[]): Promise<BulkChangeLine[]> {
  const collectionIds = new Set<string>();
  for (const { target, after } of planned) {
    if (target.fields.collectionId) collectionIds.add(target.fields.collectionId);
    if (after?.collectionId) collectionIds.add(after.collectionId);
  }
  const names = new Map<string, string>();
  if (action === "collection" && collectionIds.size) {
    const rows = await db
      .select({ id: collections.id, name: collections.name })
      .from(collections)
      .where(inArray(collections.id, [...collectionIds]));
    for (const row of rows) names.set(row.id, row.name);
  }
  return planned.map(({ target, after }) => ({
    _id: target.id,
    name: target.name,
    before: shownFields(action, target.fields, names),
    after: after === null ? null : shownFields(action, after, names),
  }));
}

/** One statement writes every product's new fields. */
async function writeChanges(tx: Database, planned: Planned[]): Promise<void> {
  const changed = planned.flatMap(({ target, after }) => (after ? [{ id: target.id, after }] : []));
  if (!changed.length) return;
  // Each column as one array parameter: a statement's size does not grow with the rows.
  const column = <T>(pick: (fields: BulkFields) => T) => changed.map(({ after }) => pick(after));
  await tx.execute(sql`
    update ${products} p set
      price_kobo = v.price_kobo,
      discounted_price_kobo = v.discounted_price_kobo,
      is_promo = v.is_promo,
      sold = v.sold,
      collection_id = v.collection_id,
      status = v.status,
      demo = false,
      updated_at = now()
    from unnest(
      ${sql.param(changed.map((row) => row.id))}::uuid[],
      ${sql.param(column((f) => f.priceKobo))}::bigint[],
      ${sql.param(column((f) => f.discountedPriceKobo))}::bigint[],
      ${sql.param(column((f) => f.isPromo))}::boolean[],
      ${sql.param(column((f) => f.sold))}::boolean[],
      ${sql.param(column((f) => f.collectionId))}::uuid[],
      ${sql.param(column((f) => f.status))}::item_status[]
    ) as v(id, price_kobo, discounted_price_kobo, is_promo, sold, collection_id, status)
    where p.id = v.id`);
}

/** Deletes the products and answers the pictures they alone used, to remove once committed. */
async function deleteTargets(tx: Database, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const [images, options, photos] = await Promise.all([
    tx.select({ mediaId: productImages.mediaId }).from(productImages).where(inArray(productImages.productId, ids)),
    tx
      .select({ mediaId: productOptions.mediaId })
      .from(productOptions)
      .where(and(inArray(productOptions.productId, ids), sql`${productOptions.mediaId} is not null`)),
    tx
      .select({ mediaId: productOptionImages.mediaId })
      .from(productOptionImages)
      .innerJoin(productOptions, eq(productOptions.id, productOptionImages.optionId))
      .where(inArray(productOptions.productId, ids)),
  ]);
  await tx.delete(products).where(inArray(products.id, ids));
  return [...images, ...options, ...photos].flatMap((row) => (row.mediaId ? [row.mediaId] : []));
}

/**
 * Previews or applies a bulk change: the list of products it changes (those it would
 * leave as they are are not listed). A refusal for any product refuses all of them.
 */
export async function changeProductsInBulk(
  deps: AdminWriteDeps,
  body: BulkChangeBody,
  byId: string | null = null,
): Promise<BulkChangeResult> {
  if (body.preview) {
    const planned = await planChanges(deps.db, body, false);
    return { changes: await describe(deps.db, body.action, planned), undo: null };
  }
  let unused: string[] = [];
  let undo: BulkChangeResult["undo"] = null;
  const planned = await deps.db.transaction(async (tx) => {
    const planned = await planChanges(tx, body, true);
    if (body.action === "delete")
      unused = await deleteTargets(
        tx,
        planned.map(({ target }) => target.id),
      );
    else {
      await writeChanges(tx, planned);
      if (planned.length) undo = await keepForUndo(tx, body.action, planned, byId);
    }
    return planned;
  });
  await deleteUnusedMedia(deps.db, deps.storage, unused);
  for (const { target, after } of planned) {
    announceCatalogChange(
      deps,
      { kind: "product", id: target.id, action: after ? "saved" : "deleted" },
      { was: target.fields.status, is: after?.status ?? null },
    );
  }
  return { changes: await describe(deps.db, body.action, planned), undo };
}

/** Keeps what a change did, so that it can be undone within the hour. */
async function keepForUndo(tx: Database, action: BulkAction["action"], planned: Planned[], byId: string | null) {
  const lines: BulkUndoLine[] = planned.map(({ target, after }) => ({
    id: target.id,
    name: target.name,
    before: target.fields,
    after: after!,
  }));
  const [row] = await tx
    .insert(bulkChanges)
    .values({ action, lines, byId })
    .returning({ id: bulkChanges.id, at: bulkChanges.at });
  return { _id: row!.id, until: new Date(row!.at.getTime() + UNDO_WINDOW_MS).toISOString() };
}

/** The newest bulk change that can still be undone (made within the hour, not undone yet), or null. */
/** How long a bulk change's record is kept: a day, so a page left open past the hour is still told it is too late. */
const KEEP_BULK_CHANGES_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the records of bulk changes older than a day (housekeeping): they exist only to
 * undo within the hour; the journal keeps what each change did. Answers how many went.
 */
export async function pruneBulkChanges(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(bulkChanges)
    .where(lt(bulkChanges.at, new Date(now.getTime() - KEEP_BULK_CHANGES_MS)))
    .returning({ id: bulkChanges.id });
  return gone.length;
}

export async function findUndoableBulkChange(db: Database, now = new Date()): Promise<UndoableBulkChange | null> {
  const [row] = await db
    .select({ id: bulkChanges.id, at: bulkChanges.at, action: bulkChanges.action, lines: bulkChanges.lines })
    .from(bulkChanges)
    .where(and(isNull(bulkChanges.undoneAt), gt(bulkChanges.at, new Date(now.getTime() - UNDO_WINDOW_MS))))
    .orderBy(desc(bulkChanges.at))
    .limit(1);
  if (!row) return null;
  return {
    _id: row.id,
    at: row.at.toISOString(),
    until: new Date(row.at.getTime() + UNDO_WINDOW_MS).toISOString(),
    action: row.action,
    count: row.lines.length,
  };
}

/**
 * Undoes a bulk change made within the hour: each product it changed gets back the fields
 * the change touched, unless it was changed again since in one of them, or deleted; those
 * are left as they are and listed. Refuses a change past the hour, or undone already.
 */
export async function undoBulkChange(deps: AdminWriteDeps, id: string, now = new Date()): Promise<BulkUndoResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = isUuidText(id) ? await tx.select().from(bulkChanges).where(eq(bulkChanges.id, id)).for("update") : [];
    if (!row) throw refuse("missing", UNDO_MESSAGES.missing);
    if (row.undoneAt) throw refuse("conflict", UNDO_MESSAGES.undone);
    if (!isUndoable(row.action)) throw refuse("conflict", UNDO_MESSAGES.deleted);
    if (now.getTime() - row.at.getTime() > UNDO_WINDOW_MS) throw refuse("conflict", UNDO_MESSAGES.late);
    const action = row.action;
    const current = await tx
      .select(BULK_COLUMNS)
      .from(products)
      .where(
        inArray(
          products.id,
          row.lines.map((line) => line.id),
        ),
      )
      .for("update");
    const byId = new Map(current.map(({ id, name, ...fields }) => [id, { id, name, fields }]));
    const planned: Planned[] = [];
    const left: { _id: string; name: string }[] = [];
    for (const line of row.lines) {
      const now = byId.get(line.id);
      const restored = now && undoneFields(action, line, now.fields);
      if (!now || !restored) left.push({ _id: line.id, name: now?.name ?? line.name });
      else planned.push({ target: now, after: restored });
    }
    await writeChanges(tx, planned);
    await tx.update(bulkChanges).set({ undoneAt: now }).where(eq(bulkChanges.id, row.id));
    return { action, planned, left };
  });
  for (const { target, after } of result.planned) {
    announceCatalogChange(
      deps,
      { kind: "product", id: target.id, action: "saved" },
      { was: target.fields.status, is: after!.status },
    );
  }
  return {
    action: result.action,
    restored: await describe(deps.db, result.action, result.planned),
    left: result.left,
  };
}
