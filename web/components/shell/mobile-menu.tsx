import { LogOut, Menu, X } from "lucide-react";
import { Link } from "react-router";
import { CATEGORY_TILES } from "../../../domain/catalog/categories";
import { STYLES, stylePath } from "../../../domain/catalog/styles";
import { useShell } from "../../lib/use-shell";
import { BACKDROP_TOGGLE, useDisclosure } from "../ui/use-disclosure";
import { DataSaverSwitch } from "./data-saver-switch";
import { LogoutButton } from "./logout-button";
import { DRAWER_LINKS } from "./nav-links";

const item = "block rounded-md px-3 py-3 hover:bg-sand";
const pill = "rounded-full border border-ink px-5 py-2.5 hover:bg-sand";
const primaryPill = "rounded-full bg-ink px-5 py-2.5 text-white hover:bg-ink/90";
const tab =
  "flex-1 cursor-pointer border-b-2 border-transparent pb-2 text-center text-sm text-stone has-checked:border-ink has-checked:text-ink has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink";

/**
 * The phone's menu: Home, E-Catalogs, Projects and the other pages, then Categories and
 * Styles tabs, and the visitor's account: Login and Signup, or the account (or
 * dashboard) and Logout. It is in every page's HTML and opened by the browser itself
 * (see useDisclosure), so it works from the first paint; the tabs are radio buttons that
 * CSS answers, for the same reason.
 */
export function MobileMenu() {
  const { viewer } = useShell();
  const ref = useDisclosure({ modal: true });
  // Styled as the header shows them on large screens.
  const accountLinks = !viewer
    ? [
        { to: "/login", label: "Login", className: pill },
        { to: "/signup", label: "Signup", className: primaryPill },
      ]
    : viewer.isAdmin
      ? [{ to: "/admin/dashboard", label: "Admin Dashboard", className: primaryPill }]
      : [{ to: "/profile", label: "My Account", className: pill }];
  return (
    <details ref={ref} className="group/panel size-11 shrink-0 lg:hidden">
      <summary
        className={`inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-sand [&::-webkit-details-marker]:hidden ${BACKDROP_TOGGLE}`}
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Menu</span>
        {/* The toggle again, drawn as the drawer's close button above the drawer's corner. */}
        <span className="fixed top-[22px] left-[calc(min(84vw,24rem)-3.75rem)] z-[61] hidden size-11 items-center justify-center rounded-full bg-white group-open/panel:flex hover:bg-sand">
          <X className="size-6" aria-hidden="true" />
        </span>
      </summary>
      <div className="fixed inset-y-0 left-0 z-[60] flex w-[84vw] max-w-sm flex-col overflow-y-auto overscroll-contain bg-white p-5 shadow-xl">
        <p className="flex h-12 items-center font-serif text-2xl">Menu</p>
        <nav aria-label="Account" className="mt-3 flex flex-wrap gap-2 text-sm">
          {accountLinks.map((link) => (
            <Link key={link.to} to={link.to} className={link.className}>
              {link.label}
            </Link>
          ))}
          {viewer && (
            // A real form: it logs out before the page's scripts run too; the menu closes
            // with the navigation that follows.
            <LogoutButton className="inline-flex items-center gap-2 rounded-full px-4 py-2.5 text-stone hover:bg-sand hover:text-ink">
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </LogoutButton>
          )}
        </nav>
        <nav aria-label="Pages" className="mt-4 text-lg">
          {DRAWER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={item}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="group/browse mt-6">
          <div role="radiogroup" aria-label="Browse by" className="flex gap-4">
            <label className={tab}>
              <input type="radio" name="menu-browse" value="categories" defaultChecked className="sr-only" />
              Categories
            </label>
            <label className={tab}>
              <input type="radio" name="menu-browse" value="styles" className="sr-only" />
              Styles
            </label>
          </div>
          <nav aria-label="Categories" className="mt-2 group-has-[[value=styles]:checked]/browse:hidden">
            {CATEGORY_TILES.map((tile) => (
              <Link key={tile.category} to={`/shop?category=${encodeURIComponent(tile.category)}`} className={item}>
                {tile.title}
              </Link>
            ))}
          </nav>
          <nav aria-label="Styles" className="mt-2 hidden group-has-[[value=styles]:checked]/browse:block">
            {STYLES.map((style) => (
              <Link key={style} to={stylePath(style)} className={item}>
                {style}
              </Link>
            ))}
          </nav>
        </div>
        <DataSaverSwitch className="mt-6 border-t border-line px-3 pt-4" />
      </div>
    </details>
  );
}
