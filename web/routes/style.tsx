import { ChevronDown } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { normaliseStyle, STYLES, stylePath } from "../../domain/catalog/styles";
import { CatalogBrowser } from "../components/shop/catalog-browser";
import { useDisclosure } from "../components/ui/use-disclosure";
import { loadCatalogPage } from "../lib/catalog-page.server";
import { breadcrumbs, seoMeta, siteFrom } from "../lib/seo";
import type { Route } from "./+types/style";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const style = normaliseStyle(safeDecode(params.style));
  if (!style) throw data("Style not found", { status: 404 });
  return { style, ...(await loadCatalogPage(new URL(request.url), context, style)) };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const site = siteFrom(matches);
  const path = stylePath(loaderData.style);
  return seoMeta(matches, {
    title: `${loaderData.style} furniture`,
    description: `${loaderData.style} sofas, beds, dining sets and collections. Order on WhatsApp.`,
    path,
    jsonLd: [
      breadcrumbs(site, [
        { name: "Home", path: "/" },
        { name: "Shop", path: "/shop" },
        { name: loaderData.style, path },
      ]),
    ],
  });
};

export default function StylePage({ loaderData }: Route.ComponentProps) {
  const { style } = loaderData;
  const navigation = useNavigation();
  const otherStyles = useDisclosure();
  const switching = navigation.state === "loading" && navigation.location.pathname.startsWith("/styles/");
  const changingStyle = switching && navigation.location.pathname.toLowerCase() !== stylePath(style).toLowerCase();
  return (
    <CatalogBrowser
      data={loaderData}
      title={style}
      pending={changingStyle ? "Loading styles data..." : null}
      action={
        <details ref={otherStyles} className="group relative">
          <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-full border border-ink/20 bg-white px-4 text-sm hover:border-ink [&::-webkit-details-marker]:hidden">
            Other styles
            <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden="true" />
          </summary>
          <ul className="absolute right-0 z-30 mt-2 w-56 rounded-2xl border border-line bg-white p-2 shadow-xl">
            {STYLES.filter((other) => other !== style).map((other) => (
              <li key={other}>
                <Link to={stylePath(other)} className="block rounded-xl px-3 py-2.5 text-sm hover:bg-sand">
                  {other}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      }
    />
  );
}
