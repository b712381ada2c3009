import { CatalogBrowser } from "../components/shop/catalog-browser";
import { loadCatalogPage } from "../lib/catalog-page.server";
import { listingTitle } from "../lib/catalog-params";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCatalogPage(new URL(request.url), context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const category = loaderData?.query.category;
  const collections = loaderData?.view === "collections";
  return seoMeta(matches, {
    title: collections ? "Furniture collections" : category ? `${category} furniture` : "Shop furniture",
    description: collections
      ? "Complete rooms and matching sets, chosen to go together. Order on WhatsApp."
      : "Sofas, beds, dining sets, wardrobes, TV units and carpets, made in Nigeria or imported. Order on WhatsApp.",
    path: collections
      ? "/shop?view=collections"
      : category
        ? `/shop?category=${encodeURIComponent(category)}`
        : "/shop",
  });
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const fallback = loaderData.view === "collections" ? "Collections" : "Furniture for every room";
  return <CatalogBrowser data={loaderData} title={listingTitle(loaderData.query, fallback)} />;
}
