/**
 * What a page's action may do with contact messages, in process, for the request at hand:
 * the same call as the API's, under the same rate limit. A refusal is thrown as an error
 * with a 4xx `statusCode` and its `message`.
 */
import type { ContactMessage } from "./contact.schema";

export interface ContactActions {
  /** Stores the message (linked to the signed-in shopper, if any) and e-mails the shop; the thanks to show. */
  sendMessage(message: ContactMessage): Promise<string>;
}
