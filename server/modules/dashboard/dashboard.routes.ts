/** The admin dashboard's overview; registered inside the admin-only scope. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { DashboardSummarySchema } from "../../../domain/catalog/admin-answers.schema";
import type { Database } from "../../db/client";
import { getDashboardSummary } from "./dashboard.service";

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/summary",
    {
      schema: {
        summary: "Get the dashboard summary",
        response: { 200: DashboardSummarySchema, ...refusals(401, 403) },
      },
    },
    async () => getDashboardSummary(db),
  );
}
