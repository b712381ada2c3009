/**
 * A Manage … list of the admin panel (SPEC.md §2): rows that expand to show details,
 * Edit and Delete (after a confirmation), a pager, "Showing X-Y of N", loading, error
 * with Retry (a warning banner when rows are already shown), an empty state, and a list
 * at most 60% of the screen high.
 */
import { AlertTriangle, ChevronDown, Pencil, Plus, RotateCw, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { useAdminPage, type AdminPage } from "../../features/admin/use-admin-page";
import { ApiError } from "../../lib/api-client";
import { ConfirmDialog } from "./confirm-dialog";
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
  pageSize: number;
  load(page: number): Promise<AdminPage<T>>;
  toRow(item: T): AdminRow;
  remove(id: string): Promise<unknown>;
  confirmQuestion: string;
  deletedMessage: string;
  deleteFailedMessage: string;
  /** Projects open one row at a time; the others let several stay open. */
  oneOpenAtATime?: boolean;
  /** Projects go back to page 1 after a deletion (SPEC.md §2); the others stay on their page. */
  firstPageAfterDelete?: boolean;
}

export function AdminList<T>(props: AdminListProps<T>) {
  const { data, loading, error, reload, page, setPage } = useAdminPage(props.load, props.pageSize);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<AdminRow | null>(null);
  const [busy, setBusy] = useState(false);

  const rows = data?.items.map(props.toRow) ?? [];
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / props.pageSize));
  const first = total === 0 ? 0 : (page - 1) * props.pageSize + 1;
  const last = Math.min(total, page * props.pageSize);
  // "Projects" for 'Loading Projects...' and 'Error Loading Projects' (SPEC.md §2).
  const Noun = props.noun.charAt(0).toUpperCase() + props.noun.slice(1);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(props.oneOpenAtATime ? [] : current);
      if (current.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await props.remove(deleting.id);
      toast.success(props.deletedMessage);
      setDeleting(null);
      if (props.firstPageAfterDelete) setPage(1);
      reload();
    } catch (failure) {
      toast.error(failure instanceof ApiError && failure.status !== 500 ? failure.message : props.deleteFailedMessage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="list-heading" className="rounded-3xl border border-line bg-white">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <div>
          <h2 id="list-heading" className="font-serif text-2xl">
            {props.heading}
          </h2>
          <p className="mt-1 text-sm text-stone" aria-live="polite">
            {data && total > 0
              ? `Showing ${first}-${last} of ${total} ${props.noun}`
              : loading
                ? `Loading ${Noun}...`
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

      {error && data && (
        <div role="alert" className="flex items-center gap-3 bg-amber-50 px-5 py-3 text-sm text-amber-900 sm:px-6">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          <span className="flex-1">Could not refresh the list: {error}</span>
          <button type="button" onClick={reload} className="font-medium underline">
            Retry
          </button>
        </div>
      )}

      <div className="max-h-[60vh] overflow-y-auto">
        {error && !data ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
            <p className="font-serif text-xl">Error Loading {Noun}</p>
            <p className="text-stone">{error}</p>
            <button
              type="button"
              onClick={reload}
              className="inline-flex items-center gap-2 rounded-full border border-ink px-4 py-2 text-sm"
            >
              <RotateCw className="size-4" aria-hidden="true" /> Retry
            </button>
          </div>
        ) : !data ? (
          <ul aria-busy="true" aria-label={`Loading ${props.noun}`}>
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex items-center gap-4 border-b border-line px-5 py-4 last:border-0 sm:px-6">
                <div className="size-12 animate-pulse rounded-xl bg-sand" />
                <div className="h-4 flex-1 animate-pulse rounded bg-sand" />
              </li>
            ))}
          </ul>
        ) : rows.length === 0 ? (
          <p className="px-6 py-16 text-center text-stone">
            No {props.noun} found.{" "}
            <Link to={props.addHref} className="text-ink underline">
              {props.addLabel}
            </Link>
          </p>
        ) : (
          <ul className={loading ? "opacity-60" : undefined}>
            {rows.map((row) => {
              const expanded = open.has(row.id);
              return (
                <li key={row.id} className="border-b border-line last:border-0">
                  <div className="flex items-center gap-3 px-4 py-3 sm:px-6">
                    <button
                      type="button"
                      className="flex min-w-0 flex-1 items-center gap-4 text-left"
                      aria-expanded={expanded}
                      aria-controls={`row-${row.id}`}
                      onClick={() => toggle(row.id)}
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
                      className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand"
                      aria-label={`Edit ${row.title}`}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Link>
                    <button
                      type="button"
                      className="inline-flex size-10 items-center justify-center rounded-full text-promo hover:bg-red-50"
                      aria-label={`Delete ${row.title}`}
                      onClick={() => setDeleting(row)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                  {expanded && (
                    <div id={`row-${row.id}`} className="bg-sand/50 px-5 py-4 text-sm sm:px-6">
                      {row.details}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <div className="border-t border-line px-4 py-3 empty:hidden">
        <Pager page={page} totalPages={totalPages} onPage={setPage} />
      </div>

      <ConfirmDialog
        open={deleting !== null}
        question={props.confirmQuestion}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
