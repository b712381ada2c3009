import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CatalogListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import {
  CollectionCountSchema,
  CollectionDetailSchema,
  CollectionPageSchema,
} from "../../../domain/catalog/catalog-answers.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { refusals } from "../../../domain/api-errors.schema";
import type { CatalogReader } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { countCollections } from "./collections.service";
import { markPublicReads } from "../../plugins/cache-control";

export async function collectionsRoutes(
  app: FastifyInstance,
  { db, catalog }: { db: Database; catalog: CatalogReader },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook("onSend", markPublicReads);

  api.get(
    "/collections",
    {
      schema: {
        summary: "List collections",
        querystring: CatalogListQuerySchema,
        response: { 200: CollectionPageSchema, ...refusals(400) },
      },
    },
    (request) => catalog.listCollections(request.query),
  );

  api.get(
    "/collections/count",
    { schema: { summary: "Count collections", response: { 200: CollectionCountSchema } } },
    async () => ({
      totalCollections: await countCollections(db),
    }),
  );

  api.get(
    "/collections/:id",
    {
      schema: {
        summary: "Get a collection",
        params: IdParamsSchema,
        response: { 200: CollectionDetailSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const collection = await catalog.getCollection(request.params.id);
      return collection ?? reply.status(404).send({ message: "Collection not found." });
    },
  );
}
