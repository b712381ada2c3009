/**
 * What the server hands to page loaders (React Router's load context). Loaders call
 * these in process — never the server's own HTTP API — and the web folder knows them
 * only by this contract, never by importing the server.
 */
import type { z } from "zod";
import type { ViewerSchema } from "./accounts/account-answers.schema";
import type { CatalogListQuery, ProjectListQuery } from "./catalog/catalog-query.schema";
import type {
  CollectionDetail,
  ImageRef,
  CollectionPage,
  Product,
  ProductPage,
  Project,
  ProjectPage,
} from "./catalog/catalog.types";
import type { AccountActions } from "./accounts/account.actions";
import type { BackupActions } from "./backups/backups.actions";
import type { PaymentActions, PaymentDeskActions } from "./payments/payments.actions";
import type { AdminActions } from "./catalog/admin.actions";
import type { CatalogTransferActions } from "./catalog/catalog-csv.actions";
import type { ContactActions } from "./contact/contact.actions";
import type { CustomerActions } from "./customers/customers.actions";
import type { OrderActions, OrderDeskActions } from "./orders/orders.actions";
import type { SetupActions } from "./setup/setup.actions";
import type { ShoppingListActions } from "./shopping-lists.actions";
import type { SettingsActions, ShopEmailLinkActions } from "./settings/settings.actions";
import type { JournalActions, StaffActions } from "./staff/staff.actions";
import type { ShopSettings } from "./settings/shop-settings.schema";
import type { DeliveryActions } from "./delivery/delivery.actions";
import type { TodayActions } from "./today/today.actions";
import type { ReviewActions, ReviewDeskActions } from "./reviews/reviews.actions";

export interface CatalogReader {
  listProducts(query: CatalogListQuery): Promise<ProductPage>;
  getProduct(id: string): Promise<Product | null>;
  listCollections(query: CatalogListQuery): Promise<CollectionPage>;
  getCollection(id: string): Promise<CollectionDetail | null>;
  listProjects(query: ProjectListQuery): Promise<ProjectPage>;
  getProject(id: string): Promise<Project | null>;
  /** A picture for each category (or style) that has a product with one. */
  listCovers(by: "category" | "style"): Promise<Record<string, ImageRef>>;
}

/** The business behind the shop: the owner's settings, and the address the shop is served at. */
export type SiteConfig = ShopSettings & {
  /** Absolute origin for links that leave the site: WhatsApp messages, e-mails, previews. */
  publicUrl: string;
  /** S3_PUBLIC_URL: pages link pictures from this bucket or CDN address instead of /media. */
  mediaUrl?: string;
  /** The payment providers' checkout origins: a pay form's post is redirected there. */
  checkoutOrigins?: string[];
};

/**
 * The settings only the back office reads: Today's thresholds and message templates, the
 * e-mail reminders switch, publishing reviews as they come. They stay out of what every
 * page's shell carries to the browser (`ShellSite`), which no shop page needs.
 */
export const BACK_OFFICE_SETTINGS = ["followUps", "messageTemplates", "emailReminders", "autoPublishReviews"] as const;

/** The site as every page's shell has it in the browser (web/lib/root-data.server.ts). */
export type ShellSite = Omit<SiteConfig, (typeof BACK_OFFICE_SETTINGS)[number]>;

/** Who is looking at the page, as GET /api/auth/check describes them. */
export type Viewer = z.output<typeof ViewerSchema>;

// A type alias (not an interface) so it fits React Router's index-signature context type.
export type LoadContext = {
  /** Render the page whole before sending any of it (a page the page cache keeps). */
  wholePage?: boolean;
  catalog: CatalogReader;
  site: SiteConfig;
  viewer: Viewer | null;
  lists: ShoppingListActions;
  accounts: AccountActions;
  contact: ContactActions;
  admin: AdminActions;
  settings: SettingsActions;
  shopEmail: ShopEmailLinkActions;
  setup: SetupActions;
  backups: BackupActions;
  orders: OrderActions;
  orderDesk: OrderDeskActions;
  payments: PaymentActions;
  paymentDesk: PaymentDeskActions;
  catalogTransfer: CatalogTransferActions;
  staff: StaffActions;
  journal: JournalActions;
  customers: CustomerActions;
  delivery: DeliveryActions;
  today: TodayActions;
  reviews: ReviewActions;
  reviewDesk: ReviewDeskActions;
};
