/**
 * What the admin API answers besides catalogue items (docs/product.md, Admin panel), as
 * schemas the routes declare and from which admin.types.ts derives its types.
 */
import { z } from "zod";
import { OrdersAtAGlanceSchema } from "../orders/order-answers.schema";

/** GET /api/admin/operations/summary: the dashboard's counts. */
export const DashboardSummarySchema = z.object({
  products: z.number(),
  collections: z.number(),
  projects: z.number(),
  unreadMessages: z.number(),
  orders: OrdersAtAGlanceSchema,
});
