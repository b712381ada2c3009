import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CatalogListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import type { Database } from "../../db/client";
import { countCollections, getCollection, listCollections } from "./collections.service";
import { countProducts, getProduct, listProducts } from "./products.service";

const IdParams = z.object({ id: z.string() });

export async function catalogRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/products", { schema: { querystring: CatalogListQuerySchema } }, (request) =>
    listProducts(db, request.query),
  );

  api.get("/products/count", async () => ({ totalProducts: await countProducts(db) }));

  api.get("/products/:id", { schema: { params: IdParams } }, async (request, reply) => {
    const product = await getProduct(db, request.params.id);
    return product ?? reply.status(404).send({ message: "Product not found." });
  });

  api.get("/collections", { schema: { querystring: CatalogListQuerySchema } }, (request) =>
    listCollections(db, request.query),
  );

  api.get("/collections/count", async () => ({ totalCollections: await countCollections(db) }));

  api.get("/collections/:id", { schema: { params: IdParams } }, async (request, reply) => {
    const collection = await getCollection(db, request.params.id);
    return collection ?? reply.status(404).send({ message: "Collection not found." });
  });
}
