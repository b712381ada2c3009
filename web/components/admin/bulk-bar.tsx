/**
 * Manage Products' bulk changes (docs/product.md, Catalogue tools). The bar is a GET
 * form: the ticked rows' checkboxes (`ids`, which belong to it), or "all N matching" the
 * list's filters, and the change; Preview puts them in the URL, and the dashboard's
 * loader asks the server what the change would do without writing anything. The preview
 * lists each product's before → after and holds the Apply form: one post of the same
 * fields. Deleting asks first, with the one confirmation. All of it works without
 * JavaScript; with it, the bar shows once a row is ticked and asks only for what the
 * chosen change needs.
 */
import { Eye, Undo2, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { CollectionChoice, UndoableBulkChange } from "../../../domain/catalog/admin.types";
import type { BulkChangeLine } from "../../../domain/catalog/bulk-change.schema";
import { bulkChangeSubject } from "../../../domain/catalog/bulk-undo";
import { formatClock } from "../../../domain/dates";
import { ROUNDING_STEPS } from "../../../domain/catalog/bulk-rounding";
import { formatNaira } from "../../../domain/money";
import { useHydrated } from "../../lib/use-hydrated";
import { ConfirmDialog } from "../form/confirm-dialog";
import { CONFIRM_PARAM } from "../../lib/confirm-param";
import { BULK_FORM_ID, SELECT_PAGE, type Selection } from "./admin-list";
import {
  ALL_MATCHING,
  BULK_CHANGES,
  BULK_PARAMS,
  bulkChangeOf,
  PREVIEW_ROWS,
  roundingLabel,
  type BulkPreview,
} from "../../lib/bulk-changes";

/** The list's own fields (filters, sort, page), without the bar's or an open question. */
function listParams(search: string) {
  const params = new URLSearchParams(search);
  for (const name of [...Object.values(BULK_PARAMS), CONFIRM_PARAM, SELECT_PAGE]) params.delete(name);
  return params;
}

const groups = [...new Set(BULK_CHANGES.map((change) => change.group))];

const field =
  "h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink focus:border-ink focus:outline-none sm:text-sm";

export function BulkBar({
  selection,
  total,
  collections,
}: {
  selection: Selection;
  /** How many products the list's filters match. */
  total: number;
  collections: readonly CollectionChoice[];
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const [change, setChange] = useState("");
  const kind = bulkChangeOf(change);
  const { all: allMatching, setAll: setAllMatching } = selection;
  const count = allMatching ? total : selection.ids.length;
  // Scripts show the bar once there is something to change; without them it is always there.
  if (hydrated && count === 0 && !allMatching) return null;
  const needs = (input: string) => !hydrated || kind?.input === input;
  const byLabel =
    kind?.input === "amount" ? "Amount (₦)" : kind?.input === "promoPercent" ? "Percentage off" : "Percentage";

  return (
    <Form
      id={BULK_FORM_ID}
      method="get"
      aria-label="Change the selected products"
      className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 rounded-b-3xl border-t border-line bg-white/95 px-4 py-3 shadow-[0_-8px_24px_rgba(31,28,25,0.08)] backdrop-blur sm:px-6 lg:bottom-0"
    >
      {[...listParams(location.search)].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <p className="text-sm font-medium" aria-live="polite">
          {allMatching
            ? `All ${total} matching products`
            : hydrated
              ? `${count} selected`
              : "Tick products, or all that match"}
        </p>
        <div className="flex items-center gap-1">
          {total > selection.ids.length && (
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={BULK_PARAMS.scope}
                value={ALL_MATCHING}
                checked={allMatching}
                onChange={(event) => setAllMatching(event.currentTarget.checked)}
                className="size-5 accent-ink"
              />
              Select all {total} matching
            </label>
          )}
          {hydrated && (
            <button
              type="button"
              onClick={() => {
                selection.set([]);
                setAllMatching(false);
              }}
              // A phone's bar keeps to two rows: unticking, or the list's own link, clears there.
              className="hidden size-11 items-center justify-center rounded-full hover:bg-sand sm:inline-flex"
              aria-label="Clear the selection"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="min-w-0 basis-full text-sm text-stone sm:basis-64">
          <span className="sr-only">Change</span>
          <select
            name={BULK_PARAMS.change}
            value={change}
            onChange={(event) => setChange(event.currentTarget.value)}
            required
            className={`${field} pr-9`}
          >
            <option value="" disabled>
              Choose a change…
            </option>
            {groups.map((group) => (
              <optgroup key={group} label={group}>
                {BULK_CHANGES.filter((option) => option.group === group).map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {(needs("percent") || needs("amount") || needs("promoPercent")) && (
          <label className="order-2 min-w-0 flex-1 text-sm text-stone sm:order-1 sm:max-w-40">
            <span className={hydrated ? "sr-only" : "block"}>{hydrated ? byLabel : "Percentage or amount"}</span>
            <input
              name={BULK_PARAMS.by}
              type="text"
              inputMode="decimal"
              placeholder={kind?.input === "amount" ? "₦ amount" : "%"}
              required={hydrated}
              autoComplete="off"
              className={field}
            />
          </label>
        )}
        {needs("percent") && (
          // On a phone the rounding takes a row of its own, above the figure and Preview.
          <label className="order-1 min-w-0 basis-full text-sm text-stone sm:order-2 sm:w-72 sm:basis-auto">
            <span className={hydrated ? "sr-only" : "block"}>Round prices to</span>
            <select name={BULK_PARAMS.round} defaultValue={String(ROUNDING_STEPS[0])} className={`${field} pr-9`}>
              {ROUNDING_STEPS.map((step) => (
                <option key={step} value={step}>
                  {hydrated ? `Round to ${roundingLabel(step)}` : roundingLabel(step)}
                </option>
              ))}
            </select>
          </label>
        )}
        {needs("collection") && (
          <label className="order-2 min-w-0 flex-1 text-sm text-stone sm:basis-56">
            <span className={hydrated ? "sr-only" : "block"}>Collection</span>
            <select name={BULK_PARAMS.to} defaultValue="none" className={`${field} pr-9`}>
              <option value="none">No collection</option>
              {collections.map((collection) => (
                <option key={collection._id} value={collection._id}>
                  {collection.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="submit"
          className="order-3 ml-auto inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90"
        >
          <Eye className="size-4" aria-hidden="true" /> Preview
        </button>
      </div>
    </Form>
  );
}

/** "₦110,000" or, on promotion, "₦99,000 (₦110,000)". */
function PriceShown({ fields }: { fields: Record<string, unknown> }) {
  const price = fields.price as number | undefined;
  const discounted = fields.discountedPrice as number | null | undefined;
  if (fields.isPromo && typeof discounted === "number") {
    return (
      <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-promo">{formatNaira(discounted)}</span>
        {price !== undefined && <s className="text-xs text-stone">{formatNaira(price)}</s>}
      </span>
    );
  }
  return <span>{price === undefined ? "No promotion" : formatNaira(price)}</span>;
}

/** A product's touched fields as words. */
function Fields({ fields }: { fields: Record<string, unknown> | null }) {
  if (fields === null) return <span className="text-promo">Deleted</span>;
  if ("price" in fields || "discountedPrice" in fields) return <PriceShown fields={fields} />;
  if ("sold" in fields) return <span>{fields.sold ? "Sold" : "Available"}</span>;
  if ("collection" in fields) {
    const collection = fields.collection as { name: string } | null;
    return <span>{collection ? collection.name : "No collection"}</span>;
  }
  if ("status" in fields) return <span>{fields.status === "draft" ? "Draft" : "Published"}</span>;
  return null;
}

export function BulkPreviewPanel({ preview }: { preview: BulkPreview }) {
  const location = useLocation();
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-apply";
  const { changes, fields, refused } = preview;
  const shown = changes.slice(0, PREVIEW_ROWS);
  const more = changes.length - shown.length;
  const n = changes.length;
  const products = n === 1 ? "1 product" : `${n} products`;
  // Cancel keeps the ticked rows, drops the change.
  const cancel = (() => {
    const params = new URLSearchParams(location.search);
    for (const name of [BULK_PARAMS.change, BULK_PARAMS.by, BULK_PARAMS.round, BULK_PARAMS.to, CONFIRM_PARAM])
      params.delete(name);
    return `${location.pathname}?${params}`;
  })();
  const hidden = (
    <>
      <input type="hidden" name="intent" value="bulk-apply" />
      {fields.ids.map((id) => (
        <input key={id} type="hidden" name={BULK_PARAMS.ids} value={id} />
      ))}
      {(["scope", "change", "by", "round", "to"] as const).map((name) =>
        fields[name] ? <input key={name} type="hidden" name={BULK_PARAMS[name]} value={fields[name]} /> : null,
      )}
    </>
  );
  const cancelLink = (
    <Link
      to={cancel}
      preventScrollReset
      className="inline-flex h-11 items-center rounded-full px-5 text-sm hover:bg-sand"
    >
      Cancel
    </Link>
  );

  return (
    <section
      aria-labelledby="bulk-preview-title"
      className="mx-4 my-3 rounded-2xl border border-ink/20 bg-sand/40 p-4 sm:mx-6 sm:p-5"
    >
      <p className="text-xs tracking-[0.14em] text-stone uppercase">Preview — nothing changed yet</p>
      <h3 id="bulk-preview-title" className="mt-1 font-serif text-xl">
        {preview.title}
      </h3>
      {refused ? (
        <>
          <p role="alert" className="mt-3 rounded-xl bg-promo/5 px-3 py-2 text-sm text-promo">
            {refused}
          </p>
          <div className="mt-3 flex justify-end">{cancelLink}</div>
        </>
      ) : n === 0 ? (
        <>
          <p className="mt-2 text-sm text-stone">Nothing would change: the chosen products already are that way.</p>
          <div className="mt-3 flex justify-end">{cancelLink}</div>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone">
            {products} will change{preview.action === "delete" ? " — deleted for good" : ""}.
          </p>
          <ul aria-label="Changes" className="mt-3 text-sm">
            {shown.map((line: BulkChangeLine) => (
              <li
                key={line._id}
                className="border-b border-line/60 py-2 last:border-0 sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
              >
                <p className="font-medium [overflow-wrap:anywhere]">{line.name}</p>
                <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 sm:mt-0">
                  <span className="text-stone">
                    <Fields fields={line.before} />
                  </span>
                  <span aria-label="becomes" className="text-stone">
                    →
                  </span>
                  <Fields fields={line.after} />
                </p>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-2 text-sm text-stone">and {more} more</p>}
          <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
            {cancelLink}
            {preview.action === "delete" ? (
              <ConfirmDialog
                name="bulk-delete"
                trigger={`Delete ${products}`}
                triggerClassName="inline-flex h-11 items-center rounded-full bg-promo px-5 text-sm text-white hover:bg-promo/90"
                question={`Are you sure you want to delete ${n === 1 ? "this listing" : `these ${n} listings`}? This action cannot be undone.`}
                confirmLabel="Delete"
                pending={applying}
                pendingLabel="Deleting..."
                form={({ children, className }) => (
                  <Form method="post" className={className}>
                    {hidden}
                    {children}
                  </Form>
                )}
              />
            ) : (
              <Form method="post">
                {hidden}
                <button
                  type="submit"
                  aria-disabled={applying || undefined}
                  onClick={(event) => applying && event.preventDefault()}
                  className="inline-flex h-11 items-center rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90 aria-disabled:opacity-60"
                >
                  {applying ? "Applying..." : `Apply to ${products}`}
                </button>
              </Form>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The newest bulk change, while it can still be undone (docs/product.md, Catalogue tools):
 * what it changed, when, and Undo, a plain form, until the hour is up.
 */
export function UndoBulkBanner({ change }: { change: UndoableBulkChange }) {
  const navigation = useNavigation();
  const undoing = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-undo";
  return (
    <section
      aria-label="Undo the last bulk change"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-sand/60 px-4 py-3 text-sm"
    >
      <p>
        <span className="font-medium">{bulkChangeSubject(change.action, change.count)}</span> changed at{" "}
        {formatClock(change.at)}. <span className="text-stone">Undo until {formatClock(change.until)}.</span>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="bulk-undo" />
        <input type="hidden" name="id" value={change._id} />
        <button
          type="submit"
          aria-disabled={undoing || undefined}
          onClick={(event) => undoing && event.preventDefault()}
          className="inline-flex h-11 items-center gap-2 rounded-full border border-ink px-5 hover:bg-ink hover:text-white aria-disabled:opacity-60"
        >
          <Undo2 className="size-4" aria-hidden="true" />
          {undoing ? "Undoing..." : "Undo"}
        </button>
      </Form>
    </section>
  );
}
