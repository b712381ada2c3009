/**
 * A Manage … list of the admin panel (docs/product.md, Lists and pager): the search and
 * filters above, "Showing X-Y of N", one page of rows from the dashboard's loader, a
 * pager, and an empty state that offers to clear the filters. A row shows the item's
 * whole name, its price and status chips, and opens to show details and its actions
 * (Edit, Duplicate, Preview or View in the shop, Delete after a confirmation). A deleted
 * row goes at once (the fetcher's form says which) and the list revalidates by itself.
 *
 * A list may be `selectable` (Manage Products): each row has a checkbox named `ids` that
 * belongs to the bulk bar's form, so the selection is a real form without scripts too.
 *
 * A member whose roles may read the items but not change them (`editable` false) sees the
 * same list and rows without Add, Edit, Delete or the selection: the server would refuse
 * them (docs/product.md, Permissions).
 */
import { ChevronDown, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { AdminListPage } from "../../../domain/catalog/admin.types";
import { useHydrated } from "../../lib/use-hydrated";
import { ALL_MATCHING, BULK_PARAMS } from "../../lib/bulk-changes";
import { DeleteConfirm, useDeleteFetcher, type DeleteIntent } from "./delete-confirm";
import { Pager } from "./pager";

export interface AdminRow {
  id: string;
  title: string;
  /** The price line, when the item has one. */
  price?: ReactNode;
  /** A short line under the price: category, style, location... */
  meta: ReactNode;
  /** Draft, Sold, Promotion, Best seller. */
  chips: readonly Chip[];
  thumbnail?: string | null;
  details: ReactNode;
  editHref: string;
  /** The opened row's actions besides Edit and Delete (Duplicate, Preview). */
  actions?: ReactNode;
}

export type Chip = "Draft" | "Sold" | "Promotion" | "Best seller";

const CHIP_STYLE: Record<Chip, string> = {
  Draft: "border border-dashed border-ink/50 bg-white text-ink",
  Sold: "bg-ink text-white",
  Promotion: "bg-promo/10 text-promo",
  "Best seller": "bg-clay/15 text-clay",
};

/** The bulk bar's form id: the rows' checkboxes belong to it. */
export const BULK_FORM_ID = "bulk-form";

/**
 * `?select=page`: the page opens with every row ticked (Select all on this page, without
 * scripts); `?select=all`: with all that match the filters chosen.
 */
export const SELECT_PAGE = "select";

export interface Selection {
  ids: readonly string[];
  set(ids: readonly string[]): void;
  /** Every product the list's filters match, not only the ticked rows. */
  all: boolean;
  setAll(all: boolean): void;
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
  /** The search and filters. */
  toolbar: ReactNode;
  /** Whether a search or filter narrows the list: the empty state then offers to clear it. */
  narrowed: boolean;
  clearHref: string;
  /** Rows with checkboxes, and what shows for the selection (the bulk bar, a preview). */
  selectable?: { bar(selection: Selection): ReactNode; above?: ReactNode };
  /** Whether the member may add, edit and delete these items: else the list is for reading. */
  editable: boolean;
}

export function AdminList<T>(props: AdminListProps<T>) {
  const { list } = props;
  const [open, setOpen] = useState<Set<string>>(new Set());
  const navigation = useNavigation();
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const rows = list.items.map(props.toRow);
  // The ticked rows, as the URL says (a preview names them; ?select= ticks a page or all),
  // and afresh whenever it changes: only the rows on show can be sent.
  const fromUrl = () => ({
    ids: params.get(SELECT_PAGE) === "page" ? rows.map((row) => row.id) : params.getAll(BULK_PARAMS.ids),
    all: params.get(SELECT_PAGE) === ALL_MATCHING || params.get(BULK_PARAMS.scope) === ALL_MATCHING,
  });
  const [selected, setSelected] = useState<readonly string[]>(() => fromUrl().ids);
  const [all, setAll] = useState(() => fromUrl().all);
  const [readFrom, setReadFrom] = useState(location.search);
  if (readFrom !== location.search) {
    setReadFrom(location.search);
    setSelected(fromUrl().ids);
    setAll(fromUrl().all);
  }
  const selection: Selection = { ids: selected, set: setSelected, all, setAll };
  // An edit saved comes back to this page of the list.
  const back = `?back=${encodeURIComponent(location.pathname + location.search)}`;
  // Another page of this list on its way: the rows shown dim until it arrives.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  const totalPages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const first = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, list.page * list.pageSize);
  // "Projects" for 'Loading Projects...'.
  const Noun = props.noun.charAt(0).toUpperCase() + props.noun.slice(1);
  const pageIds = rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const selectHref = (select: string | null) => {
    const next = new URLSearchParams(params);
    next.delete(BULK_PARAMS.ids);
    next.delete(BULK_PARAMS.scope);
    if (select) next.set(SELECT_PAGE, select);
    else next.delete(SELECT_PAGE);
    return `${location.pathname}?${next}`;
  };
  const selectLink = "inline-flex min-h-11 items-center text-sm underline underline-offset-4";

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(props.oneOpenAtATime ? [] : current);
      if (current.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="list-heading" className="rounded-3xl border border-line bg-white">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <h2 id="list-heading" className="font-serif text-2xl">
          {props.heading}
        </h2>
        {props.editable && (
          <Link
            to={props.addHref}
            className="inline-flex items-center gap-2 rounded-full bg-ink px-4 py-2.5 text-sm text-white hover:bg-ink/90"
          >
            <Plus className="size-4" aria-hidden="true" /> {props.addLabel}
          </Link>
        )}
      </header>

      {props.toolbar}

      <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 pt-3 sm:px-6">
        <p className="text-sm text-stone" aria-live="polite">
          {loading
            ? `Loading ${Noun}...`
            : list.total > 0
              ? `Showing ${first}-${last} of ${list.total} ${props.noun}`
              : ""}
        </p>
        {props.selectable && rows.length > 0 && (
          <div className="flex flex-wrap gap-x-4">
            <Link
              to={selectHref(allOnPage ? null : "page")}
              preventScrollReset
              replace
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setAll(false);
                setSelected(
                  allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])],
                );
              }}
              className={selectLink}
            >
              {allOnPage ? "Clear selection on this page" : "Select all on this page"}
            </Link>
            {(props.narrowed || list.total > rows.length) && !all && (
              <Link
                to={selectHref(ALL_MATCHING)}
                preventScrollReset
                replace
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setAll(true);
                }}
                className={selectLink}
              >
                Select all {list.total} matching
              </Link>
            )}
          </div>
        )}
      </div>

      {props.selectable?.above}

      {rows.length === 0 ? (
        <div className="px-6 py-14 text-center text-stone">
          {props.narrowed ? (
            <>
              <p>No {props.noun} match this search and these filters.</p>
              <Link
                to={props.clearHref}
                className="mt-4 inline-flex h-11 items-center rounded-full border border-ink px-5 text-sm text-ink hover:bg-ink hover:text-white"
              >
                Clear all filters
              </Link>
            </>
          ) : (
            <p>
              No {props.noun} found.{" "}
              {props.editable && (
                <Link to={props.addHref} className="text-ink underline">
                  {props.addLabel}
                </Link>
              )}
            </p>
          )}
        </div>
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
              editable={props.editable}
              {...(props.selectable
                ? {
                    checked: all || selected.includes(row.id),
                    onCheck: (checked: boolean) =>
                      setSelected((current) =>
                        checked ? [...new Set([...current, row.id])] : current.filter((id) => id !== row.id),
                      ),
                  }
                : {})}
            />
          ))}
        </ul>
      )}

      <div className="border-t border-line px-4 py-3 empty:hidden">
        <Pager page={list.page} totalPages={totalPages} />
      </div>

      {props.selectable?.bar(selection)}
    </section>
  );
}

