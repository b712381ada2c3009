import { ExternalLink } from "lucide-react";
import { PageHero } from "../components/ui/page-hero";
import { ResponsiveImage } from "../components/ui/responsive-image";
import { whatsappLink } from "../../domain/whatsapp";
import { seoMeta } from "../lib/seo";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/e-catalog";

/** The cover the owner chose in Settings; until then, a project's photo. */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.site.ecatalogImage) return { image: context.site.ecatalogImage };
  const projects = await context.catalog.listProjects({ page: 1, limit: 2 });
  return { image: projects.data[1]?.images[0] ?? projects.data[0]?.images[0] ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "E-Catalog",
    description: "Our full design catalogue: every range, finish and fabric in one document.",
    path: "/e-catalog",
  });

/**
 * An image that opens the business's external design catalogue (its link is set in
 * Settings); without one, the same image asks for the catalogue on WhatsApp.
 */
export default function ECatalog({ loaderData }: Route.ComponentProps) {
  const { site } = useShell();
  const href =
    site.ecatalogUrl ?? whatsappLink(site.whatsappNumber, `Hello ${site.shopName}, may I see your e-catalogue?`);
  return (
    <>
      <PageHero eyebrow="E-Catalog" title="Our design catalogue">
        Every range, finish and fabric in one document. Open it to browse at your own pace.
      </PageHero>
      <div className="mx-auto max-w-5xl px-5 py-14 md:px-8">
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="group relative block overflow-hidden rounded-sm bg-sand"
        >
          <ResponsiveImage
            image={loaderData.image}
            alt={`${site.shopName} design catalogue cover`}
            sizes="(min-width: 1024px) 1024px, 100vw"
            className="aspect-[16/10] w-full object-cover transition duration-700 group-hover:scale-[1.02]"
          />
          <span className="absolute inset-0 flex flex-col items-center justify-center bg-ink/45 p-6 text-center text-white">
            <span className="font-serif text-3xl md:text-5xl">{site.shopName} E-Catalog</span>
            <span className="mt-5 inline-flex items-center gap-2 rounded-full bg-white px-6 py-3 text-sm text-ink">
              {site.ecatalogUrl ? "Open the catalogue" : "Ask for it on WhatsApp"}
              <ExternalLink className="size-4" aria-hidden="true" />
            </span>
          </span>
        </a>
      </div>
    </>
  );
}
