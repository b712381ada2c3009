import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CatalogReader, LoadContext, SiteConfig } from "../domain/load-context";
import type { Database } from "./db/client";
import type { BackupSettings } from "./modules/backups/backups.service";
import type { CatalogCache } from "./modules/catalog/catalog-cache";
import type { Mailer } from "./modules/mail/mailer";
import { createAccountActions } from "./modules/accounts/account.actions";
import { createBackupActions } from "./modules/backups/backups.actions";
import { createCatalogTransferActions } from "./modules/catalog-transfer/catalog-transfer.actions";
import type { TransferDeps } from "./modules/catalog-transfer/catalog-import.service";
import { createListActions } from "./modules/carts/list.actions";
import { createAdminActions } from "./modules/catalog/admin.actions";
import { createContactActions } from "./modules/contact/contact.actions";
import { createOrderActions, createOrderDeskActions } from "./modules/orders/orders.actions";
import { createSettingsActions } from "./modules/settings/settings.actions";
import type { ShopDetailsSource, ShopSettingsStore } from "./modules/settings/settings.service";
import { createSetupActions } from "./modules/setup/setup.actions";
import type { MediaStorage } from "./modules/media/storage/media-storage";

/** What the page actions of every area are made from: the app (live events, rate limits) and its parts. */
export interface ActionDeps {
  app: FastifyInstance;
  db: Database;
  mailer: Mailer;
  cache: CatalogCache;
  storage: MediaStorage;
  /** The shop's name, e-mail address and public address, as the settings say now: for e-mails. */
  shop: ShopDetailsSource;
  settings: ShopSettingsStore;
  backups: BackupSettings;
  /** What a catalogue import needs: the shop's addresses and the hosts allowed on a private network. */
  transfer: TransferDeps;
}

/**
 * What page loaders and actions may use for one request: the cached catalogue reads, the
 * site (the settings as they are now), the viewer, and each area's actions bound to this request and its reply.
 */
export function createLoadContext(catalog: CatalogReader, site: () => Promise<SiteConfig>, deps: ActionDeps) {
  const lists = createListActions(deps);
  const accounts = createAccountActions(deps);
  const contact = createContactActions(deps);
  const admin = createAdminActions(deps);
  const settings = createSettingsActions(deps);
  const setup = createSetupActions(deps);
  const backups = createBackupActions(deps);
  const orders = createOrderActions(deps);
  const orderDesk = createOrderDeskActions(deps);
  const catalogTransfer = createCatalogTransferActions(deps);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<LoadContext> => ({
    catalog,
    site: await site(),
    viewer: (await request.signedIn())?.viewer ?? null,
    lists: lists(request, reply),
    accounts: accounts(request, reply),
    contact: contact(request, reply),
    admin: admin(request, reply),
    settings: settings(request, reply),
    setup: setup(request),
    backups: backups(request, reply),
    orders: orders(request, reply),
    orderDesk: orderDesk(request, reply),
    catalogTransfer: catalogTransfer(request, reply),
  });
}
