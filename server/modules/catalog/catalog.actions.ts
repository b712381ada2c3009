/**
 * The catalogue's door (server/door.ts): every read the admin makes of products and
 * collections, and every write to them, for the API's routes and the admin pages alike.
 * Reads need `catalogue.read`, writes `catalogue.write`; each write is parsed here with
 * the forms' schemas and journaled with the fields it changed.
 */
import { priceDifferenceLabel } from "../../../domain/money";
import type { FastifyRequest } from "fastify";
import type { AdminCollectionListQuery, AdminProductListQuery } from "../../../domain/catalog/admin-list-query.schema";
import { BulkChangeBodySchema, type BulkChangeLine } from "../../../domain/catalog/bulk-change.schema";
import type { CollectionDetail, Product } from "../../../domain/catalog/catalog.types";
import { CollectionInputSchema, CollectionUpdateBodySchema } from "../../../domain/catalog/collection-input.schema";
import { ProductInputSchema, ProductUpdateBodySchema } from "../../../domain/catalog/product-input.schema";
import type { Database } from "../../db/client";
import { changesBetween, journaled, staffMember, type JournalNote, type WriteParts } from "../../door";
import { readBody } from "./admin-writes";
import { changeProductsInBulk, findUndoableBulkChange, undoBulkChange } from "./bulk-changes.service";
import {
  addCollection,
  addProduct,
  changeCollection,
  changeProduct,
  findProductChoices,
  listAdminCollections,
  listAdminProducts,
  listCollectionChoices,
  removeCollection,
  removeProduct,
} from "./catalog-admin.service";
import { getCollection, listAdminCollectionPage } from "./collections.service";
import { duplicateCollection, duplicateProduct } from "./duplicates.service";
import { getProduct, listAdminProductPage } from "./products.service";

/** What the journal keeps of an item: its fields as the owner reads them, not its pictures' ids or its dates. */
const NOT_JOURNALED = new Set([
  "_id",
  "images",
  "coverImage",
  "createdAt",
  "updatedAt",
  "readyBy",
  "averageRating",
  "reviews",
  "piecesPrice",
  "sold",
]);

export function journalView(item: object | null): Record<string, unknown> | null {
  if (!item) return null;
  const view: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) {
    if (NOT_JOURNALED.has(field)) continue;
    // An option's pictures are ids; its name, and what it adds to the price, are what the owner reads.
    view[field] =
      field === "options" && Array.isArray(value)
        ? value.map((option: { name?: string; priceDifference?: number }) =>
            option.priceDifference ? `${option.name} (${priceDifferenceLabel(option.priceDifference)})` : option.name,
          )
        : value;
  }
  return view;
}

const productNote = (action: string, before: Product | null, after: Product | null, id: string): JournalNote => ({
  area: "catalogue",
  item: id,
  itemLabel: (after ?? before)?.name ?? id,
  action,
  changes: changesBetween(journalView(before), journalView(after)),
});

const collectionNote = (
  action: string,
  before: CollectionDetail | null,
  after: CollectionDetail | null,
  id: string,
): JournalNote => ({
  area: "catalogue",
  item: id,
  itemLabel: (after ?? before)?.name ?? id,
  action,
  changes: changesBetween(journalView(before), journalView(after)),
});

const bulkNotes = (action: string, lines: readonly BulkChangeLine[]): JournalNote[] =>
  lines.map((line) => ({
    area: "catalogue",
    item: line._id,
    itemLabel: line.name,
    action: `Product changed in bulk (${action})`,
    changes: changesBetween(line.before, line.after),
  }));

const readProduct = (db: Database, id: string) => getProduct(db, id, "admin");
const readCollection = (db: Database, id: string) => getCollection(db, id, "admin");

