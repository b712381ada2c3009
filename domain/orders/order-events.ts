/**
 * The live event an order's change sends: to the admin panel's open pages (the Orders
 * badge, the list, the order's page) and to the customer's own (their orders). Its own
 * file, so the pages' live connection imports it without the orders' schemas.
 */
export const ORDERS_CHANGED_EVENT = "orders:changed";
