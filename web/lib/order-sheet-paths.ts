/** The order sheet's addresses (web/routes/order.tsx): every way into ordering goes through it. */
import type { ItemType } from "../../domain/shopping-lists";

/** Order Now on one item. */
export const itemOrderPath = (itemType: ItemType, id: string) =>
  `/order?${new URLSearchParams({ kind: "item", itemType, itemId: id })}`;

/** The cart's order. */
export const CART_ORDER_PATH = "/order?kind=cart";

/** A request for a site visit or design consultation, with a service chosen and a brief begun, when given. */
export function serviceRequestPath({ service, brief }: { service?: string; brief?: string } = {}) {
  const params = new URLSearchParams({ kind: "service" });
  if (service) params.set("service", service);
  if (brief) params.set("brief", brief);
  return `/order?${params}`;
}
