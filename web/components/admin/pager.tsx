/**
 * Previous / Next, the first and last pages, and a window of at most five pages around
 * the current one, with ellipses for the gaps. Links to `?page=n` on the same page, so
 * the server renders any page and Back returns to it. Hidden with a single page.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";

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

const button = "inline-flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm";

export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  const step = (n: number, label: "Previous" | "Next", enabled: boolean) => {
    const content =
      label === "Previous" ? (
        <>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </>
      ) : (
        <>
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </>
      );
    return enabled ? (
      <Link to={to(n)} preventScrollReset className={`${button} hover:bg-sand`}>
        {content}
      </Link>
    ) : (
      <span role="link" aria-disabled="true" className={`${button} cursor-not-allowed opacity-40`}>
        {content}
      </span>
    );
  };
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-1">
      {step(page - 1, "Previous", page > 1)}
      {pagerItems(page, totalPages).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="px-1 text-stone" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={to(n)}
            preventScrollReset
            className={`${button} ${n === page ? "bg-ink text-white" : "hover:bg-sand"}`}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
          >
            {n}
          </Link>
        ),
      )}
      {step(page + 1, "Next", page < totalPages)}
    </nav>
  );
}
