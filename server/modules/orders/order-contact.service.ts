/**
 * Which WhatsApp number an order's customer writes to (docs/product.md, Orders): the shop's
 * (the services number for a service request, when one is set), unless the order is
 * assigned to a salesperson who is active and has given a number of their own.
 */
import { and, eq } from "drizzle-orm";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import type { orders } from "../../db/schema/orders";

type Numbers = Pick<ShopSettings, "whatsappNumber" | "servicesWhatsappNumber">;

/** The shop's own number for an order of this kind. */
export const shopNumberFor = (kind: (typeof orders.$inferSelect)["kind"], shop: Numbers): string =>
  kind === "service" ? (shop.servicesWhatsappNumber ?? shop.whatsappNumber) : shop.whatsappNumber;

/** The number a question about this order goes to, as digits or E.164 (wa.me links take either). */
export async function orderWhatsappNumber(
  db: Database,
  order: Pick<typeof orders.$inferSelect, "kind" | "assigneeId">,
  shop: Numbers,
): Promise<string> {
  const [assignee] = order.assigneeId
    ? await db
        .select({ number: users.whatsappNumber })
        .from(users)
        .where(and(eq(users.id, order.assigneeId), eq(users.staffStatus, "active")))
        .limit(1)
    : [];
  return assignee?.number ?? shopNumberFor(order.kind, shop);
}
