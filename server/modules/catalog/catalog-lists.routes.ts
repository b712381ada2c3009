/**
 * The admin's catalogue lists and the tools that act on them, inside the staff scope:
 * each list with the owner's search, filters and sorts (drafts included), duplicating a
 * product or collection into a draft, and bulk changes to products with a preview
 * (docs/product.md, Catalogue tools). Every call goes through the catalogue's and the
 * projects' doors.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  AdminProjectPageSchema,
  BulkChangeResultSchema,
  BulkUndoResultSchema,
} from "../../../domain/catalog/admin-answers.schema";
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
import type { createProjectActions } from "../projects/projects.actions";
import type { createCatalogActions } from "./catalog.actions";

const listed = refusals(400, 401, 403);
const copied = refusals(401, 403, 404);

export async function catalogListsRoutes(
  app: FastifyInstance,
  {
    catalog,
    projects,
  }: { catalog: ReturnType<typeof createCatalogActions>; projects: ReturnType<typeof createProjectActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: "catalogue.read" } as const;
  const write = { access: "catalogue.write" } as const;

  api.get(
    "/products",
    {
      config: read,
      schema: {
        summary: "List products for the admin",
        querystring: AdminProductListQuerySchema,
        response: { 200: ProductPageSchema, ...listed },
      },
    },
    async (request) => catalog(request).listProductPage(request.query),
  );

  api.get(
    "/collections",
    {
      config: read,
      schema: {
        summary: "List collections for the admin",
        querystring: AdminCollectionListQuerySchema,
        response: { 200: CollectionPageSchema, ...listed },
      },
    },
    async (request) => catalog(request).listCollectionPage(request.query),
  );

  api.get(
    "/projects",
    {
      config: read,
      schema: {
        summary: "List projects for the admin",
        querystring: AdminProjectListQuerySchema,
        response: { 200: AdminProjectPageSchema, ...listed },
      },
    },
    async (request) => {
      const page = await projects(request).listProjectPage(request.query);
      return { projects: page.data, total: page.pagination.totalCount, hasMore: page.pagination.hasNextPage };
    },
  );

  api.post(
    "/products/:id/duplicate",
    {
      config: write,
      schema: { summary: "Duplicate a product", params: IdParamsSchema, response: { 201: ProductSchema, ...copied } },
    },
    async (request, reply) => reply.status(201).send(await catalog(request).duplicateProduct(request.params.id)),
  );

  api.post(
    "/collections/:id/duplicate",
    {
      config: write,
      schema: {
        summary: "Duplicate a collection",
        params: IdParamsSchema,
        response: { 201: CollectionDetailSchema, ...copied },
      },
    },
    async (request, reply) => reply.status(201).send(await catalog(request).duplicateCollection(request.params.id)),
  );

  api.post(
    "/products/bulk",
    {
      config: write,
      schema: {
        summary: "Change products in bulk",
        body: BulkChangeBodySchema,
        response: { 200: BulkChangeResultSchema, ...listed },
      },
    },
    async (request) => catalog(request).changeProducts(request.body),
  );

  api.post(
    "/products/bulk/:id/undo",
    {
      config: write,
      schema: {
        summary: "Undo a bulk change made within the hour",
        params: IdParamsSchema,
        response: { 200: BulkUndoResultSchema, ...refusals(401, 403, 404, 409) },
      },
    },
    async (request) => catalog(request).undoBulkChange(request.params.id),
  );
}
