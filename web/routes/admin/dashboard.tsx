/**
 * /admin/dashboard?section=dashboard|products|collections|projects|messages&page=n: a
 * sidebar (a row of tabs on a phone) and the chosen section. The loader reads the counts
 * (for the overview and the unread badge, whatever the section) and the section's page,
 * with the search, filters, sort and page size its URL carries (docs/product.md, Lists
 * and pager), and on products a bulk change's preview when the URL asks for one. The
 * action deletes items and messages and marks messages read, duplicates and publishes
 * items, applies bulk changes (docs/product.md, Catalogue tools), for the lists here and
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
import { isRouteErrorResponse, redirect, useLocation, useRevalidator } from "react-router";
import { AdminSidebar, SECTIONS, type SectionId } from "../../components/admin/admin-sidebar";
import { DashboardOverview } from "../../components/admin/dashboard-overview";
import { Inbox } from "../../components/admin/inbox";
import { ManageCollections, ManageProducts, ManageProjects } from "../../components/admin/manage-catalogue";
import { UndoBulkBanner } from "../../components/admin/bulk-bar";
import { PROJECTS_SECTION } from "../../components/admin/project-form";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { describeDemoItems } from "../../../domain/setup/demo-catalogue.schema";
import { setupChecklist } from "../../../domain/setup/setup-checklist";
import { allows } from "../../../domain/staff/permissions";
import {
  AdminCollectionListQuerySchema,
  AdminProductListQuerySchema,
  AdminProjectListQuerySchema,
} from "../../../domain/catalog/admin-list-query.schema";
import { bulkBodyOf, parseAdminListQuery, readBulkFields } from "../../lib/admin-list-query.server";
import {
  BULK_PARAMS,
  bulkChangeOf,
  bulkDoneMessage,
  roundingLabel,
  roundingStepOf,
  type BulkPreview,
} from "../../lib/bulk-changes";
import type { CollectionChoice } from "../../../domain/catalog/admin.types";
import type { BulkChangeResult } from "../../../domain/catalog/bulk-change.schema";
import { formatNaira } from "../../../domain/money";
import { CONFIRM_PARAM } from "../../lib/confirm-param";
import type { LoadContext } from "../../../domain/load-context";
import type { Flash } from "../../lib/flash";
import { actionAnswer, answer, backPath, isDocumentRequest, redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/dashboard";

const sectionOf = (value: string | null): SectionId =>
  SECTIONS.find((s) => s.id === value?.toLowerCase())?.id ?? "dashboard";

const pageOf = (value: string | null) => {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
};

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const section = sectionOf(params.get("section"));
  const admin = requireStaffPage(context, SECTIONS.find((s) => s.id === section)!.needs);
  const page = pageOf(params.get("page"));
  const productQuery = parseAdminListQuery(AdminProductListQuerySchema, params);
  const collectionQuery = parseAdminListQuery(AdminCollectionListQuerySchema, params);
  const projectQuery = parseAdminListQuery(AdminProjectListQuerySchema, params);
  const [summary, today, setup, products, collections, projects, messages, collectionChoices] = await Promise.all([
    context.admin.getSummary(),
    // The owner's day opens the dashboard for those who work its queues.
    section === "dashboard" && allows(admin.roles, "today.work") ? context.today.read() : null,
    // The checklist's fixes are the Owner's (settings, the demo catalogue): only they see it.
    section === "dashboard" && allows(admin.roles, "setup.write") ? context.setup.getStatus() : null,
    section === "products" ? context.admin.listProducts(productQuery) : null,
    section === "collections" ? context.admin.listCollections(collectionQuery) : null,
    section === "projects" ? context.admin.listProjects(projectQuery) : null,
    section === "messages" ? context.admin.listMessages(page) : null,
    section === "products" ? context.admin.listCollectionChoices() : ([] as CollectionChoice[]),
  ]);
  // The bulk bar's preview and Undo are for those who may change the catalogue.
  const [bulk, undoable] =
    section === "products" && allows(admin.roles, "catalogue.write")
      ? await Promise.all([
          previewBulkChange(context, params, collectionChoices),
          context.admin.findUndoableBulkChange(),
        ])
      : [null, null];
  const checklist = setup && {
    items: setupChecklist({
      settings: context.site,
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
    today,
    checklist,
    products,
    collections,
    projects,
    messages,
    query: section === "products" ? productQuery : section === "collections" ? collectionQuery : projectQuery,
    collectionChoices,
    bulk,
    undoable,
    now: Date.now(),
  };
}

/** "Raise prices by 10%", "Move to Lagos Living". */
function bulkTitle(fields: BulkPreview["fields"], collections: readonly CollectionChoice[]) {
  const kind = bulkChangeOf(fields.change)!;
  const by = fields.by.replace(/[,\s₦%]/g, "");
  switch (kind.input) {
    case "percent":
      return `${kind.label.replace(" %", "")} ${by}%, rounded to ${roundingLabel(roundingStepOf(fields.round))}`;
    case "amount":
      return `${kind.label.replace(" ₦", "")} ${Number.isFinite(Number(by)) ? formatNaira(Number(by)) : by}`;
    case "promoPercent":
      return `Start a promotion: ${by}% off`;
    case "collection":
      return `Move to ${collectionName(fields.to, collections)}`;
    default:
      return kind.label;
  }
}

const collectionName = (id: string, collections: readonly CollectionChoice[]) =>
  id === "" || id === "none"
    ? "no collection"
    : (collections.find((collection) => collection._id === id.toLowerCase())?.name ?? "a collection");

