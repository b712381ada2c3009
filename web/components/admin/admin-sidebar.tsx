/**
 * The admin panel's navigation: the dashboard's sections, Orders (with the count of new
 * ones waiting for a reply), Today, Customers, Settings, Payment settings, Delivery prices, Import / export,
 * Reviews, Staff, Journal, Your profile, the shop and Logout, each only for a member whose roles may
 * open it (domain/staff/permissions.ts), so no link leads to a refusal.
 * A column beside the page on a desktop, a row of tabs that scrolls sideways on a phone.
 */
import {
  CalendarCheck,
  Contact,
  FileSpreadsheet,
  FolderKanban,
  History,
  Inbox as InboxIcon,
  Landmark,
  LayoutDashboard,
  Layers,
  LogOut,
  Package,
  Star,
  ReceiptText,
  Settings,
  Store,
  Truck,
  UserRound,
  Users,
} from "lucide-react";
import { Fragment } from "react";
import { Form, Link } from "react-router";
import type { Viewer } from "../../../domain/load-context";
import { allows, type Permission } from "../../../domain/staff/permissions";
import { useAdminFrame } from "../../features/admin/admin-frame";

/** The dashboard's sections, each at /admin/dashboard?section=<id>. */
export const SECTIONS = [
  { id: "dashboard", label: "Dashboard", icon: LayoutDashboard, needs: "dashboard.read" },
  { id: "products", label: "Products", icon: Package, needs: "catalogue.read" },
  { id: "collections", label: "Collections", icon: Layers, needs: "catalogue.read" },
  { id: "projects", label: "Projects", icon: FolderKanban, needs: "catalogue.read" },
  { id: "messages", label: "Messages", icon: InboxIcon, needs: "messages.read" },
] as const satisfies ReadonlyArray<{ id: string; needs: Permission } & Record<string, unknown>>;

export type SectionId = (typeof SECTIONS)[number]["id"];

/** The pages beside the dashboard's sections, each for the roles that may open it. */
const PAGES = [
  { id: "today", to: "/admin/today", label: "Today", icon: CalendarCheck, needs: "today.work" },
  { id: "customers", to: "/admin/customers", label: "Customers", icon: Contact, needs: "customers.read" },
  { id: "reviews", to: "/admin/reviews", label: "Reviews", icon: Star, needs: "reviews.moderate" },
  { id: "settings", to: "/admin/settings", label: "Settings", icon: Settings, needs: "settings.read" },
  {
    id: "payments",
    to: "/admin/settings/payments",
    label: "Payment settings",
    icon: Landmark,
    needs: "payments.settings",
  },
  {
    id: "delivery",
    to: "/admin/settings/delivery",
    label: "Delivery prices",
    icon: Truck,
    needs: "delivery.read",
  },
  {
    id: "transfer",
    to: "/admin/catalogue/transfer",
    label: "Import / export",
    icon: FileSpreadsheet,
    needs: "catalogue.write",
  },
  { id: "staff", to: "/admin/staff", label: "Staff", icon: Users, needs: "staff.manage" },
  { id: "journal", to: "/admin/journal", label: "Journal", icon: History, needs: "journal.money" },
  { id: "profile", to: "/admin/profile", label: "Your profile", icon: UserRound, needs: "profile.own" },
] as const satisfies ReadonlyArray<{ id: string; needs: Permission } & Record<string, unknown>>;

type PageId = (typeof PAGES)[number]["id"];

/** The signed-in member, as the admin panel's layout read them. */
export function useAdminViewer(): Viewer | null {
  return useAdminFrame()?.admin ?? null;
}

const item = (active: boolean) =>
  `flex shrink-0 items-center gap-3 rounded-full px-4 py-2.5 text-sm lg:w-full lg:rounded-2xl ${
    active ? "bg-ink text-white" : "text-ink hover:bg-sand"
  }`;

const badge = "ml-auto rounded-full bg-clay px-2 text-xs text-white";

export function AdminSidebar({ active, unread }: { active: SectionId | "orders" | PageId; unread: number }) {
  // Counted by the admin panel's layout, read again whenever an order changes.
  const frame = useAdminFrame();
  const newOrders = frame?.newOrders ?? 0;
  const roles = frame?.admin.roles ?? [];
  const may = (permission: Permission) => allows(roles, permission);
  return (
    <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      {/* Relative, so the badge's screen-reader text (absolutely placed) scrolls with the
          tabs instead of widening a phone's page. */}
      <nav aria-label="Admin sections" className="relative -mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
        <ul className="flex gap-1 lg:flex-col">
          {SECTIONS.map(({ id, label, icon: Icon, needs }) => (
            <Fragment key={id}>
              {may(needs) && (
                <li>
                  <Link
                    to={`/admin/dashboard?section=${id}`}
                    className={item(active === id)}
                    aria-current={active === id ? "page" : undefined}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                    {id === "messages" && unread > 0 && (
                      <span className={badge}>
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </Link>
                </li>
              )}
              {id === "dashboard" && may("orders.read") && (
                <li>
                  <Link
                    to="/admin/orders"
                    className={item(active === "orders")}
                    aria-current={active === "orders" ? "page" : undefined}
                  >
                    <ReceiptText className="size-4" aria-hidden="true" /> Orders
                    {newOrders > 0 && (
                      <span className={badge} data-testid="new-orders-badge">
                        {newOrders}
                        <span className="sr-only"> new</span>
                      </span>
                    )}
                  </Link>
                </li>
              )}
            </Fragment>
          ))}
          {PAGES.filter((page) => may(page.needs)).map(({ id, to, label, icon: Icon }) => (
            <li key={id}>
              <Link to={to} className={item(active === id)} aria-current={active === id ? "page" : undefined}>
                <Icon className="size-4" aria-hidden="true" /> {label}
              </Link>
            </li>
          ))}
          <li className="lg:mt-6 lg:border-t lg:border-line lg:pt-6">
            <Link to="/" className={item(false)}>
              <Store className="size-4" aria-hidden="true" /> View shop
            </Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={item(false)}>
                <LogOut className="size-4" aria-hidden="true" /> Logout
              </button>
            </Form>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
