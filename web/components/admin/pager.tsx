/**
 * Previous / Next, the first and last pages, and a window of at most five pages around
 * the current one, with ellipses for the gaps (SPEC.md §2). Hidden with a single page.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";

export const PAGER_WINDOW = 5;

/** The page numbers to show, with null where an ellipsis goes. */
export function pagerItems(page: number, totalPages: number): (number | null)[] {
  const start = Math.max(1, Math.min(page - Math.floor(PAGER_WINDOW / 2), totalPages - PAGER_WINDOW + 1));
  const end = Math.min(totalPages, start + PAGER_WINDOW - 1);
  const items: (number | null)[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push(null);
  for (let n = start; n <= end; n++) items.push(n);
  if (end < totalPages - 1) items.push(null);
  if (end < totalPages) items.push(totalPages);
  return items;
}

const button =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm disabled:cursor-not-allowed disabled:opacity-40";

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage(page: number): void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={`${button} hover:bg-sand`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" /> Previous
      </button>
      {pagerItems(page, totalPages).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="px-1 text-stone" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={`${button} ${n === page ? "bg-ink text-white" : "hover:bg-sand"}`}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${button} hover:bg-sand`}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
