/**
 * The dashboard's door (server/door.ts): its counts need `dashboard.read`; the amounts in
 * them (deposits and balances to collect, each order's total) only reach a member whose
 * roles may read money, so the workshop's dashboard shows the orders without them.
 */
import type { FastifyRequest } from "fastify";
import type { DashboardSummary } from "../../../domain/catalog/admin.types";
import { allows } from "../../../domain/staff/permissions";
import type { Database } from "../../db/client";
import { requireStaff } from "../../plugins/session";
import { countUnreadMessages, getDashboardSummary } from "./dashboard.service";

/** The summary without a single amount: for a member who may not read money. */
export function withoutMoney(summary: DashboardSummary): DashboardSummary {
  const orders = summary.orders;
  const hide = <T extends { total: number | null; balance: number | null }>(order: T): T => ({
    ...order,
    total: null,
    balance: null,
  });
  return {
    ...summary,
    orders: {
      ...orders,
      waiting: orders.waiting.map(hide),
      ready: orders.ready.map(hide),
      depositsOutstanding: null,
      balancesOutstanding: null,
    },
  };
}

export function createDashboardActions({ db }: { db: Database }) {
  return (request: FastifyRequest) => ({
    async getSummary(): Promise<DashboardSummary> {
      const { viewer } = await requireStaff(request, "dashboard.read");
      const summary = await getDashboardSummary(db);
      return allows(viewer.roles, "money.read") ? summary : withoutMoney(summary);
    },
    /** The sidebar's badge: unread messages, for those who read them (0 for the others). */
    async countUnreadMessages(): Promise<number> {
      const { viewer } = await requireStaff(request, "dashboard.read");
      return allows(viewer.roles, "messages.read") ? countUnreadMessages(db) : 0;
    },
  });
}
