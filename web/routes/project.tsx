import { lazy, Suspense } from "react";
import { data, Link } from "react-router";
import { formatNaira } from "../../domain/money";
import { BackButton } from "../components/detail/back-button";
import { ImageGallery } from "../components/detail/image-gallery";
import { MissingItem } from "../components/detail/missing-item";
import { RichText } from "../components/detail/rich-text";
import { breadcrumbs, plainText, seoMeta, siteFrom } from "../lib/seo";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/project";

/** Above a draft, for the owner only: loaded with a draft, never with a visitor's page. */
const DraftBanner = lazy(() => import("../components/admin/draft-banner"));

/** A draft's page is the owner's alone: no cache keeps it, no search engine lists it. */
const DRAFT_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("X-Robots-Tag") ? DRAFT_HEADERS : {};

export async function loader({ params, context }: Route.LoaderArgs) {
  const project = (await context.catalog.getProject(params.projectId)) ?? (await draftFor(context, params.projectId));
  if (!project) return data({ project: null, draft: false, id: params.projectId }, { status: 404 });
  const draft = project.status === "draft";
  return data({ project, draft, id: project._id }, draft ? { headers: DRAFT_HEADERS } : undefined);
}

/**
 * A draft, which the public read leaves out, for its preview (docs/product.md, Catalogue
 * tools): only an admin reads it; for anyone else it is not there.
 */
async function draftFor(context: Route.LoaderArgs["context"], id: string) {
  if (!context.viewer?.isAdmin) return null;
  const project = await context.admin.getProject(id);
  return project?.status === "draft" ? project : null;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const project = loaderData?.project;
  if (!project) return [{ title: "Project Not Found" }, { name: "robots", content: "noindex" }];
  if (loaderData.draft) return [{ title: `${project.title} (draft)` }, { name: "robots", content: "noindex" }];
  const path = `/project/${project._id}`;
  return seoMeta(matches, {
    title: project.title,
    description: `${project.category} project in ${project.location}. ${plainText(project.description, 140)}`,
    path,
    image: `/og/project/${project._id}.jpg`,
    type: "article",
    jsonLd: [
      breadcrumbs(siteFrom(matches), [
        { name: "Home", path: "/" },
        { name: "Projects", path: "/projects" },
        { name: project.title, path },
      ]),
    ],
  });
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, id } = loaderData;
  if (!project) {
    return (
      <MissingItem
        message="Project Not Found"
        detail={`We could not find a project with the id ${id}.`}
        to="/projects"
        label="Back to Projects"
      />
    );
  }
  return (
    <>
      {loaderData.draft && (
        <Suspense fallback={null}>
          <DraftBanner kind="project" id={project._id} path={`/project/${project._id}`} />
        </Suspense>
      )}
      <ProjectDetail project={project} />
    </>
  );
}

function ProjectDetail({ project }: { project: NonNullable<Route.ComponentProps["loaderData"]["project"]> }) {
  const { viewer } = useShell();
  return (
    <article className="mx-auto max-w-7xl px-5 pt-4 pb-20 md:px-8">
      <BackButton fallback="/projects" />
      <header className="mt-2 max-w-3xl">
        <p className="text-xs tracking-[0.16em] text-stone uppercase">{project.category}</p>
        <h1 className="mt-2 font-serif text-3xl leading-tight md:text-5xl">{project.title}</h1>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="lg:col-span-8">
          <ImageGallery
            images={project.images}
            label={project.title}
            sizes="(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw"
            thumbnails="always"
          />
        </div>
        <aside className="lg:col-span-4">
          <section aria-labelledby="overview" className="rounded-2xl bg-sand p-6">
            <h2 id="overview" className="font-serif text-xl">
              Project Overview
            </h2>
            <dl className="mt-4 space-y-4 text-sm">
              <div>
                <dt className="text-stone">Location</dt>
                <dd className="mt-0.5 text-base">{project.location}</dd>
              </div>
              <div>
                <dt className="text-stone">Category</dt>
                <dd className="mt-0.5 text-base">{project.category}</dd>
              </div>
              <div>
                <dt className="text-stone">Budget</dt>
                <dd className="mt-0.5 text-base">{formatNaira(project.price)}</dd>
              </div>
            </dl>
          </section>
          {!viewer?.isAdmin && (
            <section aria-labelledby="like-this" className="mt-6 rounded-2xl border border-line p-6">
              <h2 id="like-this" className="font-serif text-xl">
                Start a project like this
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-stone">
                Tell us about your space: we will arrange a site visit or a design consultation.
              </p>
              <Link
                to={`/order?${new URLSearchParams({ kind: "service", brief: `Like your project ${project.title}: ` })}`}
                className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
              >
                Request a consultation
              </Link>
            </section>
          )}
        </aside>
      </div>
      <section aria-labelledby="scope" className="mt-12 max-w-3xl">
        <h2 id="scope" className="font-serif text-2xl">
          Scope of Work
        </h2>
        <RichText html={project.description} />
      </section>
    </article>
  );
}
