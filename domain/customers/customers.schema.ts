/**
 * The customer book as the API takes and answers it (docs/product.md, Customers): each
 * shape once, declared by the routes and read by the admin's pages and forms. Money is
 * in naira here, as at every edge of the API; the server keeps kobo.
 */
import { z } from "zod";
import { ORDER_KINDS } from "../orders/orders.schema";
import { ORDER_STATUSES } from "../orders/order-status";
import { refuseControlCharacters } from "../typed-text.schema";

export const CUSTOMER_SORTS = ["last_contact", "spend", "balance"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const SORT_LABELS: Record<CustomerSort, string> = {
  last_contact: "Last contact",
  spend: "Spend",
  balance: "Balance owed",
};
export const CUSTOMER_PAGE_SIZE = 25;

/** GET /api/admin/operations/customers?search&sort&page&limit */
export const CustomerListQuerySchema = z.object({
  search: refuseControlCharacters(z.string().trim(), "search")
    .max(100, { error: "search must be at most 100 characters." })
    .optional()
    .transform((search) => search || undefined),
  sort: z.enum(CUSTOMER_SORTS, "Sort by last_contact, spend or balance.").default("last_contact"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CUSTOMER_PAGE_SIZE),
});
export type CustomerListQuery = z.output<typeof CustomerListQuerySchema>;

export const CustomerSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  areas: z.array(z.string()),
  ordersCount: z.number().int(),
  /** Naira paid across their orders. */
  paid: z.number(),
  /** Naira still owed on orders that ask for money now. */
  balance: z.number(),
  /** Quotes sent and waiting for their answer. */
  openQuotes: z.number().int(),
  firstContactAt: z.string(),
  lastContactAt: z.string(),
  ownerId: z.string().nullable(),
  tags: z.array(z.string()),
});
export type CustomerSummary = z.output<typeof CustomerSummarySchema>;

export const CustomerListSchema = z.object({
  customers: z.array(CustomerSummarySchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type CustomerList = z.output<typeof CustomerListSchema>;

export const CustomerOrderSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  summary: z.string(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  createdAt: z.string(),
});
export type CustomerOrder = z.output<typeof CustomerOrderSchema>;

export const TIMELINE_KINDS = ["order", "status", "quote", "approval", "payment", "message", "note"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  detail: z.string().nullable(),
  orderId: z.string().nullable(),
  by: z.string().nullable(),
});
export type TimelineEntry = z.output<typeof TimelineEntrySchema>;

export const CustomerDetailSchema = CustomerSummarySchema.extend({
  ownerName: z.string().nullable(),
  orders: z.array(CustomerOrderSchema),
  /** Newest first. */
  timeline: z.array(TimelineEntrySchema),
});
export type CustomerDetail = z.output<typeof CustomerDetailSchema>;

const TAG_MAX = 40;
export const TAGS_MAX = 20;
const TagSchema = refuseControlCharacters(z.string().trim(), "A tag")
  .min(1, { error: "A tag cannot be empty." })
  .max(TAG_MAX, { error: `A tag must be at most ${TAG_MAX} characters.` })
  .transform((tag) => tag.toLowerCase());

/** Tags as typed in one field: "architect, hotel". */
export const tagsFromText = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * PUT /api/admin/operations/customers/:id: `notes` adds a private note (stamped with who
 * and when, kept with the others on the timeline); `tags` replaces the tags; `ownerId`
 * names the staff member who looks after them (null: nobody).
 */
const NOTE_EMPTY = "Write the note first.";
const NoteSchema = refuseControlCharacters(z.string({ error: NOTE_EMPTY }).trim(), "The note", "many")
  .min(1, { error: NOTE_EMPTY })
  .max(2000, { error: "A note must be at most 2,000 characters." });
const TagsSchema = z
  .array(TagSchema)
  .max(TAGS_MAX, { error: `At most ${TAGS_MAX} tags.` })
  .transform((tags) => [...new Set(tags)]);
const OwnerIdSchema = z.uuid("Choose a staff member from the list.");

export const CustomerUpdateSchema = z.object({
  notes: NoteSchema.optional(),
  tags: TagsSchema.optional(),
  ownerId: OwnerIdSchema.nullable().optional(),
});
export type CustomerUpdate = z.output<typeof CustomerUpdateSchema>;

/** POST /api/admin/operations/customers/merge: the second record joins the first. */
export const CustomerMergeSchema = z.object({
  ids: z
    .tuple([z.uuid("Choose two customers."), z.uuid("Choose two customers.")], { error: "Choose two customers." })
    .refine(([a, b]) => a !== b, { error: "Choose two different customers." }),
});

/** POST /api/admin/operations/customers/:id/split: these orders leave for a new record. */
export const CustomerSplitSchema = z.object({
  orderIds: z
    .array(z.uuid("Choose orders of this customer."))
    .min(1, { error: "Choose the orders that belong to someone else." })
    .max(500),
});

/** The customer page's note form. */
export const CustomerNoteFormSchema = z.object({ notes: NoteSchema });

/** The customer page's tags and keeper form: tags typed apart by commas; no keeper chosen is nobody. */
export const CustomerDetailsFormSchema = z.object({
  tags: z
    .string()
    .optional()
    .transform((text) => tagsFromText(text ?? ""))
    .pipe(TagsSchema),
  ownerId: OwnerIdSchema.optional().transform((id) => id ?? null),
});

const CHOOSE_TWO = "Choose two customers to merge.";
/** The list's merge form: the two customers ticked, the first ticked kept. */
export const CustomerMergeFormSchema = z.object({
  ids: z.array(z.uuid(CHOOSE_TWO), { error: CHOOSE_TWO }).length(2, { error: CHOOSE_TWO }),
});

/** The customer page's split form: the orders ticked leave for a new record. */
export const CustomerSplitFormSchema = z.object({
  orderIds: z
    .array(z.uuid("Choose orders of this customer."), { error: "Choose the orders that belong to someone else." })
    .min(1, {
      error: "Choose the orders that belong to someone else.",
    }),
});
