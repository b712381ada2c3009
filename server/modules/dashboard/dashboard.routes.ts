/** The admin dashboard's overview, inside the staff scope, through the dashboard's door. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { DashboardSummarySchema } from "../../../domain/catalog/admin-answers.schema";
import type { createDashboardActions } from "./dashboard.actions";

export async function dashboardRoutes(
  app: FastifyInstance,
  { dashboard }: { dashboard: ReturnType<typeof createDashboardActions> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/summary",
    {
      config: { access: "dashboard.read" },
      schema: {
        summary: "Get the dashboard summary",
        response: { 200: DashboardSummarySchema, ...refusals(401, 403) },
      },
    },
    async (request) => dashboard(request).getSummary(),
  );
}
