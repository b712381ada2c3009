/**
 * The contact messages, newest first: unread ones marked, read/unread and delete after a
 * confirmation (docs/product.md, Contact messages). One page from the dashboard's loader;
 * every change posts to the dashboard's action by a fetcher, shows at once from what the
 * fetcher sends, and the page revalidates by itself.
 */
import { Contact, Mail, MailOpen, MessageCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { AdminListPage, InboxMessage } from "../../../domain/catalog/admin.types";
import { BackField } from "../../lib/back-field";
import { DASHBOARD_PATH, DeleteConfirm, useDeleteFetcher } from "./delete-confirm";
import { Pager } from "./pager";
import { formatMoment } from "../../../domain/dates";
import { displayPhone } from "../../../domain/accounts/phone";
import { contactReplyMessage } from "../../../domain/customers/customer-messages";
import { whatsappLink } from "../../../domain/whatsapp";
import { customerPath } from "../../features/admin/customer-links";

export function Inbox({ list }: { list: AdminListPage<InboxMessage> }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section aria-labelledby="inbox-heading" className="rounded-3xl border border-line bg-white">
      <header className="border-b border-line px-5 py-4 sm:px-6">
        <h2 id="inbox-heading" className="font-serif text-2xl">
          Messages
        </h2>
        <p className="mt-1 text-sm text-stone">
          {list.total} {list.total === 1 ? "message" : "messages"} from the contact form
        </p>
      </header>
      <div className="max-h-[60vh] overflow-y-auto">
        {list.items.length === 0 ? (
          <p className="px-6 py-16 text-center text-stone">No messages yet.</p>
        ) : (
          <ul>
            {list.items.map((message) => (
              <MessageRow
                key={message._id}
                message={message}
                expanded={openId === message._id}
                onToggle={() => setOpenId(openId === message._id ? null : message._id)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-line px-4 py-3 empty:hidden">
        <Pager page={list.page} totalPages={Math.max(1, Math.ceil(list.total / list.pageSize))} />
      </div>
    </section>
  );
}

function MessageRow({ message, expanded, onToggle }: { message: InboxMessage; expanded: boolean; onToggle(): void }) {
  const marking = useFetcher({ key: `read-${message._id}` });
  const deleting = useDeleteFetcher(`delete-message-${message._id}`);
  // What the admin just asked for shows before the server answers.
  const sentRead = marking.formData?.get("read");
  const read = typeof sentRead === "string" ? sentRead === "true" : message.read;
  const markRead = (value: boolean) =>
    void marking.submit(
      { intent: "mark-read", id: message._id, read: String(value) },
      { method: "post", action: DASHBOARD_PATH },
    );

  return (
    <li hidden={deleting.formData?.get("id") === message._id} className="border-b border-line last:border-0">
      <div className="flex items-start gap-2 px-3 py-3 sm:gap-3 sm:px-6">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-start gap-3 text-left"
          aria-expanded={expanded}
          onClick={() => {
            if (!expanded && !read) markRead(true);
            onToggle();
          }}
        >
          <span
            className={`mt-2 size-2 shrink-0 rounded-full ${read ? "bg-transparent" : "bg-clay"}`}
            aria-hidden="true"
          />
          <span className="min-w-0 flex-1">
            <span className={`block truncate ${read ? "" : "font-semibold"}`}>
              {message.subject}
              {!read && <span className="sr-only"> (unread)</span>}
            </span>
            <span className="block truncate text-sm text-stone">
              {message.name} · {formatMoment(message.createdAt)}
            </span>
          </span>
        </button>
        <marking.Form method="post" action={DASHBOARD_PATH}>
          <input type="hidden" name="intent" value="mark-read" />
          <input type="hidden" name="id" value={message._id} />
          <input type="hidden" name="read" value={String(!read)} />
          <BackField />
          <button
            type="submit"
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand"
            aria-label={read ? `Mark "${message.subject}" as unread` : `Mark "${message.subject}" as read`}
          >
            {read ? <Mail className="size-4" aria-hidden="true" /> : <MailOpen className="size-4" aria-hidden="true" />}
          </button>
        </marking.Form>
        <DeleteConfirm
          fetcher={deleting}
          intent="delete-message"
          id={message._id}
          question="Are you sure you want to delete this message?"
          trigger={<Trash2 className="size-4" aria-hidden="true" />}
          triggerLabel={`Delete "${message.subject}"`}
          triggerClassName="inline-flex size-10 items-center justify-center rounded-full text-promo hover:bg-red-50"
        />
      </div>
      {expanded && (
        <div className="space-y-3 bg-sand/50 px-5 py-4 text-sm sm:px-6 sm:pl-11">
          <p className="whitespace-pre-line">{message.message}</p>
          <p className="text-stone">
            <a
              className="underline"
              href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
            >
              {message.email}
            </a>{" "}
            ·{" "}
            <a className="underline" href={`tel:${message.phoneNumber}`}>
              {displayPhone(message.phoneNumber)}
            </a>
          </p>
          <p className="flex flex-wrap gap-2">
            <a
              href={whatsappLink(message.phoneNumber, contactReplyMessage(message.name, message.subject))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 hover:border-ink"
            >
              <MessageCircle className="size-4" aria-hidden="true" /> Reply on WhatsApp
            </a>
            {message.customerId && (
              <Link
                to={customerPath(message.customerId)}
                className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 hover:border-ink"
              >
                <Contact className="size-4" aria-hidden="true" /> Customer record
              </Link>
            )}
          </p>
        </div>
      )}
    </li>
  );
}
