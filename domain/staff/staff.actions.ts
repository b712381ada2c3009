/**
 * What the admin Staff page, a member's profile and the Journal page may do, in process:
 * the Owner's staff (invite, change, remove, send an invitation again), each member's own
 * WhatsApp number, and reading the journal. The server
 * checks each call's permission at the door, as the API's routes under
 * /api/admin/operations/staff and /journal do; a refused call throws `{ statusCode, message, errors }`.
 */
import type { JournalPage } from "../journal/journal.schema";
import type { StaffMember } from "./staff.schema";

export interface StaffActions {
  list(): Promise<StaffMember[]>;
  get(id: string): Promise<StaffMember>;
  /** Adds the member as invited and e-mails them a link to choose their password. */
  invite(body: unknown): Promise<StaffMember>;
  /** A new invitation link, e-mailed again; the older link stops working. */
  reinvite(id: string): Promise<StaffMember>;
  /** Their roles, active / suspended, or their WhatsApp number. */
  change(id: string, body: unknown): Promise<StaffMember>;
  /** Removes the member; answers the words to show. */
  remove(id: string): Promise<string>;
  /** The signed-in member's own record (any role). */
  mine(): Promise<StaffMember>;
  /** Sets the signed-in member's own WhatsApp number (blank for none). */
  setMyWhatsapp(body: unknown): Promise<StaffMember>;
}

export interface JournalActions {
  /** A page of entries, newest first: every area for the Owner, the money areas for Accounts. */
  list(query: unknown): Promise<JournalPage>;
}
