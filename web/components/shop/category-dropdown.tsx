import { Check, ChevronDown } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { CATEGORIES, normaliseCategory } from "../../../domain/catalog/categories";
import { listHref, withParams } from "../../lib/catalog-params";
import { useDisclosure } from "../ui/use-disclosure";
import { useHydrated } from "../ui/use-hydrated";
import { MENU_OPTION, MENU_PANEL, MENU_TITLE, MENU_TOGGLE } from "./menu-panel";

const ALL = "All Products";

/**
 * The shop's category picker (docs/product.md, Search and filters): a menu of links, one
 * per category, that works without JavaScript (see menu-panel.ts). Once hydrated it
 * gains a box that narrows the list as the shopper types; Escape or a press elsewhere
 * closes it. The box takes the focus when the menu is opened with a keyboard or a mouse,
 * never with a touch: a phone's keyboard would rise over the list.
 */
export function CategoryDropdown() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const ref = useDisclosure();
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // How the menu was last opened; a press of a key needs no pointer first.
  const openedBy = useRef<"keyboard" | "mouse" | "touch">("keyboard");
  const selected = normaliseCategory(params.get("category") ?? "") ?? ALL;
  const options = [ALL, ...CATEGORIES].filter((option) => option.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <details
      ref={ref}
      className="group/panel relative"
      onToggle={(event) => {
        if (!event.currentTarget.open) setFilter("");
        else if (openedBy.current !== "touch") input.current?.focus();
      }}
    >
      <summary
        className={MENU_TOGGLE}
        onKeyDown={() => {
          openedBy.current = "keyboard";
        }}
        onPointerDown={(event) => {
          // A phone's browser may report a tap as a mouse: its coarse pointer tells.
          const mouse = event.pointerType === "mouse" && !matchMedia("(pointer: coarse)").matches;
          openedBy.current = mouse ? "mouse" : "touch";
        }}
      >
        <span className="min-w-0 flex-1 truncate">
          <span className="sr-only">Category: </span>
          {selected}
        </span>
        <ChevronDown className="size-4 shrink-0 text-stone transition group-open/panel:rotate-180" aria-hidden="true" />
      </summary>
      <div className={`${MENU_PANEL} lg:left-0`}>
        <p className={MENU_TITLE} aria-hidden="true">
          Category
        </p>
        {hydrated && (
          <label className="block p-1">
            <span className="sr-only">Search categories</span>
            <input
              ref={input}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Search categories..."
              className="h-11 w-full rounded-xl border border-line px-3 text-base focus:border-ink focus:outline-none lg:h-10 lg:text-sm"
            />
          </label>
        )}
        {options.length === 0 ? (
          <p className="px-3 py-4 text-sm text-stone">No categories found.</p>
        ) : (
          <ul className="mt-1" aria-label="Categories">
            {options.map((option) => (
              <li key={option}>
                <Link
                  to={listHref(pathname, withParams(params, { category: option === ALL ? null : option, view: null }))}
                  preventScrollReset
                  aria-current={option === selected ? "true" : undefined}
                  className={MENU_OPTION}
                >
                  {option}
                  {option === selected && <Check className="size-4" aria-hidden="true" />}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
