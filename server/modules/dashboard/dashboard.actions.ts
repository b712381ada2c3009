/**
 * The dashboard's door (server/door.ts): its counts need `dashboard.read`; its orders only
 * reach a member who reads orders (not the Catalogue role), each as their roles may read it
 * (order-readers.ts): the amounts for those who read money, so the workshop's dashboard
 * shows the orders without them, and the customer's name and phone for those who read them.
 */
import type { FastifyRequest } from "fastify";
import type { DashboardSummary } from "../../../domain/catalog/admin.types";
import { allows } from "../../../domain/staff/permissions";
import type { Database } from "../../db/client";
import { requireStaff } from "../../plugins/session";
import { glanceFor } from "../orders/order-readers";
import { countUnreadMessages, getDashboardSummary } from "./dashboard.service";

export function createDashboardActions({ db }: { db: Database }) {
  return (request: FastifyRequest) => ({
    async getSummary(): Promise<DashboardSummary> {
      const { viewer } = await requireStaff(request, "dashboard.read");
      const summary = await getDashboardSummary(db);
      return {
        ...summary,
        orders: allows(viewer.roles, "orders.read") ? glanceFor(viewer.roles, summary.orders) : null,
      };
    },
    /** The sidebar's badge: unread messages, for those who read them (0 for the others). */
    async countUnreadMessages(): Promise<number> {
      const { viewer } = await requireStaff(request, "dashboard.read");
      return allows(viewer.roles, "messages.read") ? countUnreadMessages(db) : 0;
    },
  });
}
