import type { FastifyRequest } from "fastify";
import type { CatalogReader, LoadContext, SiteConfig } from "../domain/load-context";
import type { Env } from "./env";

export type SiteEnv = Pick<
  Env,
  | "PUBLIC_URL"
  | "WHATSAPP_NUMBER"
  | "SHOP_NAME"
  | "SHOP_EMAIL"
  | "SHOP_PHONE"
  | "SHOP_ADDRESS"
  | "INSTAGRAM_URL"
  | "ECATALOG_URL"
>;

export function siteConfig(env: SiteEnv): SiteConfig {
  return {
    publicUrl: env.PUBLIC_URL,
    shopName: env.SHOP_NAME,
    whatsappNumber: env.WHATSAPP_NUMBER,
    email: env.SHOP_EMAIL,
    phone: env.SHOP_PHONE,
    address: env.SHOP_ADDRESS,
    instagramUrl: env.INSTAGRAM_URL,
    eCatalogUrl: env.ECATALOG_URL,
  };
}

/** What page loaders may use for one request: the cached catalogue reads, the site, the viewer. */
export function createLoadContext(catalog: CatalogReader, site: SiteConfig) {
  return async (request: FastifyRequest): Promise<LoadContext> => ({
    catalog,
    site,
    viewer: (await request.signedIn())?.viewer ?? null,
  });
}
