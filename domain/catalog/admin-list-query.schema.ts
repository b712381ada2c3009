/**
 * The admin panel's catalogue lists (GET /api/admin/operations/products, /collections and
 * /projects, and the Manage sections, whose URLs carry the same fields): the shop's
 * search and filters, plus what only the owner filters by (collection, sold, draft or
 * published, availability) and more sorts. Drafts are listed with the rest unless a
 * status is asked for. A bulk change's `filter` takes these fields, paging aside, to
 * mean "everything the list shows" (docs/product.md, Catalogue tools).
 */
import { z } from "zod";
import { isUuidText } from "../ids.schema";
import { category, flag, limit, optional, page, search, style } from "./catalog-query.schema";
import type { Category } from "./categories";
import { AVAILABILITY_KINDS, type AvailabilityKind } from "./furniture";
import { ITEM_STATUSES, type ItemStatus } from "./item-status";
import { ADMIN_SORTS, type AdminSort } from "./sorts";
import type { ProjectCategory } from "./project-categories";
import { normaliseProjectCategory } from "./project-categories";
import type { Style } from "./styles";

export const ADMIN_LIST_DEFAULT_LIMIT = 20;

/** A collection's id, or "none" for the products in no collection. */
const collectionId = optional(z.string()).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const id = value.trim().toLowerCase();
  if (id === "none") return "none" as const;
  if (!isUuidText(id)) {
    ctx.addIssue({ code: "custom", message: "collectionId must be a collection's id or none." });
    return z.NEVER;
  }
  return id;
});

const status = optional(z.enum(ITEM_STATUSES, { error: "status must be draft or published." }));
const availability = optional(
  z.enum(AVAILABILITY_KINDS, { error: `availability must be one of ${AVAILABILITY_KINDS.join(", ")}.` }),
);
const sort = optional(z.enum(ADMIN_SORTS, { error: `sort must be one of ${ADMIN_SORTS.join(", ")}.` }));

/** What narrows a list: the fields a bulk change's `filter` takes. */
export const AdminProductFilterSchema = z.object({
  search,
  category,
  style,
  collectionId,
  isPromo: flag("isPromo"),
  sold: flag("sold"),
  status,
  availability,
});

export const AdminProductListQuerySchema = AdminProductFilterSchema.extend({
  page,
  limit: limit(ADMIN_LIST_DEFAULT_LIMIT),
  sort,
});

export const AdminCollectionFilterSchema = z.object({ search, style, isPromo: flag("isPromo"), status, availability });

export const AdminCollectionListQuerySchema = AdminCollectionFilterSchema.extend({
  page,
  limit: limit(ADMIN_LIST_DEFAULT_LIMIT),
  sort,
});

const projectCategory = optional(z.string()).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const canonical = normaliseProjectCategory(value);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: `Unknown project category "${value}".` });
    return z.NEVER;
  }
  return canonical;
});

export const AdminProjectListQuerySchema = z.object({
  search,
  category: projectCategory,
  status,
  page,
  limit: limit(ADMIN_LIST_DEFAULT_LIMIT),
  sort: optional(z.enum(["newest", "name", "updated"], { error: "sort must be one of newest, name, updated." })),
});

export interface AdminProductFilter {
  search?: string | undefined;
  category?: Category | undefined;
  style?: Style | undefined;
  collectionId?: string | undefined;
  isPromo?: boolean | undefined;
  sold?: boolean | undefined;
  status?: ItemStatus | undefined;
  availability?: AvailabilityKind | undefined;
}

export interface AdminProductListQuery extends AdminProductFilter {
  page: number;
  limit: number;
  sort?: AdminSort | undefined;
}

export interface AdminCollectionFilter {
  search?: string | undefined;
  style?: Style | undefined;
  isPromo?: boolean | undefined;
  status?: ItemStatus | undefined;
  availability?: AvailabilityKind | undefined;
}

export interface AdminCollectionListQuery extends AdminCollectionFilter {
  page: number;
  limit: number;
  sort?: AdminSort | undefined;
}

export interface AdminProjectListQuery {
  search?: string | undefined;
  category?: ProjectCategory | undefined;
  status?: ItemStatus | undefined;
  page: number;
  limit: number;
  sort?: "newest" | "name" | "updated" | undefined;
}

type Assignable<From extends To, To> = From;
export type _SchemasFitTheirTypes = [
  Assignable<z.output<typeof AdminProductListQuerySchema>, AdminProductListQuery>,
  Assignable<z.output<typeof AdminCollectionListQuerySchema>, AdminCollectionListQuery>,
  Assignable<z.output<typeof AdminProjectListQuerySchema>, AdminProjectListQuery>,
];
