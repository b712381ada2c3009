/**
 * The owner's day (docs/product.md, Today): on the dashboard, each queue counted with a
 * link to /admin/today, and the new orders waiting for a reply (a day or more marked, as
 * the dashboard always showed them); on /admin/today, every queue with its entries, each
 * one tap to WhatsApp with the message filled from the owner's template (shown before
 * sending), and "Done" and "Snooze until" as plain forms, so they work before the page's
 * scripts run.
 */
import { ArrowRight, MessageCircle } from "lucide-react";
import { Form, Link } from "react-router";
import { addDays, formatMoment, lagosDay } from "../../../domain/dates";
import type { Today, TodayEntry } from "../../../domain/today/today.schema";

const card = "rounded-3xl border border-line bg-white p-5";

export const TODAY_INTENTS = { done: "done", snooze: "snooze" } as const;

/** The dashboard's first block: each queue's count, and the new orders waiting, late ones marked. */
export function TodayBlock({ today }: { today: Today }) {
  const waiting = today.queues.find((queue) => queue.kind === "new_orders")!;
  const total = today.queues.reduce((sum, queue) => sum + queue.count, 0);
  return (
    <section aria-labelledby="today-block" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="today-block" className="font-serif text-2xl">
          Today <span className="text-stone tabular-nums">({total})</span>
        </h2>
        <Link to="/admin/today" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline">
          Open Today <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <nav aria-label="Today's queues" className={card}>
        <ul className="flex flex-wrap gap-2">
          {today.queues.map((queue) => (
            <li key={queue.kind}>
              <Link
                to={`/admin/today#${queue.kind}`}
                className="inline-flex min-h-9 items-center gap-2 rounded-full border border-line px-3.5 py-1 text-sm hover:border-ink"
              >
                {queue.label}
                <span className="font-semibold tabular-nums">{queue.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="Waiting for your reply" className={card}>
        <h3 className="font-medium">
          Waiting for your reply <span className="text-stone tabular-nums">({waiting.count})</span>
        </h3>
        {waiting.entries.length === 0 ? (
          <p className="mt-2 text-sm text-stone">No new order waiting. Well done.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {waiting.entries.slice(0, 10).map((entry) => (
              <li key={entry._id}>
                <Link
                  to={`/admin/orders/${entry.orderId}`}
                  className={`-mx-2 flex items-center justify-between gap-3 rounded-xl px-2 py-2 text-sm ${entry.late ? "bg-clay/10 hover:bg-clay/15" : "hover:bg-sand/60"}`}
                >
                  <span className="min-w-0 truncate">{entry.title}</span>
                  <span className={`shrink-0 ${entry.late ? "font-medium text-clay" : "text-stone"}`}>
                    {entry.late ? "Over a day" : formatMoment(entry.dueAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function EntryRow({ entry, now }: { entry: TodayEntry; now: number }) {
  const tomorrow = addDays(lagosDay(new Date(now)), 1);
  return (
    <li className={`space-y-3 py-4 ${entry.late ? "-mx-3 rounded-2xl bg-clay/10 px-3" : ""}`} data-entry={entry._id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          {entry.orderId ? (
            <Link to={`/admin/orders/${entry.orderId}`} className="underline-offset-2 hover:underline">
              {entry.title}
            </Link>
          ) : (
            entry.title
          )}
        </p>
        <p className={`text-sm ${entry.late ? "font-medium text-clay" : "text-stone"}`}>
          {entry.late ? "Waiting over a day" : `Due ${formatMoment(entry.dueAt)}`}
        </p>
      </div>
      {entry.detail && <p className="text-sm text-stone">{entry.detail}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer text-stone">The message</summary>
        <p className="mt-2 whitespace-pre-line break-words rounded-2xl bg-sand/60 p-3" data-testid="today-message">
          {entry.message}
        </p>
      </details>
      <div className="flex flex-wrap items-center gap-2">
        {entry.whatsappUrl ? (
          <a
            href={entry.whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-full bg-ink px-4 text-sm text-white"
          >
            <MessageCircle className="size-4" aria-hidden="true" /> WhatsApp
          </a>
        ) : (
          <span className="text-sm text-stone">No phone number</span>
        )}
        <Form method="post" className="inline">
          <input type="hidden" name="entryId" value={entry._id} />
          <button
            type="submit"
            name="intent"
            value={TODAY_INTENTS.done}
            className="h-11 rounded-full border border-line px-4 text-sm hover:border-ink"
          >
            Done
          </button>
        </Form>
        <Form method="post" className="inline-flex items-center gap-2">
          <input type="hidden" name="entryId" value={entry._id} />
          <label className="sr-only" htmlFor={`until-${entry._id}`}>
            Snooze until
          </label>
          <input
            id={`until-${entry._id}`}
            type="date"
            name="until"
            min={tomorrow}
            defaultValue={tomorrow}
            required
            className="h-11 rounded-full border border-line px-3 text-sm"
          />
          <button
            type="submit"
            name="intent"
            value={TODAY_INTENTS.snooze}
            className="h-11 rounded-full border border-line px-4 text-sm hover:border-ink"
          >
            Snooze
          </button>
        </Form>
      </div>
    </li>
  );
}

/** Every queue of /admin/today, each with its count and its first entries. */
export function TodayQueues({ today, now }: { today: Today; now: number }) {
  return (
    <div className="space-y-6">
      {today.queues.map((queue) => (
        <section key={queue.kind} id={queue.kind} aria-labelledby={`${queue.kind}-title`} className={card}>
          <h2 id={`${queue.kind}-title`} className="font-medium">
            {queue.label} <span className="text-stone tabular-nums">({queue.count})</span>
          </h2>
          {queue.entries.length === 0 ? (
            <p className="mt-2 text-sm text-stone">Nobody to chase here.</p>
          ) : (
            <ul className="divide-y divide-line">
              {queue.entries.map((entry) => (
                <EntryRow key={entry._id} entry={entry} now={now} />
              ))}
            </ul>
          )}
          {queue.count > queue.entries.length && (
            <p className="mt-2 text-sm text-stone">
              {queue.count - queue.entries.length} more: mark these done or snooze them to see the rest.
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
