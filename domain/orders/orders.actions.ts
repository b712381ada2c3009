/**
 * What pages may do with orders, in process, for the request at hand (docs/product.md,
 * Orders). The API's order routes call the same server functions. A refusal is thrown as
 * a 4xx error with its message: an admin ordering (403), an empty cart or a gone item
 * (400/404), a sold item (409), a refused status change (409), too many orders (429).
 */
import type {
  AdminOrder,
  OrderList,
  OrderView,
  PlacedOrder,
  RestoredCart,
  TrackedOrder,
  WorkshopOrder,
} from "./order-answers.schema";
import type { OrderPreview, OrderPreviewSubject } from "./order-preview";
import type {
  QuoteApprovalInput,
  QuoteChangesInput,
  QuoteInputBody,
  QuoteValidityInput,
  WorkshopSheet,
} from "../quotes/quotes.schema";
import type {
  CustomerDetails,
  OrderListQuery,
  OrderRequestInput,
  OrderUpdateInput,
  PaymentInput,
} from "./orders.schema";
import type { VisitBookingInput, VisitProposalInput } from "./visits.schema";

export interface OrderActions {
  /**
   * What placing an order of the item or the cart would record now, worked out by the
   * code that places it: the cart page and the order sheet show this, never their own sums.
   */
  preview(subject: OrderPreviewSubject): Promise<OrderPreview>;
  /** Records the order (one for a double submit) and answers it with its WhatsApp link. */
  place(request: OrderRequestInput): Promise<PlacedOrder>;
  /** What the order sheet starts from: the signed-in customer's details, or this device's last order's. */
  customerDefaults(): Promise<CustomerDetails>;
  /** The order behind a tracking link, with the WhatsApp number to ask about it on, or null. */
  track(token: string): Promise<TrackedOrder | null>;
  /** The signed-in customer's orders, newest first (401 for a guest). */
  mine(): Promise<OrderView[]>;
  /** Approves exactly this version of the order's quote, with the name typed (409 when changed, expired or approved). */
  approveQuote(token: string, approval: QuoteApprovalInput): Promise<OrderView | null>;
  /** Asks the shop for changes to the quote: the order waits on the owner's "to revise" list. */
  askForChanges(token: string, changes: QuoteChangesInput): Promise<OrderView | null>;
  /**
   * Puts the lines of the order behind a tracking link back in the caller's cart (404 for
   * an unknown link, 403 for an admin); lines that can no longer be ordered are left out.
   */
  restoreCart(token: string): Promise<RestoredCart>;
  /**
   * The customer books one of the visit times the shop proposed (400 for a time not
   * proposed or past; 409 when the request has no visit to book), and reads the order again.
   */
  bookVisit(token: string, booking: VisitBookingInput): Promise<TrackedOrder>;
  /**
   * Stops the e-mail reminders of the customer behind a reminder's link, without signing
   * in: that order's and, for an account, all of theirs. Null for a link that is none.
   */
  stopReminders(token: string): Promise<{ reference: string } | null>;
}

/** The staff's side; every call checks on the server that the member's roles allow it. */
export interface OrderDeskActions {
  list(query: Partial<OrderListQuery>): Promise<OrderList>;
  /** The order as the member may read it: the workshop's has no amounts. */
  get(id: string): Promise<AdminOrder | WorkshopOrder | null>;
  update(id: string, change: OrderUpdateInput): Promise<AdminOrder | WorkshopOrder>;
  addPayment(id: string, payment: PaymentInput): Promise<AdminOrder>;
  deletePayment(id: string, paymentId: string): Promise<AdminOrder>;
  /** Sends the next version of the order's quote (Owner or Sales; only the Owner once money is paid). */
  sendQuote(id: string, quote: QuoteInputBody): Promise<AdminOrder>;
  /** Extends the latest version's validity, or ends it now (today or a day before). */
  setQuoteValidity(id: string, validity: QuoteValidityInput): Promise<AdminOrder>;
  /** What the workshop makes of the order, without a price (Owner, Sales, Workshop). */
  workshopSheet(id: string): Promise<WorkshopSheet | null>;
  /** Proposes a service request's visit times, or books the one agreed (`book` with one time). */
  proposeVisit(id: string, proposal: VisitProposalInput): Promise<AdminOrder>;
}
