import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CatalogListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
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

  api.get("/collections", { schema: { querystring: CatalogListQuerySchema } }, (request) =>
    catalog.listCollections(request.query),
  );

  api.get("/collections/count", async () => ({ totalCollections: await countCollections(db) }));

  api.get("/collections/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const collection = await catalog.getCollection(request.params.id);
    return collection ?? reply.status(404).send({ message: "Collection not found." });
  });
}
