import { Search } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import type { ShellSite, Viewer } from "../../../domain/load-context";
import { SEARCH_BOX_ID } from "../shop/search-box-id";
import { WhatsAppIcon } from "../ui/brand-icons";
import { ChatLink } from "./chat-link";
import { HeaderListLinks } from "./list-links";
import { LogoutButton } from "./logout-button";
import { MobileMenu } from "./mobile-menu";
import { MAIN_LINKS } from "./nav-links";

const iconShape = "relative inline-flex size-11 items-center justify-center rounded-full hover:bg-sand";
const iconButton = `${iconShape} text-ink`;

/** `chat`: whether the page has the shell's chat link (large screens; phones have the bottom bar's). */
export function SiteHeader({ viewer, site, chat }: { viewer: Viewer | null; site: ShellSite; chat: boolean }) {
  const location = useLocation();
  const isAdmin = viewer?.isAdmin ?? false;

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white has-[details[open]]:z-[60]">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 md:px-8">
        <MobileMenu />
        <Link to="/" className="px-2 font-serif text-2xl tracking-wide">
          {site.shopName}
        </Link>
        <nav aria-label="Main" className="ml-8 hidden gap-7 text-sm lg:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === "/"}
              className={({ isActive }) =>
                isActive ? "text-ink underline decoration-clay underline-offset-8" : "text-stone hover:text-ink"
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <Link
            to="/shop"
            state={{ focusSearch: true }}
            className={iconButton}
            aria-label="Search the shop"
            onClick={(event) => {
              // Already browsing (a tab, a style, filters): keep all that and just start typing.
              const box = document.getElementById(SEARCH_BOX_ID);
              if (box && /^\/(shop|styles\/)/i.test(location.pathname)) {
                event.preventDefault();
                box.focus();
              }
            }}
          >
            <Search className="size-5" aria-hidden="true" />
          </Link>
          {!isAdmin && <HeaderListLinks className={iconButton} />}
          {chat && (
            <ChatLink site={site} className={`${iconShape} text-[#1f7a4d] max-lg:hidden`}>
              <WhatsAppIcon className="size-5" />
            </ChatLink>
          )}
          <div className="ml-2 hidden items-center gap-2 text-sm lg:flex">
            {viewer === null ? (
              <>
                <Link to="/login" className="rounded-full px-4 py-2 hover:bg-sand">
                  Login
                </Link>
                <Link to="/signup" className="rounded-full bg-ink px-4 py-2 text-white hover:bg-ink/90">
                  Signup
                </Link>
              </>
            ) : (
              <>
                {isAdmin ? (
                  <Link to="/admin/dashboard" className="rounded-full bg-ink px-4 py-2 text-white hover:bg-ink/90">
                    Admin Dashboard
                  </Link>
                ) : (
                  <Link to="/profile" className="rounded-full border border-ink px-4 py-2 hover:bg-sand">
                    My Account
                  </Link>
                )}
                <LogoutButton className={iconButton} title="Logout" />
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
