/** The admin panel's calls (SPEC.md §7), all guarded by the server's admin check. */
import type {
  Collection,
  CollectionDetail,
  CollectionPage,
  ImageRef,
  Product,
  ProductPage,
  Project,
  ProjectPage,
} from "../../../domain/catalog/catalog.types";
import type { CollectionInput } from "../../../domain/catalog/collection-input.schema";
import type { ProductInput } from "../../../domain/catalog/product-input.schema";
import type { ProjectInput } from "../../../domain/catalog/project-input.schema";
import { mediaUrl } from "../../../domain/media";
import { api } from "../../lib/api-client";
import type { AdminPage } from "./use-admin-page";

export const PRODUCTS_PAGE_SIZE = 12;
export const COLLECTIONS_PAGE_SIZE = 12;
export const PROJECTS_PAGE_SIZE = 10;
export const MESSAGES_PAGE_SIZE = 20;

export interface AdminSummary {
  products: number;
  collections: number;
  projects: number;
  unreadMessages: number;
}

export interface InboxMessage {
  _id: string;
  name: string;
  email: string;
  phoneNumber: string;
  subject: string;
  message: string;
  read: boolean;
  createdAt: string;
}

export const fetchSummary = () => api<AdminSummary>("/admin/operations/summary");

export async function fetchProducts(page: number): Promise<AdminPage<Product>> {
  const result = await api<ProductPage>(`/products?page=${page}&limit=${PRODUCTS_PAGE_SIZE}`);
  return { items: result.products, total: result.total };
}

export async function fetchCollections(page: number): Promise<AdminPage<Collection>> {
  const result = await api<CollectionPage>(`/collections?page=${page}&limit=${COLLECTIONS_PAGE_SIZE}`);
  return { items: result.collections, total: result.total };
}

export async function fetchProjects(page: number): Promise<AdminPage<ProjectPage["data"][number]>> {
  const result = await api<ProjectPage>(`/projects?page=${page}&limit=${PROJECTS_PAGE_SIZE}`);
  return { items: result.data, total: result.pagination.totalItems };
}

export async function fetchMessages(page: number): Promise<AdminPage<InboxMessage> & { unread: number }> {
  const result = await api<{ messages: InboxMessage[]; total: number; unread: number }>(
    `/admin/operations/messages?page=${page}&limit=${MESSAGES_PAGE_SIZE}`,
  );
  return { items: result.messages, total: result.total, unread: result.unread };
}

export const deleteProduct = (id: string) => api(`/admin/operations/delProduct/${id}`, { method: "DELETE" });
export const deleteCollection = (id: string) => api(`/admin/operations/delCollection/${id}`, { method: "DELETE" });
export const deleteProject = (id: string) => api(`/admin/operations/delProject/${id}`, { method: "DELETE" });
export const deleteMessage = (id: string) => api(`/admin/operations/messages/${id}`, { method: "DELETE" });
export const markMessageRead = (id: string, read: boolean) =>
  api(`/admin/operations/messages/${id}/read`, { method: "PUT", body: { read } });

/** The smallest stored size: enough for a list thumbnail. */
export const thumbnailOf = (image: ImageRef | null | undefined) =>
  image ? mediaUrl(image.public_id, image.widths[0] ?? image.width, "webp") : null;

/** The edit forms read the item as the shop's public API gives it. */
export const fetchProduct = (id: string) => api<Product>(`/products/${encodeURIComponent(id)}`);
export const fetchCollection = (id: string) => api<CollectionDetail>(`/collections/${encodeURIComponent(id)}`);
export const fetchProject = (id: string) => api<Project>(`/projects/get/${encodeURIComponent(id)}`);

/** Every collection's id and name, for the product form's collection select. */
export async function fetchCollectionNames(): Promise<Array<{ _id: string; name: string }>> {
  const names: Array<{ _id: string; name: string }> = [];
  for (let page = 1; page <= 50; page += 1) {
    const result = await api<CollectionPage>(`/collections?page=${page}&limit=100`);
    names.push(...result.collections.map(({ _id, name }) => ({ _id, name })));
    if (!result.hasMore) break;
  }
  return names.sort((a, b) => a.name.localeCompare(b.name));
}

export const PICKER_PAGE_SIZE = 100;

/** One page of products for the collection form's picker, by name or description. */
export function searchProducts(page: number, search: string): Promise<ProductPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(PICKER_PAGE_SIZE) });
  if (search.trim()) query.set("search", search.trim());
  return api<ProductPage>(`/products?${query.toString()}`);
}

/** Add (no id, 201) or update (200); every update sends all the fields. */
export const saveProduct = (id: string | null, body: ProductInput) =>
  api<Product>(id ? `/admin/operations/updateProduct/${id}` : "/admin/operations/addProduct", {
    method: id ? "PUT" : "POST",
    body,
  });

export const saveCollection = (id: string | null, body: CollectionInput) =>
  api<CollectionDetail>(id ? `/admin/operations/updateCollection/${id}` : "/admin/operations/addCollection", {
    method: id ? "PUT" : "POST",
    body,
  });

export const saveProject = (id: string | null, body: ProjectInput) =>
  api<Project>(id ? `/admin/operations/updateProject/${id}` : "/admin/operations/addProject", {
    method: id ? "PUT" : "POST",
    body,
  });
