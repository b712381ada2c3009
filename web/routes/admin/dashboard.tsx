/**
 * /admin/dashboard?section=dashboard|products|collections|projects|messages&page=n: a
 * sidebar (a row of tabs on a phone) and the chosen section. The loader reads the counts
 * (for the overview and the unread badge, whatever the section) and the section's page;
 * the action deletes items and messages and marks messages read, for the lists here and
 * for the admin's controls on the shop's pages, and removes the demo catalogue. After any
 * of them the loader runs again.
 *
 * The overview also shows the setup checklist (docs/product.md, Setup checklist): the
 * loader gathers its facts, the site's from `context.site`, the rest from `context.setup`.
 *
 * A section that cannot be loaded shows "Error Loading <section>" with Retry in its place;
 * when its items were already on screen (a reload after a deletion failed, say) they stay,
 * under a warning banner with the same words and Retry.
 */
import { useEffect } from "react";
import { data, isRouteErrorResponse, redirect, useLocation, useRevalidator } from "react-router";
import { AdminSidebar, SECTIONS, type SectionId } from "../../components/admin/admin-sidebar";
import { DashboardOverview } from "../../components/admin/dashboard-overview";
import { Inbox } from "../../components/admin/inbox";
import { ManageCollections, ManageProducts, ManageProjects } from "../../components/admin/manage-catalogue";
import { PROJECTS_SECTION } from "../../components/admin/project-form";
import { readRefusal, requireAdminPage } from "../../features/admin/admin-page.server";
import { describeDemoItems } from "../../../domain/setup/demo-catalogue.schema";
import { setupChecklist } from "../../../domain/setup/setup-checklist";
import type { Flash } from "../../lib/flash";
import { answer, backPath, isDocumentRequest, redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/dashboard";

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
  const [summary, setup, products, collections, projects, messages] = await Promise.all([
    context.admin.getSummary(),
    section === "dashboard" ? context.setup.getStatus() : null,
    section === "products" ? context.admin.listProducts(page) : null,
    section === "collections" ? context.admin.listCollections(page) : null,
    section === "projects" ? context.admin.listProjects(page) : null,
    section === "messages" ? context.admin.listMessages(page) : null,
  ]);
  const checklist = setup && {
    items: setupChecklist({
      whatsappNumber: context.site.whatsappNumber,
      publicUrl: context.site.publicUrl,
      mailGoesToFiles: setup.mailGoesToFiles,
      demoCatalogue: setup.demoCatalogue,
    }),
    demoCatalogue: setup.demoCatalogue,
  };
  return {
    name: admin.username || admin.email,
    section,
    summary,
    checklist,
    products,
    collections,
    projects,
    messages,
    now: Date.now(),
  };
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
      case "remove-demo-catalogue": {
        const removed = await context.setup.removeDemoCatalogue();
        const message =
          removed.products + removed.collections + removed.projects === 0
            ? "The demo catalogue was already removed."
            : `Removed the demo catalogue: ${describeDemoItems(removed)}.`;
        return answer(request, formData, { kind: "success", message });
      }
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

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, section, summary, checklist, products, collections, projects, messages, now } = loaderData;
  const unread = messages?.unread ?? summary.unreadMessages;
  const loadFailed = "loadFailed" in loaderData;
  useEffect(() => {
    if (!("loadFailed" in loaderData)) lastShown = loaderData;
  }, [loaderData]);

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active={section} unread={unread} />
      <div className="min-w-0">
        {loadFailed && <LoadFailedBanner label={labelOf(section)} />}
        {section === "dashboard" && <DashboardOverview name={name} summary={summary} checklist={checklist} now={now} />}
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
