/**
 * The admin's inbox operations as the API routes and the dashboard page both run them:
 * a message that is not there (or an id that cannot be one) is a 404.
 */
import { ADMIN_PAGE_SIZES, type AdminListPage, type InboxMessage } from "../../../domain/catalog/admin.types";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import { deleteContactMessage, listContactMessages, markContactMessageRead } from "../contact/contact.service";

export const MESSAGE_NOT_FOUND = "Message not found.";

export async function setMessageRead(db: Database, id: string, read: boolean): Promise<void> {
  if (!isUuidText(id) || !(await markContactMessageRead(db, id, read))) throw new HttpError(404, MESSAGE_NOT_FOUND);
}

export async function removeMessage(db: Database, id: string): Promise<void> {
  if (!isUuidText(id) || !(await deleteContactMessage(db, id))) throw new HttpError(404, MESSAGE_NOT_FOUND);
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
