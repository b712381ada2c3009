import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { LogOut, X } from "lucide-react";
import { Link } from "react-router";
import { CATEGORY_TILES } from "../../../domain/catalog/categories";
import { STYLES, stylePath } from "../../../domain/catalog/styles";
import { useLogout } from "../../features/accounts/session";
import { useShell } from "../../lib/use-shell";
import type { DeferredPanelProps } from "../ui/deferred-dialog";

const tab =
  "flex-1 border-b-2 border-transparent pb-2 text-sm text-stone data-[state=active]:border-ink data-[state=active]:text-ink";
const item = "block rounded-md px-3 py-3 hover:bg-sand";
const pill = "rounded-full border border-ink px-5 py-2.5 hover:bg-sand";
const primaryPill = "rounded-full bg-ink px-5 py-2.5 text-white hover:bg-ink/90";

/**
 * The phone's drawer: Home, E-Catalogs, Projects, then categories and styles (SPEC.md §2),
 * and the visitor's account: Login and Sign up, or the account (or dashboard) and Logout.
 */
export default function MobileMenuPanel({ open, onOpenChange, returnFocusTo }: DeferredPanelProps) {
  const { viewer } = useShell();
  const logout = useLogout(viewer);
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-sm flex-col overflow-y-auto bg-white p-5 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-2xl">Menu</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
              aria-label="Close menu"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Your account, pages, categories and styles</Dialog.Description>
          <nav aria-label="Account" className="mt-3 flex flex-wrap gap-2 text-sm">
            {accountLinks.map((link) => (
              <Dialog.Close asChild key={link.to}>
                <Link to={link.to} className={link.className}>
                  {link.label}
                </Link>
              </Dialog.Close>
            ))}
            {viewer && (
              <button
                type="button"
                onClick={() => {
                  onOpenChange(false);
                  void logout();
                }}
                className="inline-flex items-center gap-2 rounded-full px-4 py-2.5 text-stone hover:bg-sand hover:text-ink"
              >
                <LogOut className="size-4" aria-hidden="true" />
                Logout
              </button>
            )}
          </nav>
          <nav aria-label="Menu" className="mt-4 text-lg">
            {[
              { to: "/", label: "Home" },
              { to: "/shop", label: "Shop" },
              { to: "/e-catalog", label: "E-Catalogs" },
              { to: "/projects", label: "Projects" },
              { to: "/aboutUs", label: "About Us" },
              { to: "/contact", label: "Contact" },
            ].map((link) => (
              <Dialog.Close asChild key={link.to}>
                <Link to={link.to} className={item}>
                  {link.label}
                </Link>
              </Dialog.Close>
            ))}
          </nav>
          <Tabs.Root defaultValue="categories" className="mt-6">
            <Tabs.List className="flex gap-4" aria-label="Browse by">
              <Tabs.Trigger value="categories" className={tab}>
                Categories
              </Tabs.Trigger>
              <Tabs.Trigger value="styles" className={tab}>
                Styles
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="categories" className="mt-2">
              {CATEGORY_TILES.map((tile) => (
                <Dialog.Close asChild key={tile.category}>
                  <Link to={`/shop?category=${encodeURIComponent(tile.category)}`} className={item}>
                    {tile.title}
                  </Link>
                </Dialog.Close>
              ))}
            </Tabs.Content>
            <Tabs.Content value="styles" className="mt-2">
              {STYLES.map((style) => (
                <Dialog.Close asChild key={style}>
                  <Link to={stylePath(style)} className={item}>
                    {style}
                  </Link>
                </Dialog.Close>
              ))}
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