export function createCatalogActions(parts: WriteParts) {
  const { db } = parts;
  return (request: FastifyRequest) => {
    const reader = async () => void (await staffMember(request, "catalogue.read"));
    const writer = () => staffMember(request, "catalogue.write");
    return {
      async listProducts(query: AdminProductListQuery) {
        await reader();
        return listAdminProducts(db, query);
      },
      async listCollections(query: AdminCollectionListQuery) {
        await reader();
        return listAdminCollections(db, query);
      },
      /** The API's page of products: as the public list answers, drafts included. */
      async listProductPage(query: AdminProductListQuery) {
        await reader();
        return listAdminProductPage(db, query);
      },
      async listCollectionPage(query: AdminCollectionListQuery) {
        await reader();
        return listAdminCollectionPage(db, query);
      },
      async getProduct(id: string) {
        await reader();
        return readProduct(db, id);
      },
      async getCollection(id: string) {
        await reader();
        return readCollection(db, id);
      },
      async listCollectionChoices() {
        await reader();
        return listCollectionChoices(db);
      },
      async findProducts(query: { search?: string | undefined; page: number }) {
        await reader();
        return findProductChoices(db, query);
      },

      async addProduct(body: unknown): Promise<Product> {
        const by = await writer();
        const input = readBody(ProductInputSchema, body);
        return journaled(
          parts,
          by,
          (p) => addProduct(p, input),
          (product) => productNote("Product added", null, product, product._id),
        );
      },
      async updateProduct(id: string, body: unknown): Promise<Product> {
        const by = await writer();
        const update = readBody(ProductUpdateBodySchema, body);
        const { after } = await journaled(
          parts,
          by,
          async (p) => ({ before: await readProduct(p.db, id), after: await changeProduct(p, id, update) }),
          ({ before, after }) => productNote("Product changed", before, after, id),
        );
        return after;
      },
      async deleteProduct(id: string): Promise<void> {
        const by = await writer();
        await journaled(
          parts,
          by,
          async (p) => {
            const before = await readProduct(p.db, id);
            await removeProduct(p, id);
            return before;
          },
          (before) => productNote("Product deleted", before, null, id),
        );
      },
      async duplicateProduct(id: string): Promise<Product> {
        const by = await writer();
        return journaled(
          parts,
          by,
          (p) => duplicateProduct(p, id),
          (copy) => productNote("Product duplicated", null, copy, copy._id),
        );
      },
      /** The bulk body; a preview writes nothing and is not journaled. */
      async changeProducts(body: unknown) {
        const by = await writer();
        const change = readBody(BulkChangeBodySchema, body);
        if (change.preview) return changeProductsInBulk(parts, change);
        return journaled(
          parts,
          by,
          (p) => changeProductsInBulk(p, change, by.id),
          (result) => bulkNotes(change.action, result.changes),
        );
      },
      async undoBulkChange(id: string) {
        const by = await writer();
        return journaled(
          parts,
          by,
          (p) => undoBulkChange(p, id),
          (result) =>
            result.restored.map((line) => ({
              area: "catalogue",
              item: line._id,
              itemLabel: line.name,
              action: `Bulk change undone (${result.action})`,
              changes: changesBetween(line.before, line.after),
            })),
        );
      },
      async findUndoableBulkChange() {
        await reader();
        return findUndoableBulkChange(db);
      },
      async addCollection(body: unknown): Promise<CollectionDetail> {
        const by = await writer();
        const input = readBody(CollectionInputSchema, body);
        return journaled(
          parts,
          by,
          (p) => addCollection(p, input),
          (collection) => collectionNote("Collection added", null, collection, collection._id),
        );
      },
      async updateCollection(id: string, body: unknown): Promise<CollectionDetail> {
        const by = await writer();
        const update = readBody(CollectionUpdateBodySchema, body);
        const { after } = await journaled(
          parts,
          by,
          async (p) => ({ before: await readCollection(p.db, id), after: await changeCollection(p, id, update) }),
          ({ before, after }) => collectionNote("Collection changed", before, after, id),
        );
        return after;
      },
      async deleteCollection(id: string): Promise<void> {
        const by = await writer();
        await journaled(
          parts,
          by,
          async (p) => {
            const before = await readCollection(p.db, id);
            await removeCollection(p, id);
            return before;
          },
          (before) => collectionNote("Collection deleted", before, null, id),
        );
      },
      async duplicateCollection(id: string): Promise<CollectionDetail> {
        const by = await writer();
        return journaled(
          parts,
          by,
          (p) => duplicateCollection(p, id),
          (copy) => collectionNote("Collection duplicated", null, copy, copy._id),
        );
      },
    };
  };
}

export type CatalogActions = ReturnType<ReturnType<typeof createCatalogActions>>;
