import { FolderPlus, Heart, LayoutDashboard, PackagePlus, ReceiptText, ShoppingBag, Store, User } from "lucide-react";
import type { ComponentType } from "react";
import { NavLink } from "react-router";
import type { ShellSite, Viewer } from "../../../domain/load-context";
import { allows, type Permission } from "../../../domain/staff/permissions";
import { useCartCount, useWishlistKeys } from "../../features/lists/use-lists";
import { WhatsAppIcon } from "../ui/brand-icons";
import { ChatLink } from "./chat-link";
import { CountBadge, CountText } from "./count-badge";

interface Tab {
  to: string;
  /** What the member's roles must allow for the tab to show (admins' tabs). */
  needs?: Permission;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  badge?: number;
}

const COLUMNS: Record<number, string> = { 2: "grid-cols-2", 3: "grid-cols-3", 4: "grid-cols-4", 5: "grid-cols-5" };

const tabClass = "flex h-full flex-col items-center justify-center gap-1 text-[11px]";

/**
 * The phone's bottom bar, by role (admins: their screens; everyone else: the lists, and
 * the chat on WhatsApp at the end when the page has no WhatsApp button of its own);
 * a member of staff sees only the tabs their roles may open.
 * hidden on large screens. The count of new orders is the admin panel's own
 * navigation's, so the shop's pages carry no admin code.
 */
export function BottomBar({ viewer, site, chat }: { viewer: Viewer | null; site: ShellSite; chat: boolean }) {
  const cart = useCartCount();
  const wishlist = useWishlistKeys().size;
  const tabs: Tab[] = viewer?.isAdmin
    ? [
        { to: "/shop", label: "Shop", icon: Store },
        { to: "/admin/orders", label: "Orders", icon: ReceiptText, needs: "orders.read" as const },
        { to: "/admin/products/new", label: "Product", icon: PackagePlus, needs: "catalogue.write" as const },
        { to: "/admin/collections/new", label: "Collection", icon: FolderPlus, needs: "catalogue.write" as const },
        { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
      ].filter((tab) => !tab.needs || allows(viewer.roles, tab.needs))
    : [
        { to: "/shop", label: "Shop", icon: Store },
        { to: "/cart", label: "Cart", icon: ShoppingBag, badge: cart },
        { to: "/wishlist", label: "Wishlist", icon: Heart, badge: wishlist },
        { to: "/profile", label: "Profile", icon: User },
      ];
  const columns = tabs.length + (chat ? 1 : 0);
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className={`mx-auto grid h-16 max-w-md ${COLUMNS[columns] ?? "grid-cols-5"}`}>
        {tabs.map(({ to, label, icon: Icon, badge }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => `${tabClass} ${isActive ? "text-ink" : "text-stone"}`}>
              <span className="relative">
                <Icon className="size-[22px]" aria-hidden={true} />
                {badge !== undefined && <CountBadge count={badge} announce={false} />}
              </span>
              {label}
              {badge !== undefined && <CountText count={badge} />}
            </NavLink>
          </li>
        ))}
        {chat && (
          <li>
            <ChatLink site={site} className={`${tabClass} text-[#1f7a4d]`}>
              <WhatsAppIcon className="size-[22px]" />
              Chat
            </ChatLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