/**
 * The bulk bar's preview (docs/product.md, Catalogue tools): asked for in the URL
 * (`change=…`), worked out by the server without writing anything. A change it refuses
 * shows its reason in place of the list.
 */
async function previewBulkChange(
  context: LoadContext,
  params: URLSearchParams,
  collections: readonly CollectionChoice[],
): Promise<BulkPreview | null> {
  const fields = readBulkFields(params);
  const kind = bulkChangeOf(fields.change);
  if (!kind) return null;
  const preview = { fields, title: bulkTitle(fields, collections), action: kind.key };
  try {
    const { changes } = await context.admin.changeProducts(bulkBodyOf(fields, params, true));
    return { ...preview, changes, refused: null };
  } catch (error) {
    return { ...preview, changes: [], refused: readRefusal(error).message };
  }
}

/**
 * The list's URL as the post names it (a script's post goes to the page's data URL), or,
 * `dropBulk`, once a bulk change is done: its filters and page without the bar's fields.
 */
function listUrl(url: URL, dropBulk: boolean) {
  const params = new URLSearchParams(url.search);
  const drop = ["_routes", "index", ...(dropBulk ? [...Object.values(BULK_PARAMS), CONFIRM_PARAM] : [])];
  for (const name of drop) params.delete(name);
  return `/admin/dashboard?${params}`;
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

const COPIED: Flash = { kind: "success", message: "Copy saved as a draft." };
const PUBLISHED: Flash = { kind: "success", message: "Published: shoppers can see it now." };

/**
 * Apply on a bulk preview: the same fields, sent without `preview`; then the list without
 * the bar's fields, saying what changed. A refusal goes back to the preview, which shows why.
 */
async function applyBulkChange(request: Request, formData: FormData, context: LoadContext) {
  const url = new URL(request.url);
  const fields = readBulkFields(formData);
  const kind = bulkChangeOf(fields.change);
  if (!kind) return redirectWithFlash(listUrl(url, true), { kind: "error", message: "Unknown change." });
  let result: BulkChangeResult;
  try {
    result = await context.admin.changeProducts(bulkBodyOf(fields, url.searchParams, false));
  } catch (error) {
    const refusal = readRefusal(error);
    return redirectWithFlash(listUrl(url, false), { kind: "error", message: refusal.message });
  }
  const collections = kind.input === "collection" ? await context.admin.listCollectionChoices() : [];
  const message = bulkDoneMessage(kind, result.changes.length, collectionName(fields.to, collections));
  return redirectWithFlash(listUrl(url, true), { kind: "success", message });
}

/**
 * Undo on the catalogue tools: puts back what the bulk change did, then the list says how
 * many products were put back and names those left because they were changed since.
 */
async function undoBulk(request: Request, formData: FormData, context: LoadContext) {
  const url = new URL(request.url);
  try {
    const { restored, left } = await context.admin.undoBulkChange(String(formData.get("id") ?? ""));
    const n = restored.length;
    const back = `Undone: ${n === 1 ? "1 product" : `${n} products`} put back as ${n === 1 ? "it was" : "they were"}.`;
    const names = left.map((product) => product.name).join(", ");
    const message = left.length ? `${back} Left as changed since: ${names}.` : back;
    return redirectWithFlash(listUrl(url, true), { kind: left.length ? "info" : "success", message });
  } catch (error) {
    return redirectWithFlash(listUrl(url, true), { kind: "error", message: readRefusal(error).message });
  }
}

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
      case "duplicate-product": {
        const copy = await context.admin.duplicateProduct(id);
        return redirectWithFlash(`/admin/products/edit/${copy._id}`, COPIED);
      }
      case "duplicate-collection": {
        const copy = await context.admin.duplicateCollection(id);
        return redirectWithFlash(`/admin/collections/edit/${copy._id}`, COPIED);
      }
      case "publish-product":
        await context.admin.updateProduct(id, { status: "published" });
        return answer(request, formData, PUBLISHED);
      case "publish-collection":
        await context.admin.updateCollection(id, { status: "published" });
        return answer(request, formData, PUBLISHED);
      case "publish-project":
        await context.admin.updateProject(id, { status: "published" });
        return answer(request, formData, PUBLISHED);
      case "bulk-apply":
        return await applyBulkChange(request, formData, context);
      case "bulk-undo":
        return await undoBulk(request, formData, context);
      case "mark-read":
        await context.admin.markMessageRead(id, formData.get("read") === "true");
        return isDocumentRequest(request) ? redirect(backPath(request, formData), 303) : actionAnswer({});
      default:
        return actionAnswer({ flash: { kind: "error", message: "Unknown action." } }, 400);
    }
  } catch (error) {
    const refusal = readRefusal(error);
    return answer(request, formData, { kind: "error", message: refusal.message }, refusal.status);
  }
  return answer(request, formData, { kind: "success", message: DELETED[intent]! });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, section, summary, checklist, products, collections, projects, messages, now } = loaderData;
  const { query, collectionChoices, bulk, undoable, today } = loaderData;
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
        {section === "dashboard" && (
          <DashboardOverview name={name} summary={summary} today={today} checklist={checklist} now={now} />
        )}
        {products && undoable && <UndoBulkBanner change={undoable} />}
        {products && (
          <ManageProducts list={products} query={query} collections={collectionChoices} bulk={bulk ?? null} />
        )}
        {collections && <ManageCollections list={collections} query={query} />}
        {projects && <ManageProjects list={projects} query={query} />}
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
