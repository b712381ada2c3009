/**
 * What the admin panel reads (docs/product.md, Admin panel): the dashboard's counts, one
 * page of a Manage list, the inbox, and the choices a form offers. The JSON API answers
 * with these shapes and the admin pages receive them from their loaders; those the API
 * answers are derived from the schemas its routes declare.
 */
import type { z } from "zod";
import type { InboxMessageSchema, InboxPageSchema } from "../contact/inbox.schema";
import type { DashboardSummarySchema } from "./admin-answers.schema";
import type { CollectionRefSchema } from "./catalog-answers.schema";
import type { BulkChangeLine } from "./bulk-change.schema";
import type { Product } from "./catalog.types";

export type DashboardSummary = z.output<typeof DashboardSummarySchema>;

/** How many rows the inbox shows a page (the catalogue lists' page size is the owner's choice: admin-list-query.schema.ts). */
export const ADMIN_PAGE_SIZES = { messages: 20 } as const;

/** One page of a Manage list; `page` is the one shown (a page past the end shows the last). */
export interface AdminListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type InboxMessage = z.output<typeof InboxMessageSchema>;

/** GET /api/admin/operations/messages: newest first, with how many are unread in all. */
export type InboxPage = z.output<typeof InboxPageSchema>;

/** A collection as the product form offers it. */
export type CollectionChoice = z.output<typeof CollectionRefSchema>;

/** One page of products for a collection's product picker. */
export interface ProductChoices {
  products: Product[];
  page: number;
  hasMore: boolean;
}

/** The newest bulk change that can still be undone, for the catalogue tools' Undo. */
export interface UndoableBulkChange {
  _id: string;
  /** When it was made, and until when it can be undone (ISO). */
  at: string;
  until: string;
  action: string;
  count: number;
}

/** What undoing a bulk change did: the products put back, and those left as changed since. */
export interface BulkUndoResult {
  action: string;
  restored: BulkChangeLine[];
  left: { _id: string; name: string }[];
}
