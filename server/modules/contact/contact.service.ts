/**
 * Contact messages (docs/product.md, Contact messages): stored for the admin inbox first, then e-mailed to the
 * business when its e-mail is confirmed. The stored copy is what counts; the e-mail is a courtesy, so a mail server
 * that is down or slow costs the owner a notification, never the shopper's message or
 * their wait: the shopper is answered once the message is stored.
 */
import type { InboxPage } from "../../../domain/catalog/admin.types";
import { count, desc, eq, sql } from "drizzle-orm";
import type { ContactMessage } from "../../../domain/contact/contact.schema";
import { isUuidText } from "../../../domain/ids.schema";
import { refuse } from "../../../domain/refusal";
import { linkContactMessage } from "../customers/customer-links.service";
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema/contact";
import type { Mailer, MailMessage } from "../mail/mailer";
import { displayPhone } from "../../../domain/accounts/phone";

export interface ContactShop {
  name: string;
  /** The shop's confirmed e-mail; null: the message waits in the inbox only. */
  inbox: string | null;
  publicUrl: string;
}

interface ContactDeps {
  mailer: Mailer;
  shop: ContactShop;
  log: { error(details: object, message: string): void };
}

/**
 * Mail headers are one line. The schema already refuses line breaks in the name and
 * subject; folding here keeps a header one line whatever a future form lets through.
 */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function contactEmail(message: ContactMessage, shop: ContactShop & { inbox: string }): MailMessage {
  return {
    to: shop.inbox,
    replyTo: { name: oneLine(message.name), address: message.email },
    subject: `Contact form: ${oneLine(message.subject)}`,
    text: [
      `${message.name} wrote through the contact form of ${shop.publicUrl}:`,
      "",
      message.message,
      "",
      "—",
      `Name: ${message.name}`,
      `E-mail: ${message.email}`,
      `Phone: ${displayPhone(message.phoneNumber)}`,
      `Subject: ${oneLine(message.subject)}`,
      "",
      "Reply to this e-mail to answer them.",
    ].join("\n"),
  };
}

/**
 * Stores the message and starts e-mailing it. `userId` links the message to the
 * signed-in shopper who sent it, if any. `mailed` settles once the e-mail is sent or its
 * failure logged; it never rejects, and nobody needs to wait for it.
 */
export async function receiveContactMessage(
  db: Database,
  message: ContactMessage & { userId?: string },
  { mailer, shop, log }: ContactDeps,
): Promise<{ id: string; mailed: Promise<void> }> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  const id = row!.id;
  // The message joins its sender's record in the customer book.
  await linkContactMessage(db, id);
  // The shopper's details go only to an e-mail the owner confirmed; until then the inbox has them.
  const { inbox } = shop;
  const mailed =
    inbox === null
      ? Promise.resolve()
      : mailer.send(contactEmail(message, { ...shop, inbox })).catch((error: unknown) => {
          log.error(
            { err: { message: error instanceof Error ? error.message : String(error) }, contactMessageId: id },
            "could not e-mail the contact message; it is stored",
          );
        });
  return { id, mailed };
}

/** The admin's inbox: newest first, with how many are unread in all. */
export async function listContactMessages(
  db: Database,
  { page, limit }: { page: number; limit: number },
): Promise<InboxPage> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        total: count(),
        unread: sql<number>`(count(*) filter (where ${contactMessages.readAt} is null))::int`,
      })
      .from(contactMessages),
  ]);
  const total = counts?.total ?? 0;
  return {
    messages: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      phoneNumber: row.phoneNumber,
      subject: row.subject,
      message: row.message,
      read: row.readAt !== null,
      customerId: row.customerId,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    unread: counts?.unread ?? 0,
    hasMore: page * limit < total,
  };
}

export const MESSAGE_NOT_FOUND = "Message not found.";
/** A message that is not there, or an id that cannot be one. */
const messageGone = () => refuse("missing", MESSAGE_NOT_FOUND);

/** Marks the message read or unread; missing (404) when there is no such message. */
export async function markContactMessageRead(db: Database, id: string, read: boolean): Promise<void> {
  if (!isUuidText(id)) throw messageGone();
  const updated = await db
    .update(contactMessages)
    .set({ readAt: read ? new Date() : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (updated.length === 0) throw messageGone();
}

/** Missing (404) when there is no such message. */
export async function deleteContactMessage(db: Database, id: string): Promise<void> {
  if (!isUuidText(id)) throw messageGone();
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (deleted.length === 0) throw messageGone();
}
