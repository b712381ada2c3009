/**
 * The list queries of the API (GET /api/products, /api/collections, /api/projects) as zod
 * schemas. The server validates query strings with them and the shop builds its URLs from
 * the same fields, so both agree on what a filter means. Empty strings count as "not set":
 * a filter applies only when it is set (docs/product.md, Search and filters).
 */
import { z } from "zod";
import { refuseControlCharacters } from "../typed-text.schema";
import { normaliseCategory, type Category } from "./categories";
import { normaliseProjectCategory, type ProjectCategory } from "./project-categories";
import { CATALOG_SORTS, type CatalogSort } from "./sorts";
import { normaliseStyle, type Style } from "./styles";

const MAX_PRICE_NAIRA = 1_000_000_000;

export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

export const page = optional(
  z.coerce
    .number({ error: "page must be a whole number of 1 or more." })
    .int({ error: "page must be a whole number of 1 or more." })
    .min(1, { error: "page must be a whole number of 1 or more." }),
).transform((value) => value ?? 1);

export function limit(defaultLimit: number) {
  const message = "limit must be a whole number from 1 to 100.";
  return optional(
    z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(100, { error: message }),
  ).transform((value) => value ?? defaultLimit);
}

export const flag = (name: string) =>
  optional(z.enum(["true", "false"], { error: `${name} must be true or false.` })).transform((value) =>
    value === undefined ? undefined : value === "true",
  );

const price = (name: string) => {
  const message = `${name} must be a number of 0 or more.`;
  return optional(
    z.coerce.number({ error: message }).min(0, { error: message }).max(MAX_PRICE_NAIRA, { error: message }),
  );
};

export const search = optional(
  refuseControlCharacters(z.string().trim(), "search").max(100, { error: "search must be at most 100 characters." }),
).transform((value) => (value === "" ? undefined : value));

export const category = optional(z.string()).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const canonical = normaliseCategory(value);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: `Unknown category "${value}".` });
    return z.NEVER;
  }
  return canonical;
});

export const style = optional(z.string()).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const canonical = normaliseStyle(value);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: `Unknown style "${value}".` });
    return z.NEVER;
  }
  return canonical;
});

const sort = optional(z.enum(CATALOG_SORTS, { error: `sort must be one of ${CATALOG_SORTS.join(", ")}.` }));

const priceRange = <T extends { minPrice?: number | undefined; maxPrice?: number | undefined }>(
  query: T,
  ctx: z.RefinementCtx,
) => {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: "custom", path: ["maxPrice"], message: "maxPrice must not be below minPrice." });
  }
};

/** GET /api/products and GET /api/collections share these filters and sorts (docs/product.md, Search and filters). */
export const CatalogListQuerySchema = z
  .object({
    page,
    limit: limit(12),
    search,
    category,
    style,
    minPrice: price("minPrice"),
    maxPrice: price("maxPrice"),
    isBestSeller: flag("isBestSeller"),
    isPromo: flag("isPromo"),
    isForeign: flag("isForeign"),
    sort,
  })
  .superRefine(priceRange);

/** A parsed list query; services accept any subset of the filters. */
export interface CatalogListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  category?: Category | undefined;
  style?: Style | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  isBestSeller?: boolean | undefined;
  isPromo?: boolean | undefined;
  isForeign?: boolean | undefined;
  /** Not set: newest first, or best match first when searching. */
  sort?: CatalogSort | undefined;
}

export const ProjectListQuerySchema = z.object({
  page,
  limit: limit(10),
  category: optional(z.string()).transform((value, ctx) => {
    if (value === undefined) return undefined;
    const canonical = normaliseProjectCategory(value);
    if (!canonical) {
      ctx.addIssue({ code: "custom", message: `Unknown project category "${value}".` });
      return z.NEVER;
    }
    return canonical;
  }),
});

export interface ProjectListQuery {
  page: number;
  limit: number;
  category?: ProjectCategory | undefined;
}

// The schemas' parsed output must be usable wherever these types are asked for.
type Assignable<From extends To, To> = From;
export type _SchemasFitTheirTypes = [
  Assignable<z.output<typeof CatalogListQuerySchema>, CatalogListQuery>,
  Assignable<z.output<typeof ProjectListQuerySchema>, ProjectListQuery>,
];
