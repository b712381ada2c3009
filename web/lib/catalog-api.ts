/** Further pages of the shop's lists, from the API, as card summaries. */
import type { CatalogListQuery } from "../../domain/catalog/catalog-query.schema";
import type { CollectionPage, ProductPage, ProjectPage } from "../../domain/catalog/catalog.types";
import { api } from "./api-client";
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
