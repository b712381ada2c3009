/**
 * What the admin panel's loaders and actions may do, in process, for the request at hand.
 * Every call checks, on the server, that an admin is signed in (401 for a guest, 403 for
 * a customer, as the API answers), and shares its rules with the admin API routes.
 * Writes take the bodies the API takes and answer what it answers; a refused write
 * throws `{ statusCode, message, errors }` as the API's 4xx does.
 */
import type {
  BulkUndoResult,
  UndoableBulkChange,
  AdminListPage,
  CollectionChoice,
  DashboardSummary,
  InboxMessage,
  InboxPage,
  ProductChoices,
} from "./admin.types";
import type { AdminCollectionListQuery, AdminProductListQuery, AdminProjectListQuery } from "./admin-list-query.schema";
import type { BulkChangeResult } from "./bulk-change.schema";
import type { Collection, CollectionDetail, Product, Project } from "./catalog.types";
import type { CollectionInput } from "./collection-input.schema";
import type { ProductInput } from "./product-input.schema";
import type { ProjectInput } from "./project-input.schema";
import type { CustomerPhoto } from "../reviews/reviews.schema";

export interface AdminActions {
  getSummary(): Promise<DashboardSummary>;
  /** The sidebar's badge alone, for admin pages that show no summary. */
  countUnreadMessages(): Promise<number>;
  /** A Manage list's page: search, filters and sort as its URL gives them, drafts included. */
  listProducts(query: AdminProductListQuery): Promise<AdminListPage<Product>>;
  listCollections(query: AdminCollectionListQuery): Promise<AdminListPage<Collection>>;
  listProjects(query: AdminProjectListQuery): Promise<AdminListPage<Project>>;
  listMessages(page: number): Promise<AdminListPage<InboxMessage> & Pick<InboxPage, "unread">>;
  /** The item as its edit form starts from; null when there is none. */
  getProduct(id: string): Promise<Product | null>;
  getCollection(id: string): Promise<CollectionDetail | null>;
  getProject(id: string): Promise<Project | null>;
  /** Customers' photos a project may use (docs/product.md, Reviews), newest first. */
  listCustomerPhotos(): Promise<CustomerPhoto[]>;
  /** Every collection, by name, for the product form's select. */
  listCollectionChoices(): Promise<CollectionChoice[]>;
  /** Products for a collection's picker, newest first, or matching `search`. */
  findProducts(query: { search?: string | undefined; page: number }): Promise<ProductChoices>;

  addProduct(body: ProductInput): Promise<Product>;
  /** Every field the body leaves out keeps its stored value. */
  updateProduct(id: string, body: Partial<ProductInput>): Promise<Product>;
  deleteProduct(id: string): Promise<void>;
  /** A new draft copy, sharing the pictures. */
  duplicateProduct(id: string): Promise<Product>;
  /** Takes the API's bulk body; `preview: true` writes nothing. */
  changeProducts(body: unknown): Promise<BulkChangeResult>;
  /** Undoes a bulk change made within the hour (docs/product.md, Catalogue tools). */
  undoBulkChange(id: string): Promise<BulkUndoResult>;
  /** The newest bulk change that can still be undone, or null. */
  findUndoableBulkChange(): Promise<UndoableBulkChange | null>;
  addCollection(body: CollectionInput): Promise<CollectionDetail>;
  updateCollection(id: string, body: Partial<CollectionInput>): Promise<CollectionDetail>;
  deleteCollection(id: string): Promise<void>;
  /** A new draft copy with a draft copy of each piece, sharing the pictures. */
  duplicateCollection(id: string): Promise<CollectionDetail>;
  addProject(body: ProjectInput): Promise<Project>;
  updateProject(id: string, body: Partial<ProjectInput>): Promise<Project>;
  deleteProject(id: string): Promise<void>;
  markMessageRead(id: string, read: boolean): Promise<void>;
  deleteMessage(id: string): Promise<void>;
}
