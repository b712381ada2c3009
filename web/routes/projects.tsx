import { Link, useLocation, useSearchParams } from "react-router";
import { normaliseProjectCategory, PROJECT_CATEGORIES } from "../../domain/catalog/project-categories";
import { ListResults, useListLoading } from "../components/shop/catalog-results";
import { ProjectCard } from "../components/shop/project-card";
import { PageHero } from "../components/ui/page-hero";
import { readPageCount } from "../lib/catalog-params";
import { seoMeta } from "../lib/seo";
import { summariseProject } from "../lib/summaries";
import { useRefreshOnCatalogChange } from "../features/live/use-catalog-changes";
import type { Route } from "./+types/projects";

/** The public list shows 20 projects a page (docs/product.md, Catalogue). */
const PAGE_SIZE = 20;

/** Every page up to `?page=` (Load More's place survives Back and a reload). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = normaliseProjectCategory(url.searchParams.get("category") ?? "") ?? undefined;
  const pages = readPageCount(url.searchParams.get("page"));
  const result = await context.catalog.listProjects({ page: 1, limit: PAGE_SIZE * pages, category });
  return {
    category: category ?? null,
    pages,
    items: result.data.map(summariseProject),
    hasMore: result.pagination.hasNextPage,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Design projects",
    description: "Homes, offices, hotels and renovations we have designed, furnished and finished across Nigeria.",
    path: "/projects",
  });

const chip = (active: boolean) =>
  `rounded-full border px-4 py-2 text-sm ${active ? "border-ink bg-ink text-white" : "border-line hover:border-ink"}`;

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { category, items, hasMore, pages } = loaderData;
  useRefreshOnCatalogChange(
    "project",
    items.map((project) => project._id),
  );
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const loading = useListLoading("page");
  const next = new URLSearchParams(params);
  next.set("page", String(pages + 1));
  return (
    <>
      <PageHero eyebrow="Portfolio" title="Our projects">
        Homes, offices, hotels and renovations we have designed, furnished and finished.
      </PageHero>
      <div className="mx-auto max-w-7xl px-5 pb-20 md:px-8">
        <nav aria-label="Project categories" className="mt-8 mb-10 flex flex-wrap gap-2">
          <Link
            to="/projects"
            preventScrollReset
            className={chip(category === null)}
            aria-current={category === null ? "page" : undefined}
          >
            All
          </Link>
          {PROJECT_CATEGORIES.map((value) => (
            <Link
              key={value}
              to={`/projects?category=${encodeURIComponent(value)}`}
              preventScrollReset
              className={chip(category === value)}
              aria-current={category === value ? "page" : undefined}
            >
              {value}
            </Link>
          ))}
        </nav>
        {/* The cards' titles are third-level headings, as in the home page's rows. */}
        <h2 className="sr-only">{category ? `${category} projects` : "All projects"}</h2>
        <ListResults
          count={items.length}
          hasMore={hasMore}
          nextHref={`${pathname}?${next}`}
          loading={loading}
          texts={{ loading: "Loading data...", empty: "No projects found.", end: "You've seen all our projects." }}
        >
          <div
            className={`grid grid-cols-1 gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3 ${loading === "list" ? "opacity-50" : ""}`}
          >
            {items.map((project) => (
              <ProjectCard
                key={project._id}
                project={project}
                sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              />
            ))}
          </div>
        </ListResults>
      </div>
    </>
  );
}
