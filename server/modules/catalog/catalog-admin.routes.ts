/**
 * The admin's product and collection operations (addProduct … delCollection), registered inside the
 * admin-only scope. Bodies are validated with the forms' own schemas (an update's may
 * leave fields out, which keep their stored values); add answers 201 and update 200 with
 * the saved item in the shape of the public read API; delete answers `{ message }`. Only these routes accept bodies large enough for images.
 * The operations themselves are shared with the admin pages (catalog-admin.service.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { CollectionDetailSchema, ProductSchema } from "../../../domain/catalog/catalog-answers.schema";
import { CollectionInputSchema, CollectionUpdateBodySchema } from "../../../domain/catalog/collection-input.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProductInputSchema, ProductUpdateBodySchema } from "../../../domain/catalog/product-input.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { imagesBodyLimit } from "../media/image-uploads.service";
import type { CatalogCache } from "./catalog-cache";
import {
  addCollection,
  addProduct,
  changeCollection,
  changeProduct,
  removeCollection,
  removeProduct,
  type AdminWriteDeps,
} from "./catalog-admin.service";
import type { MediaStorage } from "../media/storage/media-storage";

interface CatalogAdminOptions {
  db: Database;
  storage: MediaStorage;
  cache: CatalogCache;
}

export const PRODUCT_DELETED = "Product deleted.";
export const COLLECTION_DELETED = "Collection deleted; its products are no longer assigned to it.";

/** Who may call (401, 403), what the body or the id may be refused for, and pictures too large (413). */
const saved = refusals(400, 401, 403, 413);
const changed = refusals(400, 401, 403, 404, 413);
const deleted = { 200: MessageSchema, ...refusals(401, 403, 404) };

export async function catalogAdminRoutes(app: FastifyInstance, { db, storage, cache }: CatalogAdminOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: AdminWriteDeps = { db, storage, cache, avifJobs: app.avifJobs, realtime: app.realtime };
  const productLimit = imagesBodyLimit(MAX_NEW_IMAGES);
  const collectionLimit = imagesBodyLimit(1);

  api.post(
    "/addProduct",
    {
      bodyLimit: productLimit,
      schema: { summary: "Add a product", body: ProductInputSchema, response: { 201: ProductSchema, ...saved } },
    },
    async (request, reply) => reply.status(201).send(await addProduct(deps, request.body)),
  );

  api.put(
    "/updateProduct/:id",
    {
      bodyLimit: productLimit,
      schema: {
        summary: "Update a product",
        params: IdParamsSchema,
        body: ProductUpdateBodySchema,
        response: { 200: ProductSchema, ...changed },
      },
    },
    async (request) => changeProduct(deps, request.params.id, request.body),
  );

  api.delete(
    "/delProduct/:id",
    { schema: { summary: "Delete a product", params: IdParamsSchema, response: deleted } },
    async (request) => {
      await removeProduct(deps, request.params.id);
      return { message: PRODUCT_DELETED };
    },
  );

  api.post(
    "/addCollection",
    {
      bodyLimit: collectionLimit,
      schema: {
        summary: "Add a collection",
        body: CollectionInputSchema,
        response: { 201: CollectionDetailSchema, ...saved },
      },
    },
    async (request, reply) => reply.status(201).send(await addCollection(deps, request.body)),
  );

  api.put(
    "/updateCollection/:id",
    {
      bodyLimit: collectionLimit,
      schema: {
        summary: "Update a collection",
        params: IdParamsSchema,
        body: CollectionUpdateBodySchema,
        response: { 200: CollectionDetailSchema, ...changed },
      },
    },
    async (request) => changeCollection(deps, request.params.id, request.body),
  );

  api.delete(
    "/delCollection/:id",
    { schema: { summary: "Delete a collection", params: IdParamsSchema, response: deleted } },
    async (request) => {
      await removeCollection(deps, request.params.id);
      return { message: COLLECTION_DELETED };
    },
  );
}
