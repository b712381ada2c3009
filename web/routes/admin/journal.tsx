/**
 * /admin/journal?person=&area=&item=&from=&to=&page=: who changed what, newest first
 * (docs/product.md, The journal). The Owner reads every area, Accounts the money areas
 * only; the server keeps to that whatever the URL asks. Filters are a plain GET form, so
 * they work without scripts; Export CSV downloads the same entries from the admin API.
 */
import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { formatMoment } from "../../../domain/dates";
import {
  AREA_LABELS,
  JOURNAL_AREAS,
  JournalQuerySchema,
  MONEY_AREAS,
  type JournalEntry,
  type JournalQuery,
} from "../../../domain/journal/journal.schema";
import { allows } from "../../../domain/staff/permissions";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { DateInput } from "../../components/form/date-input";
import { Pager } from "../../components/admin/pager";
import { requireStaffPage } from "../../features/admin/admin-page.server";
import { JOURNAL_EXPORT, JOURNAL_PAGE, journalOf } from "../../features/admin/journal-links";
import type { Route } from "./+types/journal";

const PAGE_SIZE = 30;
const FILTERS = ["person", "area", "item", "from", "to"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Journal" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "journal.money");
  const params = new URL(request.url).searchParams;
  const asked = Object.fromEntries(
    [...FILTERS, "page"].flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  // An address typed by hand with a filter that cannot be read shows every entry, saying why.
  const parsed = JournalQuerySchema.safeParse({ ...asked, limit: PAGE_SIZE });
  const query: JournalQuery = parsed.success ? parsed.data : { page: 1, limit: PAGE_SIZE };
  const notice = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const everything = allows(viewer.roles, "journal.read");
  const [journal, staff, unread] = await Promise.all([
    context.journal.list(query),
    // The people to choose from: the staff list is the Owner's.
    allows(viewer.roles, "staff.manage") ? context.staff.list() : [],
    context.admin.countUnreadMessages(),
  ]);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query[name] ?? ""])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  return {
    journal,
    filters,
    page: query.page,
    notice,
    people: staff.map((member) => ({ value: member._id, label: member.name })),
    areas: everything ? JOURNAL_AREAS : MONEY_AREAS,
    unread,
  };
}

const fieldClass =
  "mt-1.5 block h-11 w-full min-w-0 rounded-xl border border-line bg-white px-3 text-[15px] focus:border-ink focus:outline-none";

export default function Journal({ loaderData }: Route.ComponentProps) {
  const { journal, filters, page, notice, people, areas, unread } = loaderData;
  const totalPages = Math.max(1, Math.ceil(journal.total / PAGE_SIZE));
  const chosen = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  const filtered = chosen.size > 0;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="journal" unread={unread} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-serif text-3xl md:text-4xl">Journal</h1>
            <p className="mt-2 text-stone">Every change made in the admin: who, when, and what it was before.</p>
          </div>
          <a
            href={`${JOURNAL_EXPORT}${chosen.size ? `?${chosen}` : ""}`}
            download
            className="inline-flex h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm hover:border-ink"
          >
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </a>
        </div>

        <Form
          method="get"
          aria-label="Filter the journal"
          className="mt-5 grid grid-cols-2 gap-3 rounded-3xl border border-line bg-white p-4 sm:p-5 md:grid-cols-3"
        >
          {people.length > 0 && (
            <label className="col-span-2 text-sm font-medium md:col-span-1">
              Person
              <select name="person" defaultValue={filters.person} className={fieldClass}>
                <option value="">Everyone</option>
                {people.map((person) => (
                  <option key={person.value} value={person.value}>
                    {person.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="text-sm font-medium">
            Area
            <select name="area" defaultValue={filters.area} className={fieldClass}>
              <option value="">Every area</option>
              {areas.map((area) => (
                <option key={area} value={area}>
                  {AREA_LABELS[area]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            Item
            <input
              name="item"
              defaultValue={filters.item}
              maxLength={200}
              placeholder="Its id"
              className={fieldClass}
            />
          </label>
          <label className="text-sm font-medium">
            From
            <DateInput key={filters.from} name="from" defaultValue={filters.from} className={fieldClass} />
          </label>
          <label className="text-sm font-medium">
            To
            <DateInput key={filters.to} name="to" defaultValue={filters.to} className={fieldClass} />
          </label>
          <div className="col-span-2 flex items-end justify-end gap-2 md:col-span-1">
            {filtered && (
              <Link to={JOURNAL_PAGE} className="inline-flex h-11 items-center rounded-full px-4 text-sm hover:bg-sand">
                Clear
              </Link>
            )}
            <button
              type="submit"
              className="inline-flex h-11 items-center rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90"
            >
              Filter
            </button>
          </div>
        </Form>

        {notice && (
          <p role="status" className="mt-4 rounded-2xl bg-sand px-4 py-3 text-sm">
            {notice} Showing every entry.
          </p>
        )}

        <section aria-labelledby="journal-count" className="mt-5 rounded-3xl border border-line bg-white">
          <h2 id="journal-count" className="border-b border-line px-5 py-3 text-sm text-stone">
            {journal.total} {journal.total === 1 ? "entry" : "entries"}
            {filtered ? " matching the filters" : ""}
          </h2>
          {journal.entries.length === 0 ? (
            <p className="px-6 py-16 text-center text-stone">
              {filtered ? "No entries match." : "Nothing yet. Every change made in the admin is written here."}
            </p>
          ) : (
            <ol data-testid="journal-entries">
              {journal.entries.map((entry) => (
                <EntryRow key={entry._id} entry={entry} />
              ))}
            </ol>
          )}
          <div className="border-t border-line px-4 py-3 empty:hidden">
            <Pager page={page} totalPages={totalPages} />
          </div>
        </section>
      </div>
    </div>
  );
}

function EntryRow({ entry }: { entry: JournalEntry }) {
  return (
    <li className="border-b border-line px-4 py-4 last:border-0 sm:px-5" data-testid="journal-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0">
          <span className="font-medium">{entry.action}</span>
          <span className="text-stone"> · </span>
          <Link to={journalOf(entry.area, entry.item)} className="underline-offset-4 hover:underline">
            {entry.itemLabel}
          </Link>
        </p>
        <span className="shrink-0 rounded-full bg-sand px-2.5 py-0.5 text-xs">{AREA_LABELS[entry.area]}</span>
      </div>
      <p className="mt-1 text-sm text-stone">
        {entry.by.name} · <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
      </p>
      {entry.changes.length > 0 && (
        <dl className="mt-3 grid gap-x-4 gap-y-1.5 rounded-2xl bg-sand/40 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr]">
          {entry.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="font-medium break-words">{change.field}</dt>
              <dd className="min-w-0 break-words">
                {change.before !== null && (
                  <span className="text-stone line-through decoration-stone/50">{change.before}</span>
                )}
                {change.before !== null && change.after !== null && (
                  <span className="px-1.5 text-stone">
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">{" became "}</span>
                  </span>
                )}
                {change.after !== null ? <span>{change.after}</span> : <span className="text-stone"> (removed)</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
