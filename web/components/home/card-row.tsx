import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef } from "react";
import { ItemPlace } from "../../features/lists/list-forms";
import { useDataSaver } from "../../lib/use-data-saver";

/** How wide a card in a row shows, for its pictures' srcset. */
export const ROW_IMAGE_SIZES = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 45vw, 78vw";

/**
 * A home carousel: cards side by side that scroll sideways (swipe, or the arrows on wide
 * screens), snapping to a card. In Data saver mode the row waits behind a "Show" button (a
 * native disclosure, so it opens before scripts too): its pictures load only when the
 * shopper asks for them (docs/product.md, Data saver).
 */
export function CardRow({ children, label }: { children: React.ReactNode[]; label: string }) {
  // One piece can be in two rows (on promotion and a best seller): its anchors name the row.
  const row = (
    <ItemPlace value={label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}>
      <Row label={label}>{children}</Row>
    </ItemPlace>
  );
  if (!useDataSaver()) return row;
  return (
    <details className="group/row" data-testid="tap-to-load">
      <summary className="mt-8 inline-flex cursor-pointer list-none items-center gap-2 rounded-full border border-ink px-5 py-2.5 text-sm hover:bg-sand group-open/row:hidden [&::-webkit-details-marker]:hidden">
        {`Show ${label.toLowerCase()} (${children.length})`}
      </summary>
      {row}
    </details>
  );
}

function Row({ children, label }: { children: React.ReactNode[]; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: "smooth" });
  };
  const arrow =
    "hidden size-11 items-center justify-center rounded-full border border-line bg-white hover:border-ink md:inline-flex";
  return (
    <div>
      <ul
        ref={list}
        aria-label={label}
        className="-mx-5 mt-8 flex snap-x snap-mandatory scroll-px-5 gap-5 overflow-x-auto px-5 pb-4 md:mx-0 md:scroll-px-0 md:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {children.map((child, i) => (
          <li
            key={i}
            className="w-[78%] shrink-0 snap-start sm:w-[45%] md:w-[calc((100%-2.5rem)/3)] lg:w-[calc((100%-3.75rem)/4)]"
          >
            {child}
          </li>
        ))}
      </ul>
      <div className="mt-2 hidden justify-end gap-2 md:flex">
        <button type="button" className={arrow} onClick={() => scroll(-1)} aria-label={`Scroll ${label} back`}>
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button type="button" className={arrow} onClick={() => scroll(1)} aria-label={`Scroll ${label} forward`}>
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
