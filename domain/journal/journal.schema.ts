/** The journal's shapes: what an entry says, and how the owner asks for entries. */
import { z } from "zod";
import { DateSchema } from "../dates.schema";

export const JOURNAL_AREAS = [
  "orders",
  "payments",
  "customers",
  "catalogue",
  "settings",
  "staff",
  "backups",
  "reviews",
] as const;
export type JournalArea = (typeof JOURNAL_AREAS)[number];

export const AREA_LABELS: Record<JournalArea, string> = {
  orders: "Orders",
  payments: "Payments",
  customers: "Customers",
  catalogue: "Catalogue",
  settings: "Settings",
  staff: "Staff",
  backups: "Backups",
  reviews: "Reviews",
};

/** The areas whose entries are about money: Accounts reads these, the Owner reads all. */
export const MONEY_AREAS: readonly JournalArea[] = ["payments"];

/** One field a write changed; null where there was nothing before or is nothing after. */
export const JournalChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type JournalChange = z.output<typeof JournalChangeSchema>;

export const JournalEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  by: z.object({ _id: z.string().nullable(), name: z.string() }),
  area: z.enum(JOURNAL_AREAS),
  item: z.string(),
  itemLabel: z.string(),
  action: z.string(),
  changes: z.array(JournalChangeSchema),
});
export type JournalEntry = z.output<typeof JournalEntrySchema>;

export const JournalPageSchema = z.object({
  entries: z.array(JournalEntrySchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type JournalPage = z.output<typeof JournalPageSchema>;

export const JournalQuerySchema = z.object({
  person: z.uuid("Choose a person from the list.").optional(),
  area: z.enum(JOURNAL_AREAS, "Choose an area from the list.").optional(),
  item: z.string().trim().min(1).max(200).optional(),
  /** The first day shown, in Lagos time. */
  from: DateSchema.optional(),
  /** The last day shown, in Lagos time. */
  to: DateSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type JournalQuery = z.output<typeof JournalQuerySchema>;
