/**
 * The shop's setup operations, registered inside the admin-only scope: DELETE
 * /demo-catalogue removes what is left of the demo catalogue and answers what went
 * (all zero when nothing was left). Shared with the dashboard (demo-catalogue.service.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { DemoCatalogueCountsSchema } from "../../../domain/setup/demo-catalogue.schema";
import type { Database } from "../../db/client";
import type { AdminWriteDeps } from "../catalog/catalog-admin.service";
import type { CatalogCache } from "../catalog/catalog-cache";
import { removeDemoCatalogue } from "./demo-catalogue.service";
import type { MediaStorage } from "../media/storage/media-storage";

export async function setupRoutes(
  app: FastifyInstance,
  { db, storage, cache }: { db: Database; storage: MediaStorage; cache: CatalogCache },
) {
  const deps: AdminWriteDeps = { db, storage, cache, avifJobs: app.avifJobs, realtime: app.realtime };
  app.withTypeProvider<ZodTypeProvider>().delete(
    "/demo-catalogue",
    {
      schema: {
        summary: "Remove the demo catalogue",
        response: { 200: DemoCatalogueCountsSchema, ...refusals(401, 403) },
      },
    },
    async () => removeDemoCatalogue(deps),
  );
}
