import { SlidersHorizontal } from "lucide-react";
import { lazy } from "react";
import { useSearchParams } from "react-router";
import { activeFilterCount } from "../../lib/catalog-params";
import { useDeferredDialog } from "../ui/deferred-dialog";

const loadPanel = () => import("./filters-panel");
const FiltersPanel = lazy(loadPanel);

/** The Filters button; the panel's code loads when it is first wanted. */
export function FiltersDialog() {
  const [params] = useSearchParams();
  const count = activeFilterCount(params);
  const { triggerProps, panel } = useDeferredDialog(FiltersPanel, loadPanel);
  return (
    <>
      <button
        {...triggerProps}
        className="inline-flex h-12 items-center gap-2 rounded-full border border-line bg-white px-5 text-sm hover:border-ink"
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters
        {count > 0 && (
          <span className="rounded-full bg-ink px-2 py-0.5 text-xs text-white">
            {count}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      {panel}
    </>
  );
}
