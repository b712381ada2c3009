/**
 * Per-page title, description, canonical URL, Open Graph and Twitter tags (and JSON-LD
 * when given), so a link shared on WhatsApp shows a proper preview.
 */
import type { MetaDescriptor } from "react-router";
import type { ShellSite } from "../../domain/load-context";
import { rootDataFrom } from "./root-data";

export interface PageSeo {
  title: string;
  description: string;
  /** The page's path; the canonical URL is PUBLIC_URL + path. */
  path: string;
  /** Absolute path or URL of a 1200×630 preview image. */
  image?: string;
  type?: "website" | "product" | "article";
  jsonLd?: Record<string, unknown>[];
  /** Keeps the page out of search results (account screens, one-time links). */
  noindex?: boolean;
}

interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

export function siteFrom(matches: ReadonlyArray<MetaMatch | undefined>): ShellSite | undefined {
  return rootDataFrom(matches)?.site;
}

/** The root loader's Data saver answer, for a page's head (the hero's preload). */
export function dataSaverFrom(matches: ReadonlyArray<MetaMatch | undefined>): boolean {
  return rootDataFrom(matches)?.dataSaver === true;
}

export function seoMeta(matches: ReadonlyArray<MetaMatch | undefined>, page: PageSeo): MetaDescriptor[] {
  const site = siteFrom(matches);
  const robots: MetaDescriptor[] = page.noindex ? [{ name: "robots", content: "noindex" }] : [];
  if (!site) return [{ title: page.title }, ...robots];
  const url = site.publicUrl + page.path;
  const image = page.image ?? "/og/site.jpg";
  const imageUrl = image.startsWith("http") ? image : site.publicUrl + image;
  const title = page.path === "/" ? `${site.shopName} — ${page.title}` : `${page.title} | ${site.shopName}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...robots,
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.shopName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data }) as MetaDescriptor),
  ];
}

/** One step of a breadcrumb trail; a page shows the same trail its JSON-LD gives. */
export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbs(site: ShellSite | undefined, trail: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: (site?.publicUrl ?? "") + crumb.path,
    })),
  };
}

/** Plain text of stored rich HTML, for descriptions in previews. */
export function plainText(html: string, max = 180): string {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
