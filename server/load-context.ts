import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CatalogReader, LoadContext, SiteConfig } from "../domain/load-context";
import type { Database } from "./db/client";
import { writePartsOf } from "./door";
import type { BackupSettings } from "./modules/backups/backups.service";
import type { BackupOnDemand } from "./modules/backups/backup-on-demand";
import type { BackupPlan } from "./modules/backups/backup-plan.service";
import type { CatalogCache } from "./modules/catalog/catalog-cache";
import type { NotifiedCache } from "./db/notified-cache";
import type { Mailer } from "./modules/mail/mailer";
import { createAccountActions } from "./modules/accounts/account.actions";
import { createBackupActions } from "./modules/backups/backups.actions";
import { createCatalogTransferActions } from "./modules/catalog-transfer/catalog-transfer.actions";
import type { TransferDeps } from "./modules/catalog-transfer/catalog-import.service";
import { createListActions } from "./modules/carts/list.actions";
import { createCatalogActions } from "./modules/catalog/catalog.actions";
import { createContactActions, createInboxActions } from "./modules/contact/contact.actions";
import { createDashboardActions } from "./modules/dashboard/dashboard.actions";
import { createTodayActions } from "./modules/today/today.actions";
import { createOrderActions, createOrderDeskActions } from "./modules/orders/orders.actions";
import { createProjectActions } from "./modules/projects/projects.actions";
import {
  createPaymentActions,
  createPaymentDeskActions,
  createWebhookDoor,
  type PaymentParts,
} from "./modules/payments/payments.actions";
import { createSettingsActions, createShopEmailLinkActions, type MailParts } from "./modules/settings/settings.actions";
import type { ShopDetailsSource, ShopSettingsStore } from "./modules/settings/settings.service";
import { createSetupActions } from "./modules/setup/setup.actions";
import { createJournalActions } from "./modules/journal/journal.actions";
import { createCustomerActions } from "./modules/customers/customers.actions";
import { createStaffActions } from "./modules/staff/staff.actions";
import { createDeliveryActions } from "./modules/delivery/delivery.actions";
import { createReviewActions, createReviewDeskActions } from "./modules/reviews/reviews.actions";
import type { MediaStorage } from "./modules/media/storage/media-storage";

/** What every area's door is made from: the app (live events, rate limits) and its parts. */
export interface ActionDeps {
  app: FastifyInstance;
  db: Database;
  mailer: Mailer;
  cache: CatalogCache;
  /** The customer book's and Today's read cache. */
  operations: NotifiedCache;
  storage: MediaStorage;
  /** The shop's name, e-mail address and public address, as the settings say now: for e-mails. */
  shop: ShopDetailsSource;
  settings: ShopSettingsStore;
  backups: BackupSettings;
  /** The backup plan in force (Settings → Backups, else the server's), through the read cache. */
  backupPlan: () => Promise<BackupPlan>;
  /** Backups the Owner asks for. */
  backupOnDemand: BackupOnDemand;
  /** What a catalogue import needs: the shop's addresses and the hosts allowed on a private network. */
  transfer: TransferDeps;
  /** The providers' clients and the box that opens their keys. */
  payments: PaymentParts;
  /** The mail server's password box, and where mail goes without the owner's server. */
  mail: MailParts;
}

/**
 * Every area's door (docs/architecture.md, The door), made once per app: the API's route
 * files and the pages' loaders and actions both call these, bound to the request at hand.
 */
export function createDoors(deps: ActionDeps) {
  const { cache } = deps;
  const parts = writePartsOf(deps);
  return {
    lists: createListActions(deps),
    accounts: createAccountActions(deps),
    contact: createContactActions(deps),
    inbox: createInboxActions(deps),
    catalog: createCatalogActions(parts),
    projects: createProjectActions(parts),
    dashboard: createDashboardActions(deps),
    today: createTodayActions({ ...parts, operations: deps.operations, settings: deps.settings, shop: deps.shop }),
    settings: createSettingsActions({
      ...parts,
      settings: deps.settings,
      mailer: deps.mailer,
      shop: deps.shop,
      mail: deps.mail,
    }),
    shopEmail: createShopEmailLinkActions(parts),
    setup: createSetupActions({ ...parts, mailer: deps.mailer }),
    backups: createBackupActions({
      ...parts,
      backups: deps.backups,
      plan: deps.backupPlan,
      onDemand: deps.backupOnDemand,
    }),
    orders: createOrderActions(deps),
    orderDesk: createOrderDeskActions(deps),
    payments: createPaymentActions(deps),
    paymentDesk: createPaymentDeskActions(deps),
    webhooks: createWebhookDoor(deps),
    catalogTransfer: createCatalogTransferActions(deps.transfer),
    staff: createStaffActions(deps),
    journal: createJournalActions(deps),
    customers: createCustomerActions(deps),
    delivery: createDeliveryActions({ ...parts, cache }),
    reviews: createReviewActions(deps),
    reviewDesk: createReviewDeskActions(deps),
  };
}

export type Doors = ReturnType<typeof createDoors>;

declare module "fastify" {
  interface FastifyInstance {
    /** Every area's door, as the routes and the pages call them. */
    doors: Doors;
  }
}

/**
 * What page loaders and actions may use for one request: the cached catalogue reads, the
 * site (the settings as they are now), the viewer, and each area's door bound to this request and its reply.
 */
export function createLoadContext(catalog: CatalogReader, site: () => Promise<SiteConfig>, doors: Doors) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<LoadContext> => {
    const catalogDoor = doors.catalog(request);
    const projects = doors.projects(request);
    const dashboard = doors.dashboard(request);
    const inbox = doors.inbox(request);
    return {
      catalog,
      site: await site(),
      viewer: (await request.signedIn())?.viewer ?? null,
      lists: doors.lists(request, reply),
      accounts: doors.accounts(request, reply),
      contact: doors.contact(request, reply),
      admin: {
        ...catalogDoor,
        listProjects: projects.listProjects,
        getProject: projects.getProject,
        listCustomerPhotos: projects.listCustomerPhotos,
        addProject: projects.addProject,
        updateProject: projects.updateProject,
        deleteProject: projects.deleteProject,
        getSummary: dashboard.getSummary,
        countUnreadMessages: dashboard.countUnreadMessages,
        listMessages: inbox.listMessages,
        markMessageRead: (id, read) => inbox.markMessageRead(id, { read }).then(() => undefined),
        deleteMessage: (id) => inbox.deleteMessage(id).then(() => undefined),
      },
      settings: doors.settings(request),
      shopEmail: doors.shopEmail,
      setup: doors.setup(request),
      backups: doors.backups(request),
      orders: doors.orders(request, reply),
      orderDesk: doors.orderDesk(request, reply),
      payments: doors.payments(request, reply),
      paymentDesk: doors.paymentDesk(request, reply),
      catalogTransfer: doors.catalogTransfer(request),
      staff: doors.staff(request),
      journal: doors.journal(request),
      customers: doors.customers(request),
      delivery: doors.delivery(request, reply),
      today: doors.today(request),
      reviews: doors.reviews(request, reply),
      reviewDesk: doors.reviewDesk(request),
    };
  };
}
