/**
 * The admin's catalogue lists and the tools that act on them, inside the admin-only
 * scope: each list with the owner's search, filters and sorts (drafts included),
 * duplicating a product or collection into a draft, and bulk changes to products with
 * a preview (docs/product.md, Catalogue tools).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { AdminProjectPageSchema, BulkChangeResultSchema } from "../../../domain/catalog/admin-answers.schema";
import {
  AdminCollectionListQuerySchema,
  AdminProductListQuerySchema,
  AdminProjectListQuerySchema,
} from "../../../domain/catalog/admin-list-query.schema";
import { BulkChangeBodySchema } from "../../../domain/catalog/bulk-change.schema";
import {
  CollectionDetailSchema,
  CollectionPageSchema,
  ProductPageSchema,
  ProductSchema,
} from "../../../domain/catalog/catalog-answers.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { listAdminProjectPage } from "../projects/projects.service";
import { changeProductsInBulk } from "./bulk-changes.service";
import type { CatalogCache } from "./catalog-cache";
import type { AdminWriteDeps } from "./catalog-admin.service";
import { listAdminCollectionPage } from "./collections.service";
import { duplicateCollection, duplicateProduct } from "./duplicates.service";
import { listAdminProductPage } from "./products.service";
import type { MediaStorage } from "../media/storage/media-storage";

interface CatalogListsOptions {
  db: Database;
  storage: MediaStorage;
  cache: CatalogCache;
}

const listed = refusals(400, 401, 403);
const copied = refusals(401, 403, 404);

export async function catalogListsRoutes(app: FastifyInstance, { db, storage, cache }: CatalogListsOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: AdminWriteDeps = { db, storage, cache, avifJobs: app.avifJobs, realtime: app.realtime };

  api.get(
    "/products",
    {
      schema: {
        summary: "List products for the admin",
        querystring: AdminProductListQuerySchema,
        response: { 200: ProductPageSchema, ...listed },
      },
    },
    async (request) => listAdminProductPage(db, request.query),
  );

  api.get(
    "/collections",
    {
      schema: {
        summary: "List collections for the admin",
        querystring: AdminCollectionListQuerySchema,
        response: { 200: CollectionPageSchema, ...listed },
      },
    },
    async (request) => listAdminCollectionPage(db, request.query),
  );

  api.get(
    "/projects",
    {
      schema: {
        summary: "List projects for the admin",
        querystring: AdminProjectListQuerySchema,
        response: { 200: AdminProjectPageSchema, ...listed },
      },
    },
    async (request) => {
      const page = await listAdminProjectPage(db, request.query);
      return { projects: page.data, total: page.pagination.totalCount, hasMore: page.pagination.hasNextPage };
    },
  );

  api.post(
    "/products/:id/duplicate",
    { schema: { summary: "Duplicate a product", params: IdParamsSchema, response: { 201: ProductSchema, ...copied } } },
    async (request, reply) => reply.status(201).send(await duplicateProduct(deps, request.params.id)),
  );

  api.post(
    "/collections/:id/duplicate",
    {
      schema: {
        summary: "Duplicate a collection",
        params: IdParamsSchema,
        response: { 201: CollectionDetailSchema, ...copied },
      },
    },
    async (request, reply) => reply.status(201).send(await duplicateCollection(deps, request.params.id)),
  );

  api.post(
    "/products/bulk",
    {
      schema: {
        summary: "Change products in bulk",
        body: BulkChangeBodySchema,
        response: { 200: BulkChangeResultSchema, ...listed },
      },
    },
    async (request) => changeProductsInBulk(deps, request.body),
  );
}
