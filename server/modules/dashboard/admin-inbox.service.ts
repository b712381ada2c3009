/**
 * The admin's inbox operations as the API routes and the dashboard page both run them:
 * a message that is not there (or an id that cannot be one) is a 404 (contact.service.ts).
 */
import { ADMIN_PAGE_SIZES, type AdminListPage, type InboxMessage } from "../../../domain/catalog/admin.types";
import type { Database } from "../../db/client";
import { deleteContactMessage, listContactMessages, markContactMessageRead } from "../contact/contact.service";

export async function setMessageRead(db: Database, id: string, read: boolean): Promise<void> {
  await markContactMessageRead(db, id, read);
}

export async function removeMessage(db: Database, id: string): Promise<void> {
  await deleteContactMessage(db, id);
}

/** The inbox as the dashboard shows it: one page of 20; a page past the end shows the last. */
export async function listInboxPage(
  db: Database,
  page: number,
): Promise<AdminListPage<InboxMessage> & { unread: number }> {
  const pageSize = ADMIN_PAGE_SIZES.messages;
  let result = await listContactMessages(db, { page, limit: pageSize });
  const lastPage = Math.max(1, Math.ceil(result.total / pageSize));
  const shown = Math.min(page, lastPage);
  if (shown !== page) result = await listContactMessages(db, { page: shown, limit: pageSize });
  return { items: result.messages, total: result.total, unread: result.unread, page: shown, pageSize };
}
