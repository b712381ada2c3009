/**
 * What the server hands to page loaders (React Router's load context). Loaders call
 * these in process — never the server's own HTTP API — and the web folder knows them
 * only by this contract, never by importing the server.
 */
import type { CatalogListQuery, ProjectListQuery } from "./catalog/catalog-query.schema";
import type {
  CollectionDetail,
  CollectionPage,
  Product,
  ProductPage,
  Project,
  ProjectPage,
} from "./catalog/catalog.types";

export interface CatalogReader {
  listProducts(query: CatalogListQuery): Promise<ProductPage>;
  getProduct(id: string): Promise<Product | null>;
  listCollections(query: CatalogListQuery): Promise<CollectionPage>;
  getCollection(id: string): Promise<CollectionDetail | null>;
  listProjects(query: ProjectListQuery): Promise<ProjectPage>;
  getProject(id: string): Promise<Project | null>;
}

export interface SiteConfig {
  /** Absolute origin for links that leave the site: WhatsApp messages, e-mails, previews. */
  publicUrl: string;
  /** The shop's WhatsApp number, digits with country code. */
  whatsappNumber: string;
}

// A type alias (not an interface) so it fits React Router's index-signature context type.
export type LoadContext = {
  catalog: CatalogReader;
  site: SiteConfig;
};
