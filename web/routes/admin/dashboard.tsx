/**
 * /admin/dashboard?section=dashboard|products|collections|projects|messages (SPEC.md §2):
 * a sidebar (a row of tabs on a phone) and the chosen section.
 */
import { FolderKanban, Inbox as InboxIcon, LayoutDashboard, Layers, LogOut, Package, Store } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import type { Viewer } from "../../../domain/load-context";
import { DashboardOverview } from "../../components/admin/dashboard-overview";
import { fetchSummary, type AdminSummary } from "../../features/admin/admin-api";
import { ApiError } from "../../lib/api-client";
import { Inbox } from "../../components/admin/inbox";
import { ManageCollections, ManageProducts, ManageProjects } from "../../components/admin/manage-catalogue";
import { useLogout } from "../../features/accounts/session";
import type { Route } from "./+types/dashboard";

const SECTIONS = [
  { id: "dashboard", label: "Dashboard", icon: LayoutDashboard },
  { id: "products", label: "Products", icon: Package },
  { id: "collections", label: "Collections", icon: Layers },
  { id: "projects", label: "Projects", icon: FolderKanban },
  { id: "messages", label: "Messages", icon: InboxIcon },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

const sectionOf = (value: string | null): SectionId =>
  SECTIONS.find((s) => s.id === value?.toLowerCase())?.id ?? "dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

export default function Dashboard() {
  const { admin } = useRouteLoaderData("routes/admin/admin-layout") as { admin: Viewer };
  const [params] = useSearchParams();
  const section = sectionOf(params.get("section"));
  const [summary, setSummary] = useState<AdminSummary | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  // The inbox's own count once it has loaded (it changes as messages are read or deleted).
  const [inboxUnread, setInboxUnread] = useState<number | null>(null);
  const unread = inboxUnread ?? summary?.unreadMessages ?? null;
  const logout = useLogout(admin);
  const onOverview = section === "dashboard";

  // The counts feed the overview and the sidebar's unread badge, which shows from the
  // start, whatever the section; coming back to the overview (or Retry) loads them again.
  const [loads, setLoads] = useState(0);
  const [wasOnOverview, setWasOnOverview] = useState(onOverview);
  if (wasOnOverview !== onOverview) {
    setWasOnOverview(onOverview);
    if (onOverview) setLoads((n) => n + 1);
  }
  useEffect(() => {
    let current = true;
    fetchSummary().then(
      (result) => {
        if (!current) return;
        setSummary(result);
        setSummaryError(null);
        setInboxUnread(null);
      },
      (failure: unknown) =>
        current && setSummaryError(failure instanceof ApiError ? failure.message : "Could not load."),
    );
    return () => {
      current = false;
    };
  }, [loads]);

  const item = (active: boolean) =>
    `flex shrink-0 items-center gap-3 rounded-full px-4 py-2.5 text-sm lg:rounded-2xl ${
      active ? "bg-ink text-white" : "text-ink hover:bg-sand"
    }`;

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
        {/* Relative, so the badge's screen-reader text (absolutely placed) scrolls with the
            tabs instead of widening a phone's page. */}
        <nav aria-label="Admin sections" className="relative -mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <ul className="flex gap-1 lg:flex-col">
            {SECTIONS.map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <Link
                  to={`/admin/dashboard?section=${id}`}
                  className={item(section === id)}
                  aria-current={section === id ? "page" : undefined}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                  {id === "messages" && unread !== null && unread > 0 && (
                    <span className="ml-auto rounded-full bg-clay px-2 text-xs text-white">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </Link>
              </li>
            ))}
            <li className="lg:mt-6 lg:border-t lg:border-line lg:pt-6">
              <Link to="/" className={item(false)}>
                <Store className="size-4" aria-hidden="true" /> View shop
              </Link>
            </li>
            <li>
              <button type="button" className={item(false)} onClick={() => void logout()}>
                <LogOut className="size-4" aria-hidden="true" /> Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        {onOverview && (
          <DashboardOverview
            name={admin.username}
            summary={summary}
            error={summaryError}
            onRetry={() => {
              setSummaryError(null);
              setLoads((n) => n + 1);
            }}
          />
        )}
        {section === "products" && <ManageProducts />}
        {section === "collections" && <ManageCollections />}
        {section === "projects" && <ManageProjects />}
        {section === "messages" && <Inbox onUnreadChange={setInboxUnread} />}
      </div>
    </div>
  );
}
