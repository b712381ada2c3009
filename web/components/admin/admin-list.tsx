/**
 * A Manage … list of the admin panel (docs/product.md, Admin panel): one page of rows from
 * the dashboard's loader, rows that expand to show details, Edit, Delete after a
 * confirmation, a pager, "Showing X-Y of N", an empty state, and a list at most 60% of
 * the screen high. A deleted row goes at once (the fetcher's form says which) and the
 * list revalidates by itself after the deletion.
 */
import { ChevronDown, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { AdminListPage } from "../../../domain/catalog/admin.types";
import { DeleteConfirm, useDeleteFetcher, type DeleteIntent } from "./delete-confirm";
import { Pager } from "./pager";

export interface AdminRow {
  id: string;
  title: string;
  /** A short line under the title: price, category, location... */
  meta: ReactNode;
  thumbnail?: string | null;
  details: ReactNode;
  editHref: string;
}

export interface AdminListProps<T> {
  heading: string;
  /** Plural noun for "Showing 1-10 of 24 projects". */
  noun: string;
  addHref: string;
  addLabel: string;
  list: AdminListPage<T>;
  toRow(item: T): AdminRow;
  deleteIntent: DeleteIntent;
  confirmQuestion: string;
  /** Projects open one row at a time; the others let several stay open. */
  oneOpenAtATime?: boolean;
}

export function AdminList<T>(props: AdminListProps<T>) {
  const { list } = props;
  const [open, setOpen] = useState<Set<string>>(new Set());
  const navigation = useNavigation();
  const location = useLocation();
  // An edit saved comes back to this page of the list.
  const back = `?back=${encodeURIComponent(location.pathname + location.search)}`;
  // Another page of this list on its way: the rows shown dim until it arrives.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  const rows = list.items.map(props.toRow);
  const totalPages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const first = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, list.page * list.pageSize);
  // "Projects" for 'Loading Projects...'.
  const Noun = props.noun.charAt(0).toUpperCase() + props.noun.slice(1);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(props.oneOpenAtATime ? [] : current);
      if (current.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="list-heading" className="rounded-3xl border border-line bg-white">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <div>
          <h2 id="list-heading" className="font-serif text-2xl">
            {props.heading}
          </h2>
          <p className="mt-1 text-sm text-stone" aria-live="polite">
            {loading
              ? `Loading ${Noun}...`
              : list.total > 0
                ? `Showing ${first}-${last} of ${list.total} ${props.noun}`
                : ""}
          </p>
        </div>
        <Link
          to={props.addHref}
          className="inline-flex items-center gap-2 rounded-full bg-ink px-4 py-2.5 text-sm text-white hover:bg-ink/90"
        >
          <Plus className="size-4" aria-hidden="true" /> {props.addLabel}
        </Link>
      </header>

      <div className="max-h-[60vh] overflow-y-auto">
        {rows.length === 0 ? (
          <p className="px-6 py-16 text-center text-stone">
            No {props.noun} found.{" "}
            <Link to={props.addHref} className="text-ink underline">
              {props.addLabel}
            </Link>
          </p>
        ) : (
          <ul aria-busy={loading} className={loading ? "opacity-60" : undefined}>
            {rows.map((row) => (
              <Row
                key={row.id}
                row={{ ...row, editHref: `${row.editHref}${back}` }}
                expanded={open.has(row.id)}
                onToggle={() => toggle(row.id)}
                intent={props.deleteIntent}
                question={props.confirmQuestion}
              />
            ))}
          </ul>
        )}
      </div>

      <div className="border-t border-line px-4 py-3 empty:hidden">
        <Pager page={list.page} totalPages={totalPages} />
      </div>
    </section>
  );
}

function Row({
  row,
  expanded,
  onToggle,
  intent,
  question,
}: {
  row: AdminRow;
  expanded: boolean;
  onToggle(): void;
  intent: DeleteIntent;
  question: string;
}) {
  const fetcher = useDeleteFetcher(`${intent}-${row.id}`);
  // Optimistic: the row goes as soon as its deletion is sent, and comes back if refused.
  const going = fetcher.formData?.get("id") === row.id;
  return (
    <li hidden={going} className="border-b border-line last:border-0">
      <div className="flex items-center gap-2 px-3 py-3 sm:gap-3 sm:px-6">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-3 text-left sm:gap-4"
          aria-expanded={expanded}
          aria-controls={`row-${row.id}`}
          onClick={onToggle}
        >
          {row.thumbnail ? (
            <img
              src={row.thumbnail}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-xl object-cover"
            />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-sand text-[10px] text-stone">
              No Image
            </span>
          )}
          <span className="min-w-0">
            <span className="block truncate font-medium">{row.title}</span>
            <span className="block truncate text-sm text-stone">{row.meta}</span>
          </span>
          <ChevronDown
            className={`ml-auto size-4 shrink-0 text-stone transition-transform ${expanded ? "rotate-180" : ""}`}
            aria-hidden="true"
          />
        </button>
        <Link
          to={row.editHref}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-sand"
          aria-label={`Edit ${row.title}`}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
        <DeleteConfirm
          fetcher={fetcher}
          intent={intent}
          id={row.id}
          question={question}
          trigger={<Trash2 className="size-4" aria-hidden="true" />}
          triggerLabel={`Delete ${row.title}`}
          triggerClassName="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-promo hover:bg-red-50"
        />
      </div>
      {expanded && (
        <div id={`row-${row.id}`} className="bg-sand/50 px-5 py-4 text-sm sm:px-6">
          {row.details}
        </div>
      )}
    </li>
  );
}
