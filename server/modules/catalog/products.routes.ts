import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CatalogListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import { ProductCountSchema, ProductPageSchema, ProductSchema } from "../../../domain/catalog/catalog-answers.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { refusals } from "../../../domain/api-errors.schema";
import type { CatalogReader } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { countProducts } from "./products.service";
import { markPublicReads } from "../../plugins/cache-control";

export async function productsRoutes(app: FastifyInstance, { db, catalog }: { db: Database; catalog: CatalogReader }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook("onSend", markPublicReads);

  api.get(
    "/products",
    {
      schema: {
        summary: "List products",
        querystring: CatalogListQuerySchema,
        response: { 200: ProductPageSchema, ...refusals(400) },
      },
    },
    (request) => catalog.listProducts(request.query),
  );

  api.get(
    "/products/count",
    { schema: { summary: "Count products", response: { 200: ProductCountSchema } } },
    async () => ({
      totalProducts: await countProducts(db),
    }),
  );

  api.get(
    "/products/:id",
    {
      schema: { summary: "Get a product", params: IdParamsSchema, response: { 200: ProductSchema, ...refusals(404) } },
    },
    async (request, reply) => {
      const product = await catalog.getProduct(request.params.id);
      return product ?? reply.status(404).send({ message: "Product not found." });
    },
  );
}
