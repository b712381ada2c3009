import { Link } from "react-router";
import { ServicesSection } from "../components/home/services-section";
import { PageHero } from "../components/ui/page-hero";
import { ResponsiveImage } from "../components/ui/responsive-image";
import { seoMeta } from "../lib/seo";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const projects = await context.catalog.listProjects({ page: 1, limit: 1 });
  return { image: projects.data[0]?.images[0] ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "About us",
    description:
      "A Lagos furniture workshop and interiors studio: made-to-order furniture, imports and complete projects.",
    path: "/aboutUs",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { site } = useShell();
  return (
    <>
      <PageHero eyebrow="About us" title={site.slogan}>
        {site.shopName} makes and sources furniture for Nigerian homes, offices and hotels, and finishes the spaces
        around it.
      </PageHero>
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 py-16 md:px-8 lg:grid-cols-2">
        <div className="overflow-hidden rounded-sm bg-sand">
          <ResponsiveImage
            image={loaderData.image}
            alt="A living room we designed and furnished"
            sizes="(min-width: 1024px) 50vw, 100vw"
            className="aspect-[4/3] w-full object-cover"
          />
        </div>
        <div className="space-y-4 leading-relaxed text-ink/90">
          <h2 className="font-serif text-3xl text-ink">Made here, chosen with care</h2>
          <p>
            Our workshop builds sofas, beds, dining sets, wardrobes and TV units to order, in the sizes and fabrics you
            choose. Alongside them we import pieces from makers we trust, for when only that marble or that finish will
            do.
          </p>
          <p>
            Our designers plan whole rooms and whole buildings: homes, offices, restaurants and hotels. We measure,
            design, make, deliver and install, so one team answers for the result.
          </p>
          <p>
            Ordering is as simple as a chat: every piece has an Order Now button that opens WhatsApp with the details
            filled in, and a real person answers, day or night.
          </p>
          <div className="flex flex-wrap gap-3 pt-2">
            <Link to="/shop" className="rounded-full bg-ink px-6 py-3 text-sm text-white hover:bg-ink/90">
              Browse the shop
            </Link>
            <Link to="/projects" className="rounded-full border border-ink px-6 py-3 text-sm hover:bg-sand">
              See our projects
            </Link>
          </div>
        </div>
      </div>
      <ServicesSection />
    </>
  );
}
