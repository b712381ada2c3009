/** The admin dashboard's overview; registered inside the admin-only scope. */
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { getDashboardSummary } from "./dashboard.service";

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get("/summary", async () => getDashboardSummary(db));
}
