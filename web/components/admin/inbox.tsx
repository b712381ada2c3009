/** The contact messages, newest first: unread ones marked, read/unread and delete (issue 6). */
import { Mail, MailOpen, RotateCw, Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import {
  deleteMessage,
  fetchMessages,
  markMessageRead,
  MESSAGES_PAGE_SIZE,
  type InboxMessage,
} from "../../features/admin/admin-api";
import { useAdminPage } from "../../features/admin/use-admin-page";
import { ApiError } from "../../lib/api-client";
import { ConfirmDialog } from "./confirm-dialog";
import { Pager } from "./pager";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

export function Inbox({ onUnreadChange }: { onUnreadChange?(unread: number): void }) {
  const list = useAdminPage(async (page) => {
    const result = await fetchMessages(page);
    onUnreadChange?.(result.unread);
    return result;
  }, MESSAGES_PAGE_SIZE);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (failure: unknown) =>
    toast.error(failure instanceof ApiError ? failure.message : "Something went wrong. Please try again.");

  async function setRead(message: InboxMessage, read: boolean) {
    try {
      await markMessageRead(message._id, read);
      list.reload();
    } catch (failure) {
      failed(failure);
    }
  }

  async function open(message: InboxMessage) {
    const opening = openId !== message._id;
    setOpenId(opening ? message._id : null);
    if (opening && !message.read) await setRead(message, true);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteMessage(deleting._id);
      toast.success("Message deleted.");
      setDeleting(null);
      list.reload();
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  }

  const total = list.data?.total ?? 0;
  return (
    <section aria-labelledby="inbox-heading" className="rounded-3xl border border-line bg-white">
      <header className="border-b border-line px-5 py-4 sm:px-6">
        <h2 id="inbox-heading" className="font-serif text-2xl">
          Messages
        </h2>
        <p className="mt-1 text-sm text-stone">
          {list.data ? `${total} ${total === 1 ? "message" : "messages"} from the contact form` : "Loading..."}
        </p>
      </header>
      <div className="max-h-[60vh] overflow-y-auto">
        {list.error ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
            <p className="text-stone">{list.error}</p>
            <button
              type="button"
              onClick={list.reload}
              className="inline-flex items-center gap-2 rounded-full border border-ink px-4 py-2 text-sm"
            >
              <RotateCw className="size-4" aria-hidden="true" /> Retry
            </button>
          </div>
        ) : list.data && list.data.items.length === 0 ? (
          <p className="px-6 py-16 text-center text-stone">No messages yet.</p>
        ) : (
          <ul aria-busy={list.loading}>
            {list.data?.items.map((message) => {
              const expanded = openId === message._id;
              return (
                <li key={message._id} className="border-b border-line last:border-0">
                  <div className="flex items-start gap-3 px-4 py-3 sm:px-6">
                    <button
                      type="button"
                      className="flex min-w-0 flex-1 items-start gap-3 text-left"
                      aria-expanded={expanded}
                      onClick={() => void open(message)}
                    >
                      <span
                        className={`mt-2 size-2 shrink-0 rounded-full ${message.read ? "bg-transparent" : "bg-clay"}`}
                        aria-hidden="true"
                      />
                      <span className="min-w-0 flex-1">
                        <span className={`block truncate ${message.read ? "" : "font-semibold"}`}>
                          {message.subject}
                          {!message.read && <span className="sr-only"> (unread)</span>}
                        </span>
                        <span className="block truncate text-sm text-stone">
                          {message.name} · {when(message.createdAt)}
                        </span>
                      </span>
                    </button>
                    <button
                      type="button"
                      className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand"
                      aria-label={
                        message.read ? `Mark "${message.subject}" as unread` : `Mark "${message.subject}" as read`
                      }
                      onClick={() => void setRead(message, !message.read)}
                    >
                      {message.read ? (
                        <Mail className="size-4" aria-hidden="true" />
                      ) : (
                        <MailOpen className="size-4" aria-hidden="true" />
                      )}
                    </button>
                    <button
                      type="button"
                      className="inline-flex size-10 items-center justify-center rounded-full text-promo hover:bg-red-50"
                      aria-label={`Delete "${message.subject}"`}
                      onClick={() => setDeleting(message)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
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
                          {message.phoneNumber}
                        </a>
                      </p>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="border-t border-line px-4 py-3 empty:hidden">
        <Pager page={list.page} totalPages={Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE))} onPage={list.setPage} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        question="Are you sure you want to delete this message?"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