/** The price with what it was, struck through, when on promotion. */
export function RowPrice({ price, now }: { price: string; now: string | null }) {
  return now ? (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-medium text-promo">{now}</span>
      <s className="text-sm text-stone">{price}</s>
    </span>
  ) : (
    <span className="font-medium">{price}</span>
  );
}

function Row({
  row,
  expanded,
  onToggle,
  intent,
  question,
  editable,
  checked,
  onCheck,
}: {
  row: AdminRow;
  expanded: boolean;
  onToggle(): void;
  intent: DeleteIntent;
  question: string;
  editable: boolean;
  checked?: boolean;
  onCheck?(checked: boolean): void;
}) {
  const fetcher = useDeleteFetcher(`${intent}-${row.id}`);
  // Optimistic: the row goes as soon as its deletion is sent, and comes back if refused.
  const going = fetcher.formData?.get("id") === row.id;
  return (
    <li hidden={going} className="border-b border-line last:border-0">
      <div className="flex items-start gap-1 py-2 pr-2 pl-1 sm:gap-2 sm:pr-4 sm:pl-3">
        {onCheck && (
          <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              name={BULK_PARAMS.ids}
              value={row.id}
              form={BULK_FORM_ID}
              checked={checked}
              onChange={(event) => onCheck(event.currentTarget.checked)}
              aria-label={`Select ${row.title}`}
              className="size-5 accent-ink"
            />
          </label>
        )}
        <button
          type="button"
          className={`flex min-w-0 flex-1 items-start gap-3 py-1 text-left sm:gap-4 ${onCheck ? "" : "pl-2"}`}
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
          <span className="min-w-0 flex-1">
            <span className="block font-medium [overflow-wrap:anywhere]">{row.title}</span>
            {row.price && <span className="mt-0.5 block text-sm">{row.price}</span>}
            <span className="mt-0.5 block text-sm text-stone [overflow-wrap:anywhere]">{row.meta}</span>
            {row.chips.length > 0 && (
              <span className="mt-1.5 flex flex-wrap gap-1.5">
                {row.chips.map((chip) => (
                  <span key={chip} className={`rounded-full px-2 py-0.5 text-xs ${CHIP_STYLE[chip]}`}>
                    {chip}
                  </span>
                ))}
              </span>
            )}
          </span>
          <ChevronDown
            className={`mt-1 hidden size-4 shrink-0 text-stone transition-transform sm:block ${expanded ? "rotate-180" : ""}`}
            aria-hidden="true"
          />
        </button>
        {editable && (
          <Link
            to={row.editHref}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-sand"
            aria-label={`Edit ${row.title}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
      {expanded && (
        <div id={`row-${row.id}`} className="space-y-4 bg-sand/50 px-5 py-4 text-sm sm:px-6">
          {row.details}
          <div className="flex flex-wrap items-center gap-2">
            {editable && (
              <Link
                to={row.editHref}
                className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 hover:border-ink"
              >
                <Pencil className="size-4" aria-hidden="true" /> Edit
              </Link>
            )}
            {row.actions}
            {editable && (
              <DeleteConfirm
                fetcher={fetcher}
                intent={intent}
                id={row.id}
                question={question}
                trigger={
                  <>
                    <Trash2 className="size-4" aria-hidden="true" /> Delete
                  </>
                }
                triggerLabel={`Delete ${row.title}`}
                triggerClassName="inline-flex h-10 items-center gap-2 rounded-full border border-promo/40 bg-white px-4 text-promo hover:bg-red-50"
              />
            )}
          </div>
        </div>
      )}
    </li>
  );
}
