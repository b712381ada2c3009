import { ArrowDownUp, Check } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { CatalogSort } from "../../../domain/catalog/sorts";
import { listHref, sortOptions, withParams } from "../../lib/catalog-params";
import { useDisclosure } from "../ui/use-disclosure";
import { MENU_OPTION, MENU_PANEL, MENU_TITLE, MENU_TOGGLE } from "./menu-panel";

/**
 * The list's order (docs/product.md, Search and filters): a menu of links that set
 * `?sort=` (the list's own order leaves it out) and start the list again from its
 * first page.
 */
export function SortMenu({ sort, searching }: { sort: CatalogSort | null; searching: boolean }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const ref = useDisclosure();
  const options = sortOptions(searching);
  // "newest" is the list's own order unless searching, and so has no value of its own then.
  const current = options.find((option) => option.value === sort) ?? options[0]!;
  return (
    <details ref={ref} className="group/panel relative">
      <summary className={MENU_TOGGLE}>
        <ArrowDownUp className="size-4 shrink-0 text-stone" aria-hidden="true" />
        <span className="truncate">
          <span className="sr-only">Sort by: </span>
          {current.label}
        </span>
      </summary>
      <div className={`${MENU_PANEL} lg:right-0 lg:w-56`}>
        <p className={MENU_TITLE} aria-hidden="true">
          Sort by
        </p>
        <ul aria-label="Sort by">
          {options.map((option) => (
            <li key={option.label}>
              <Link
                to={listHref(pathname, withParams(params, { sort: option.value }))}
                preventScrollReset
                aria-current={option === current ? "true" : undefined}
                className={MENU_OPTION}
              >
                {option.label}
                {option === current && <Check className="size-4" aria-hidden="true" />}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
