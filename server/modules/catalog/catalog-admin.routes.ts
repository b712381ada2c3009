/**
 * The admin's product and collection operations (addProduct … delCollection), inside the
 * staff scope. Bodies are read by the forms' own schemas at the door (catalog.actions.ts;
 * an update's may leave fields out, which keep their stored values); add answers 201 and
 * update 200 with the saved item in the shape of the public read API; delete answers
 * `{ message }`. Only these routes accept bodies large enough for images.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { CollectionDetailSchema, ProductSchema } from "../../../domain/catalog/catalog-answers.schema";
import { CollectionInputSchema, CollectionUpdateBodySchema } from "../../../domain/catalog/collection-input.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProductInputSchema, ProductUpdateBodySchema } from "../../../domain/catalog/product-input.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { imagesBodyLimit } from "../media/image-uploads.service";
import type { createCatalogActions } from "./catalog.actions";

export const PRODUCT_DELETED = "Product deleted.";
export const COLLECTION_DELETED = "Collection deleted; its products are no longer assigned to it.";

/** Who may call (401, 403), what the body or the id may be refused for, and pictures too large (413). */
const saved = refusals(400, 401, 403, 413);
const changed = refusals(400, 401, 403, 404, 413);
const deleted = { 200: MessageSchema, ...refusals(401, 403, 404) };
const access = "catalogue.write" as const;

export async function catalogAdminRoutes(
  app: FastifyInstance,
  { catalog }: { catalog: ReturnType<typeof createCatalogActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const productLimit = imagesBodyLimit(MAX_NEW_IMAGES);
  const collectionLimit = imagesBodyLimit(1);

  api.post(
    "/addProduct",
    {
      bodyLimit: productLimit,
      config: { access },
      schema: { summary: "Add a product", body: ProductInputSchema, response: { 201: ProductSchema, ...saved } },
    },
    async (request, reply) => reply.status(201).send(await catalog(request).addProduct(request.body)),
  );

  api.put(
    "/updateProduct/:id",
    {
      bodyLimit: productLimit,
      config: { access },
      schema: {
        summary: "Update a product",
        params: IdParamsSchema,
        body: ProductUpdateBodySchema,
        response: { 200: ProductSchema, ...changed },
      },
    },
    async (request) => catalog(request).updateProduct(request.params.id, request.body),
  );

  api.delete(
    "/delProduct/:id",
    { config: { access }, schema: { summary: "Delete a product", params: IdParamsSchema, response: deleted } },
    async (request) => {
      await catalog(request).deleteProduct(request.params.id);
      return { message: PRODUCT_DELETED };
    },
  );

  api.post(
    "/addCollection",
    {
      bodyLimit: collectionLimit,
      config: { access },
      schema: {
        summary: "Add a collection",
        body: CollectionInputSchema,
        response: { 201: CollectionDetailSchema, ...saved },
      },
    },
    async (request, reply) => reply.status(201).send(await catalog(request).addCollection(request.body)),
  );

  api.put(
    "/updateCollection/:id",
    {
      bodyLimit: collectionLimit,
      config: { access },
      schema: {
        summary: "Update a collection",
        params: IdParamsSchema,
        body: CollectionUpdateBodySchema,
        response: { 200: CollectionDetailSchema, ...changed },
      },
    },
    async (request) => catalog(request).updateCollection(request.params.id, request.body),
  );

  api.delete(
    "/delCollection/:id",
    { config: { access }, schema: { summary: "Delete a collection", params: IdParamsSchema, response: deleted } },
    async (request) => {
      await catalog(request).deleteCollection(request.params.id);
      return { message: COLLECTION_DELETED };
    },
  );
}
