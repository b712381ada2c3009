/**
 * The shop's setup operations, inside the staff scope, through the set-up's door: DELETE
 * /demo-catalogue removes what is left of the demo catalogue and answers what went
 * (all zero when nothing was left). The dashboard's button makes the same call.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { DemoCatalogueCountsSchema } from "../../../domain/setup/demo-catalogue.schema";
import type { createSetupActions } from "./setup.actions";

export async function setupRoutes(app: FastifyInstance, { setup }: { setup: ReturnType<typeof createSetupActions> }) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    "/demo-catalogue",
    {
      config: { access: "setup.write" },
      schema: {
        summary: "Remove the demo catalogue",
        response: { 200: DemoCatalogueCountsSchema, ...refusals(401, 403) },
      },
    },
    async (request) => setup(request).removeDemoCatalogue(),
  );
}
