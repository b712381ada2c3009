/**
 * What search engines may crawl: sitemap.xml lists every public page and every item
 * with its last change; robots.txt keeps them out of private and API paths.
 */
import { publishedOnly } from "../catalog/catalog-filters";
import { desc } from "drizzle-orm";
import { STYLES, stylePath } from "../../../domain/catalog/styles";
import type { Database } from "../../db/client";
import { escapeXml } from "../../escape-xml";
import { collections, products } from "../../db/schema/catalog";
import { projects } from "../../db/schema/projects";

export interface SitemapEntry {
  /** A path with its query, as a browser would request it: "/product/<id>". */
  path: string;
  lastModified?: Date;
}

export const STATIC_PAGES = [
  "/",
  "/shop",
  "/shop?view=collections",
  "/projects",
  "/e-catalog",
  "/aboutUs",
  "/terms",
  "/privacy",
  "/contact",
  ...STYLES.map(stylePath),
];

export const DISALLOWED_PATHS = [
  "/admin",
  "/api",
  "/cart",
  "/wishlist",
  "/profile",
  "/reset-password",
  "/sign-in-link",
  // The order sheet, and tracking links, which carry a customer's order: never crawled.
  "/order",
];

/** Every public page, drafts left out. */
export async function listSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const columns = (table: typeof products | typeof collections | typeof projects) => ({
    id: table.id,
    updatedAt: table.updatedAt,
  });
  const [productRows, collectionRows, projectRows] = await Promise.all([
    db.select(columns(products)).from(products).where(publishedOnly(products.status)).orderBy(desc(products.updatedAt)),
    db
      .select(columns(collections))
      .from(collections)
      .where(publishedOnly(collections.status))
      .orderBy(desc(collections.updatedAt)),
    db.select(columns(projects)).from(projects).where(publishedOnly(projects.status)).orderBy(desc(projects.updatedAt)),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...productRows.map((row) => ({ path: `/product/${row.id}`, lastModified: row.updatedAt })),
    ...collectionRows.map((row) => ({ path: `/collection/${row.id}`, lastModified: row.updatedAt })),
    ...projectRows.map((row) => ({ path: `/project/${row.id}`, lastModified: row.updatedAt })),
  ];
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(publicUrl + entry.path)}</loc>${lastmod}</url>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
