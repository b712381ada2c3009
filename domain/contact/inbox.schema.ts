/**
 * The admin's inbox of contact messages as the API takes and answers it
 * (docs/product.md, Contact messages): each shape once, declared by the routes and the
 * source of the types in catalog/admin.types.ts.
 */
import { z } from "zod";
import { ADMIN_PAGE_SIZES } from "../catalog/admin.types";

/** GET /api/admin/operations/messages?page&limit */
export const InboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZES.messages),
});

/** PUT /api/admin/operations/messages/:id/read */
export const MessageReadSchema = z.object({ read: z.boolean() });

export const InboxMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  /** The sender's record in the customer book, when the message could be joined to one. */
  customerId: z.string().nullable(),
  createdAt: z.string(),
});

/** Newest first, with how many are unread in all. */
export const InboxPageSchema = z.object({
  messages: z.array(InboxMessageSchema),
  total: z.number(),
  unread: z.number(),
  hasMore: z.boolean(),
});
