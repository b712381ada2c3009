import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CatalogReader, LoadContext, SiteConfig } from "../domain/load-context";
import type { Database } from "./db/client";
import type { Env } from "./env";
import type { CatalogCache } from "./modules/catalog/catalog-cache";
import type { Mailer } from "./modules/mail/mailer";
import { createAccountActions } from "./modules/accounts/account.actions";
import { createListActions } from "./modules/carts/list.actions";
import { createAdminActions } from "./modules/catalog/admin.actions";
import { createContactActions } from "./modules/contact/contact.actions";

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

/** What the page actions of every area are made from: the app (live events, rate limits) and its parts. */
export interface ActionDeps {
  app: FastifyInstance;
  db: Database;
  mailer: Mailer;
  cache: CatalogCache;
  mediaDir: string;
  env: SiteEnv;
}

/**
 * What page loaders and actions may use for one request: the cached catalogue reads, the
 * site, the viewer, and each area's actions bound to this request and its reply.
 */
export function createLoadContext(catalog: CatalogReader, site: SiteConfig, deps: ActionDeps) {
  const lists = createListActions(deps);
  const accounts = createAccountActions(deps);
  const contact = createContactActions(deps);
  const admin = createAdminActions(deps);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<LoadContext> => ({
    catalog,
    site,
    viewer: (await request.signedIn())?.viewer ?? null,
    lists: lists(request, reply),
    accounts: accounts(request, reply),
    contact: contact(request, reply),
    admin: admin(request, reply),
  });
}
