/**
 * The admin's product and collection operations (addProduct … delCollection), registered inside the
 * admin-only scope. Bodies are validated with the forms' own schemas (an update's may
 * leave fields out, which keep their stored values); add answers 201 and update 200 with
 * the saved item in the shape of the public read API; delete answers `{ message }`. Only these routes accept bodies large enough for images.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CollectionInputSchema, CollectionUpdateBodySchema } from "../../../domain/catalog/collection-input.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProductInputSchema, ProductUpdateBodySchema } from "../../../domain/catalog/product-input.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import { imagesBodyLimit } from "../media/image-uploads.service";
import type { CatalogCache } from "./catalog-cache";
import { announceCatalogChange } from "./catalog-changes.service";
import { createCollection, deleteCollection, updateCollection } from "./collections-admin.service";
import { createProduct, deleteProduct, updateProduct } from "./products-admin.service";

const PRODUCT_NOT_FOUND = "Product not found.";
const COLLECTION_NOT_FOUND = "Collection not found.";

interface CatalogAdminOptions {
  db: Database;
  mediaDir: string;
  cache: CatalogCache;
}

export async function catalogAdminRoutes(app: FastifyInstance, { db, mediaDir, cache }: CatalogAdminOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const changed = (kind: "product" | "collection", id: string, action: "saved" | "deleted") =>
    announceCatalogChange({ cache, avifJobs: app.avifJobs, realtime: app.realtime }, { kind, id, action });
  const productLimit = imagesBodyLimit(MAX_NEW_IMAGES);
  const collectionLimit = imagesBodyLimit(1);

  api.post("/addProduct", { bodyLimit: productLimit, schema: { body: ProductInputSchema } }, async (request, reply) => {
    const product = await createProduct(db, mediaDir, request.body);
    changed("product", product._id, "saved");
    return reply.status(201).send(product);
  });

  api.put(
    "/updateProduct/:id",
    { bodyLimit: productLimit, schema: { params: IdParamsSchema, body: ProductUpdateBodySchema } },
    async (request) => {
      const product = await updateProduct(db, mediaDir, request.params.id, request.body);
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      changed("product", product._id, "saved");
      return product;
    },
  );

  api.delete("/delProduct/:id", { schema: { params: IdParamsSchema } }, async (request) => {
    if (!(await deleteProduct(db, mediaDir, request.params.id))) throw new HttpError(404, PRODUCT_NOT_FOUND);
    changed("product", request.params.id, "deleted");
    return { message: "Product deleted." };
  });

  api.post(
    "/addCollection",
    { bodyLimit: collectionLimit, schema: { body: CollectionInputSchema } },
    async (request, reply) => {
      const collection = await createCollection(db, mediaDir, request.body);
      changed("collection", collection._id, "saved");
      return reply.status(201).send(collection);
    },
  );

  api.put(
    "/updateCollection/:id",
    { bodyLimit: collectionLimit, schema: { params: IdParamsSchema, body: CollectionUpdateBodySchema } },
    async (request) => {
      const collection = await updateCollection(db, mediaDir, request.params.id, request.body);
      if (!collection) throw new HttpError(404, COLLECTION_NOT_FOUND);
      changed("collection", collection._id, "saved");
      return collection;
    },
  );

  api.delete("/delCollection/:id", { schema: { params: IdParamsSchema } }, async (request) => {
    if (!(await deleteCollection(db, mediaDir, request.params.id))) throw new HttpError(404, COLLECTION_NOT_FOUND);
    changed("collection", request.params.id, "deleted");
    return { message: "Collection deleted; its products are no longer assigned to it." };
  });
}
