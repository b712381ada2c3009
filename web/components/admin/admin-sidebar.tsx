/**
 * The admin panel's navigation: the dashboard's sections, Orders (with the count of new
 * ones waiting for a reply), Settings, the shop and Logout.
 * A column beside the page on a desktop, a row of tabs that scrolls sideways on a phone.
 */
import {
  FileSpreadsheet,
  FolderKanban,
  Inbox as InboxIcon,
  LayoutDashboard,
  Layers,
  LogOut,
  Package,
  ReceiptText,
  Settings,
  Store,
} from "lucide-react";
import { Fragment } from "react";
import { Form, Link, useRouteLoaderData } from "react-router";

/** The dashboard's sections, each at /admin/dashboard?section=<id>. */
export const SECTIONS = [
  { id: "dashboard", label: "Dashboard", icon: LayoutDashboard },
  { id: "products", label: "Products", icon: Package },
  { id: "collections", label: "Collections", icon: Layers },
  { id: "projects", label: "Projects", icon: FolderKanban },
  { id: "messages", label: "Messages", icon: InboxIcon },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

const item = (active: boolean) =>
  `flex shrink-0 items-center gap-3 rounded-full px-4 py-2.5 text-sm lg:w-full lg:rounded-2xl ${
    active ? "bg-ink text-white" : "text-ink hover:bg-sand"
  }`;

const badge = "ml-auto rounded-full bg-clay px-2 text-xs text-white";

export function AdminSidebar({
  active,
  unread,
}: {
  active: SectionId | "orders" | "settings" | "transfer";
  unread: number;
}) {
  // Counted by the admin panel's layout, read again whenever an order changes.
  const layout = useRouteLoaderData("routes/admin/admin-layout") as { newOrders: number } | undefined;
  const newOrders = layout?.newOrders ?? 0;
  return (
    <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      {/* Relative, so the badge's screen-reader text (absolutely placed) scrolls with the
          tabs instead of widening a phone's page. */}
      <nav aria-label="Admin sections" className="relative -mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
        <ul className="flex gap-1 lg:flex-col">
          {SECTIONS.map(({ id, label, icon: Icon }) => (
            <Fragment key={id}>
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
              {id === "dashboard" && (
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
          <li>
            <Link
              to="/admin/settings"
              className={item(active === "settings")}
              aria-current={active === "settings" ? "page" : undefined}
            >
              <Settings className="size-4" aria-hidden="true" /> Settings
            </Link>
          </li>
          <li>
            <Link
              to="/admin/catalogue/transfer"
              className={item(active === "transfer")}
              aria-current={active === "transfer" ? "page" : undefined}
            >
              <FileSpreadsheet className="size-4" aria-hidden="true" /> Import / export
            </Link>
          </li>
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
