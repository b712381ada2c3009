/**
 * What pages may do with orders, in process, for the request at hand (docs/product.md,
 * Orders). The API's order routes call the same server functions. A refusal is thrown as
 * a 4xx error with its message: an admin ordering (403), an empty cart or a gone item
 * (400/404), a sold item (409), a refused status change (409), too many orders (429).
 */
import type { AdminOrder, OrderList, OrderView, PlacedOrder } from "./order-answers.schema";
import type {
  CustomerDetails,
  OrderListQuery,
  OrderRequestInput,
  OrderUpdateInput,
  PaymentInput,
} from "./orders.schema";

export interface OrderActions {
  /** Records the order (one for a double submit) and answers it with its WhatsApp link. */
  place(request: OrderRequestInput): Promise<PlacedOrder>;
  /** What the order sheet starts from: the signed-in customer's details, or this device's last order's. */
  customerDefaults(): Promise<CustomerDetails>;
  /** The order behind a tracking link, or null. */
  track(token: string): Promise<OrderView | null>;
  /** The signed-in customer's orders, newest first (401 for a guest). */
  mine(): Promise<OrderView[]>;
}

/** The owner's side; every call checks on the server that an admin is signed in. */
export interface OrderDeskActions {
  list(query: Partial<OrderListQuery>): Promise<OrderList>;
  get(id: string): Promise<AdminOrder | null>;
  update(id: string, change: OrderUpdateInput): Promise<AdminOrder>;
  addPayment(id: string, payment: PaymentInput): Promise<AdminOrder>;
  deletePayment(id: string, paymentId: string): Promise<AdminOrder>;
}
