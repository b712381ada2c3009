/**
 * /admin/dashboard?section=dashboard|products|collections|projects|messages&page=n: a
 * sidebar (a row of tabs on a phone) and the chosen section. The loader reads the counts
 * (for the overview and the unread badge, whatever the section) and the section's page;
 * the action deletes items and messages and marks messages read, for the lists here and
 * for the admin's controls on the shop's pages. After any of them the loader runs again.
 *
 * A section that cannot be loaded shows "Error Loading <section>" with Retry in its place;
 * when its items were already on screen (a reload after a deletion failed, say) they stay,
 * under a warning banner with the same words and Retry.
 */
import { FolderKanban, Inbox as InboxIcon, LayoutDashboard, Layers, LogOut, Package, Store } from "lucide-react";
import { useEffect } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useLocation, useRevalidator } from "react-router";
import { DashboardOverview } from "../../components/admin/dashboard-overview";
import { Inbox } from "../../components/admin/inbox";
import { ManageCollections, ManageProducts, ManageProjects } from "../../components/admin/manage-catalogue";
import { PROJECTS_SECTION } from "../../components/admin/project-form";
import { readRefusal, requireAdminPage } from "../../features/admin/admin-page.server";
import type { Flash } from "../../lib/flash";
import { answer, backPath, isDocumentRequest, redirectWithFlash } from "../../lib/page-actions.server";
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

const pageOf = (value: string | null) => {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
};

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdminPage(context);
  const params = new URL(request.url).searchParams;
  const section = sectionOf(params.get("section"));
  const page = pageOf(params.get("page"));
  const [summary, products, collections, projects, messages] = await Promise.all([
    context.admin.getSummary(),
    section === "products" ? context.admin.listProducts(page) : null,
    section === "collections" ? context.admin.listCollections(page) : null,
    section === "projects" ? context.admin.listProjects(page) : null,
    section === "messages" ? context.admin.listMessages(page) : null,
  ]);
  return { name: admin.username || admin.email, section, summary, products, collections, projects, messages };
}

type Shown = Awaited<ReturnType<typeof loader>>;

/** What the page last showed, kept so that a failed reload can leave it on screen. */
let lastShown: Shown | undefined;

const hasItems = (shown: Shown) =>
  [shown.products, shown.collections, shown.projects, shown.messages].some((list) => (list?.items.length ?? 0) > 0);

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    // A redirect (signed out) or a refusal is the answer itself; only a failure to load
    // (the connection, the server) leaves the items already shown on screen.
    const refused = error instanceof Response || (isRouteErrorResponse(error) && error.status < 500);
    const section = sectionOf(new URL(request.url).searchParams.get("section"));
    if (refused || !lastShown || lastShown.section !== section || !hasItems(lastShown)) throw error;
    return { ...lastShown, loadFailed: true };
  }
}

/** What each deletion says once done (docs/product.md, Admin panel). */
const DELETED: Record<string, string> = {
  "delete-product": "success",
  "delete-collection": "success",
  "delete-project": "Project deleted successfully",
  "delete-message": "Message deleted.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  try {
    switch (intent) {
      case "delete-product":
        await context.admin.deleteProduct(id);
        break;
      case "delete-collection":
        await context.admin.deleteCollection(id);
        break;
      case "delete-project":
        await context.admin.deleteProject(id);
        // Projects start again from page 1 after a deletion.
        return redirectWithFlash(PROJECTS_SECTION, { kind: "success", message: DELETED[intent]! });
      case "delete-message":
        await context.admin.deleteMessage(id);
        break;
      case "mark-read":
        await context.admin.markMessageRead(id, formData.get("read") === "true");
        return isDocumentRequest(request) ? redirect(backPath(request, formData), 303) : data({});
      default:
        return data({ flash: { kind: "error", message: "Unknown action." } satisfies Flash }, { status: 400 });
    }
  } catch (error) {
    const refusal = readRefusal(error);
    return answer(request, formData, { kind: "error", message: refusal.message }, refusal.status);
  }
  return answer(request, formData, { kind: "success", message: DELETED[intent]! });
}

const item = (active: boolean) =>
  `flex shrink-0 items-center gap-3 rounded-full px-4 py-2.5 text-sm lg:w-full lg:rounded-2xl ${
    active ? "bg-ink text-white" : "text-ink hover:bg-sand"
  }`;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, section, summary, products, collections, projects, messages } = loaderData;
  const unread = messages?.unread ?? summary.unreadMessages;
  const loadFailed = "loadFailed" in loaderData;
  useEffect(() => {
    if (!("loadFailed" in loaderData)) lastShown = loaderData;
  }, [loaderData]);

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
                  {id === "messages" && unread > 0 && (
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
              <Form method="post" action="/logout">
                <button type="submit" className={item(false)}>
                  <LogOut className="size-4" aria-hidden="true" /> Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        {loadFailed && <LoadFailedBanner label={labelOf(section)} />}
        {section === "dashboard" && <DashboardOverview name={name} summary={summary} />}
        {products && <ManageProducts list={products} />}
        {collections && <ManageCollections list={collections} />}
        {projects && <ManageProjects list={projects} />}
        {messages && <Inbox list={messages} />}
      </div>
    </div>
  );
}

/**
 * A section that could not be loaded says which ("Error Loading Projects") and offers
 * Retry, which loads it again in place (a link to the same page without scripts).
 */
export function ErrorBoundary() {
  const location = useLocation();
  const label = labelOf(sectionOf(new URLSearchParams(location.search).get("section")));
  return (
    <section role="alert" className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="font-serif text-2xl">Error Loading {label}</h1>
      <p className="mt-3 text-stone">It could not be loaded just now. Check the connection and try again.</p>
      <RetryLink className="mt-6 inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90" />
    </section>
  );
}

const labelOf = (section: SectionId) => SECTIONS.find((s) => s.id === section)!.label;

/** The same words over the items still on screen. */
function LoadFailedBanner({ label }: { label: string }) {
  return (
    <div
      role="alert"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-clay/40 bg-clay/10 px-4 py-3 text-sm"
    >
      <p>
        <strong className="font-medium">Error Loading {label}</strong>
        <span className="text-stone"> — what is shown may be out of date.</span>
      </p>
      <RetryLink className="inline-flex h-9 items-center rounded-full bg-ink px-4 text-white hover:bg-ink/90" />
    </div>
  );
}

/** Loads the page again in place; without scripts, a link to the same page. */
function RetryLink({ className }: { className: string }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  return (
    <a
      href={`${location.pathname}${location.search}`}
      onClick={(event) => {
        event.preventDefault();
        void revalidator.revalidate();
      }}
      className={className}
    >
      {revalidator.state === "loading" ? "Retrying..." : "Retry"}
    </a>
  );
}
