/**
 * What the admin API answers besides catalogue items (docs/product.md, Admin panel), as
 * schemas the routes declare and from which admin.types.ts derives its types.
 */
import { z } from "zod";
import { OrdersAtAGlanceSchema } from "../orders/order-answers.schema";
import { ProjectSchema } from "./catalog-answers.schema";

/** GET /api/admin/operations/summary: the dashboard's counts. */
export const DashboardSummarySchema = z.object({
  products: z.number(),
  collections: z.number(),
  projects: z.number(),
  unreadMessages: z.number(),
  /** Null for a member who may not read orders (the Catalogue role). */
  orders: OrdersAtAGlanceSchema.nullable(),
});

/** GET /api/admin/operations/projects: the admin's list of projects, drafts included. */
export const AdminProjectPageSchema = z.object({
  projects: z.array(ProjectSchema),
  hasMore: z.boolean(),
  total: z.number(),
});

/** A bulk change's preview, or what it changed: each product's touched fields before and after (null: deleted). */
export const BulkChangeResultSchema = z.object({
  changes: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      before: z.record(z.string(), z.unknown()),
      after: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  /** The change's id and until when it can be undone; null for a preview, a deletion or no change. */
  undo: z.object({ _id: z.string(), until: z.string() }).nullable(),
});
const BulkChangeLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()).nullable(),
});

/** What undoing a bulk change did: the products put back, and those left as changed since. */
export const BulkUndoResultSchema = z.object({
  action: z.string(),
  restored: z.array(BulkChangeLineSchema),
  left: z.array(z.object({ _id: z.string(), name: z.string() })),
});
