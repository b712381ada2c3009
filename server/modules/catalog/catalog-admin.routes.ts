/**
 * The admin's product and collection operations (SPEC.md §7), registered inside the
 * admin-only scope. Bodies are validated with the forms' own schemas; add answers 201
 * and update 200 with the saved item in the shape of the public read API; delete answers
 * `{ message }`. Only these routes accept bodies large enough for images.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CollectionInputSchema, CollectionUpdateSchema } from "../../../domain/catalog/collection-input.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProductInputSchema } from "../../../domain/catalog/product-input.schema";
import type { Database } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import { imagesBodyLimit } from "../media/image-uploads.service";
import type { CatalogCache } from "./catalog-cache";
import { createCollection, deleteCollection, updateCollection } from "./collections-admin.service";
import { createProduct, deleteProduct, updateProduct } from "./products-admin.service";

const IdParams = z.object({ id: z.string() });
const PRODUCT_NOT_FOUND = "Product not found.";
const COLLECTION_NOT_FOUND = "Collection not found.";

interface CatalogAdminOptions {
  db: Database;
  mediaDir: string;
  cache: CatalogCache;
}

export async function catalogAdminRoutes(app: FastifyInstance, { db, mediaDir, cache }: CatalogAdminOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The admin's next read must show the change, and new images get their AVIF. */
  const changed = () => {
    cache.invalidate();
    app.avifJobs.wake();
    // Open shop pages show the change without a reload (PRODUCT.md, live updates).
    app.realtime.broadcast("catalog:changed");
  };
  const productLimit = imagesBodyLimit(MAX_NEW_IMAGES);
  const collectionLimit = imagesBodyLimit(1);

  api.post("/addProduct", { bodyLimit: productLimit, schema: { body: ProductInputSchema } }, async (request, reply) => {
    const product = await createProduct(db, mediaDir, request.body);
    changed();
    return reply.status(201).send(product);
  });

  api.put(
    "/updateProduct/:id",
    { bodyLimit: productLimit, schema: { params: IdParams, body: ProductInputSchema } },
    async (request) => {
      const product = await updateProduct(db, mediaDir, request.params.id, request.body);
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      changed();
      return product;
    },
  );

  api.delete("/delProduct/:id", { schema: { params: IdParams } }, async (request) => {
    if (!(await deleteProduct(db, mediaDir, request.params.id))) throw new HttpError(404, PRODUCT_NOT_FOUND);
    changed();
    return { message: "Product deleted." };
  });

  api.post(
    "/addCollection",
    { bodyLimit: collectionLimit, schema: { body: CollectionInputSchema } },
    async (request, reply) => {
      const collection = await createCollection(db, mediaDir, request.body);
      changed();
      return reply.status(201).send(collection);
    },
  );

  api.put(
    "/updateCollection/:id",
    { bodyLimit: collectionLimit, schema: { params: IdParams, body: CollectionUpdateSchema } },
    async (request) => {
      const collection = await updateCollection(db, mediaDir, request.params.id, request.body);
      if (!collection) throw new HttpError(404, COLLECTION_NOT_FOUND);
      changed();
      return collection;
    },
  );

  api.delete("/delCollection/:id", { schema: { params: IdParams } }, async (request) => {
    if (!(await deleteCollection(db, mediaDir, request.params.id))) throw new HttpError(404, COLLECTION_NOT_FOUND);
    changed();
    return { message: "Collection deleted; its products are no longer assigned to it." };
  });
}
