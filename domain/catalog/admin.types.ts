/**
 * What the admin panel reads (docs/product.md, Admin panel): the dashboard's counts, one
 * page of a Manage list, the inbox, and the choices a form offers. The JSON API answers
 * with these shapes and the admin pages receive them from their loaders.
 */
import type { Product } from "./catalog.types";

export interface DashboardSummary {
  products: number;
  collections: number;
  projects: number;
  unreadMessages: number;
}

/** How many rows each Manage list shows a page. */
export const ADMIN_PAGE_SIZES = { products: 12, collections: 12, projects: 10, messages: 20 } as const;

/** One page of a Manage list; `page` is the one shown (a page past the end shows the last). */
export interface AdminListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
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

/** GET /api/admin/operations/messages: newest first, with how many are unread in all. */
export interface InboxPage {
  messages: InboxMessage[];
  total: number;
  unread: number;
  hasMore: boolean;
}

/** A collection as the product form offers it. */
export interface CollectionChoice {
  _id: string;
  name: string;
}

/** One page of products for a collection's product picker. */
export interface ProductChoices {
  products: Product[];
  page: number;
  hasMore: boolean;
}
