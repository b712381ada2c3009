/**
 * What the admin's customer pages may do, in process: the same calls the API's routes
 * under /api/admin/operations/customers make, each checked at the customer book's door;
 * a refused call throws `{ statusCode, message, errors }`.
 */
import type { CustomerDetail, CustomerList } from "./customers.schema";

export interface CustomerActions {
  list(query: unknown): Promise<CustomerList>;
  exportCsv(query: unknown): Promise<string>;
  get(id: string): Promise<CustomerDetail>;
  /** The staff who may look after a customer (active Owner and Sales members). */
  keepers(): Promise<Array<{ _id: string; name: string }>>;
  /** Adds a note, sets tags or who looks after them; answers the customer as they are now. */
  update(id: string, body: unknown): Promise<CustomerDetail>;
  /** The second record joins the first; answers the merged customer. */
  merge(body: unknown): Promise<CustomerDetail>;
  /** These orders leave for a new record; answers the new customer. */
  split(id: string, body: unknown): Promise<CustomerDetail>;
}
