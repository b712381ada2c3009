/** Further pages of the shop's lists, and single items for live updates, from the API, as card summaries. */
import type { CatalogListQuery } from "../../domain/catalog/catalog-query.schema";
import type {
  CollectionDetail,
  CollectionPage,
  Product,
  ProductPage,
  Project,
  ProjectPage,
} from "../../domain/catalog/catalog.types";
import { api, ApiError } from "./api-client";
import {
  summariseCollection,
  summariseProduct,
  summariseProject,
  type CollectionSummary,
  type ProductSummary,
  type ProjectSummary,
} from "./summaries";
import type { ListPage } from "./use-load-more";

/** Only the filters that are set go into the request (SPEC.md §4). */
export function toQueryString(query: CatalogListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

export async function fetchProductPage(query: CatalogListQuery): Promise<ListPage<ProductSummary>> {
  const result = await api<ProductPage>(`/products?${toQueryString(query)}`);
  return {
    items: result.products.map(summariseProduct),
    hasMore: result.hasMore,
    total: result.total,
    page: query.page,
  };
}

export async function fetchCollectionPage(query: CatalogListQuery): Promise<ListPage<CollectionSummary>> {
  const result = await api<CollectionPage>(`/collections?${toQueryString(query)}`);
  return {
    items: result.collections.map(summariseCollection),
    hasMore: result.hasMore,
    total: result.total,
    page: query.page,
  };
}

export async function fetchProjectPage(
  page: number,
  limit: number,
  category?: string,
): Promise<ListPage<ProjectSummary>> {
  const categoryParam = category ? `&category=${encodeURIComponent(category)}` : "";
  const result = await api<ProjectPage>(`/projects?page=${page}&limit=${limit}${categoryParam}`);
  return {
    items: result.data.map(summariseProject),
    hasMore: result.pagination.hasNextPage,
    total: result.pagination.totalItems,
    page,
  };
}

/** One item as its card shows it; null once it is gone (404). */
async function fetchSummary<R, T>(path: string, summarise: (found: R) => T): Promise<T | null> {
  try {
    return summarise(await api<R>(path));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const fetchProductSummary = (id: string) =>
  fetchSummary(`/products/${encodeURIComponent(id)}`, (product: Product) => summariseProduct(product));

export const fetchCollectionSummary = (id: string) =>
  fetchSummary(`/collections/${encodeURIComponent(id)}`, (detail: CollectionDetail) =>
    summariseCollection({ ...detail, productIds: detail.productIds.map((product) => product._id) }),
  );

export const fetchProjectSummary = (id: string) =>
  fetchSummary(`/projects/get/${encodeURIComponent(id)}`, (project: Project) => summariseProject(project));
