import { Link, useNavigation } from "react-router";
import { normaliseProjectCategory, PROJECT_CATEGORIES } from "../../domain/catalog/project-categories";
import { ProjectCard } from "../components/shop/project-card";
import { PageHero } from "../components/ui/page-hero";
import { fetchProjectPage, fetchProjectSummary } from "../lib/catalog-api";
import { seoMeta } from "../lib/seo";
import { summariseProject, type ProjectSummary } from "../lib/summaries";
import { useLoadMore, type LiveItems } from "../lib/use-load-more";
import type { Route } from "./+types/projects";

/** The public list shows 20 projects a page (PRODUCT.md). */
const PAGE_SIZE = 20;

const PROJECTS_LIVE: LiveItems<ProjectSummary> = { kind: "project", fetchItem: fetchProjectSummary };

export async function loader({ request, context }: Route.LoaderArgs) {
  const category = normaliseProjectCategory(new URL(request.url).searchParams.get("category") ?? "") ?? undefined;
  const result = await context.catalog.listProjects({ page: 1, limit: PAGE_SIZE, category });
  return {
    category: category ?? null,
    first: {
      items: result.data.map(summariseProject),
      hasMore: result.pagination.hasNextPage,
      total: result.pagination.totalItems,
      page: 1,
    },
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
  const { category, first } = loaderData;
  const list = useLoadMore(first, (page) => fetchProjectPage(page, PAGE_SIZE, category ?? undefined), PROJECTS_LIVE);
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/projects";
  return (
    <>
      <PageHero eyebrow="Portfolio" title="Our projects">
        Homes, offices, hotels and renovations we have designed, furnished and finished.
      </PageHero>
      <div className="mx-auto max-w-7xl px-5 pb-20 md:px-8">
        <nav aria-label="Project categories" className="mt-8 flex flex-wrap gap-2">
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
        {refreshing && (
          <p role="status" className="mt-8 text-sm text-stone">
            Loading data...
          </p>
        )}
        {list.items.length === 0 ? (
          <p className="py-16 text-center text-stone">No projects found.</p>
        ) : (
          <div
            className={`mt-10 grid grid-cols-1 gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3 ${refreshing ? "opacity-50" : ""}`}
          >
            {list.items.map((project) => (
              <ProjectCard
                key={project._id}
                project={project}
                sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              />
            ))}
          </div>
        )}
        <div className="mt-14 text-center">
          {list.failed ? (
            <p role="alert" className="text-sm text-promo">
              Could not load projects.
            </p>
          ) : list.hasMore ? (
            <button
              type="button"
              onClick={list.loadMore}
              disabled={list.loading}
              className="min-w-44 rounded-full border border-ink px-8 py-3 text-sm transition hover:bg-ink hover:text-white disabled:opacity-60"
            >
              {list.loading ? "Loading data..." : "Load More"}
            </button>
          ) : (
            list.items.length > 0 && <p className="text-sm text-stone">You've seen all our projects.</p>
          )}
        </div>
      </div>
    </>
  );
}
