/**
 * Reads an admin list's query (search, filters, sort, page, page size) from the Manage
 * section's URL, with the schema the admin API validates it with. A value that does not
 * make sense is dropped, not an error: the list shows as if it were not there.
 */
import type { z } from "zod";
import { AdminProductFilterSchema } from "../../domain/catalog/admin-list-query.schema";
import { ALL_MATCHING, BULK_PARAMS, roundingStepOf, type BulkPreview } from "./bulk-changes";

export function parseAdminListQuery<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  const input: Record<string, unknown> = Object.fromEntries([...params.entries()].filter(([key]) => key !== "section"));
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete input[String(issue.path[0])];
  }
  return schema.parse({});
}

/** The product filters of a Manage Products URL as typed there, those that make sense only. */
export function productFilterOf(params: URLSearchParams): Record<string, string> {
  const parsed = parseAdminListQuery(AdminProductFilterSchema, params) as Record<string, unknown>;
  const filter: Record<string, string> = {};
  // The body's filter takes the words of the URL ("true", "none"), not their parsed values.
  for (const [key, value] of Object.entries(parsed)) {
    const raw = params.get(key);
    if (value !== undefined && raw !== null) filter[key] = raw;
  }
  return filter;
}

/** The bulk bar's fields, from the preview's URL or the Apply form. */
export function readBulkFields(source: URLSearchParams | FormData): BulkPreview["fields"] {
  const text = (name: string) => {
    const value = source.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return {
    ids: source.getAll(BULK_PARAMS.ids).filter((id): id is string => typeof id === "string" && id !== ""),
    scope: text(BULK_PARAMS.scope),
    change: text(BULK_PARAMS.change),
    by: text(BULK_PARAMS.by),
    round: text(BULK_PARAMS.round),
    to: text(BULK_PARAMS.to),
  };
}

/** A number as typed, or NaN (which the server's schema refuses with its message). */
const numberOf = (text: string) => (text === "" ? Number.NaN : Number(text.replace(/[,\s₦%]/g, "")));

/**
 * The bulk body (domain/catalog/bulk-change.schema.ts) for the bar's fields: the ticked
 * products, or with `scope=all` every product the list's URL filters match.
 */
export function bulkBodyOf(fields: BulkPreview["fields"], listParams: URLSearchParams, preview: boolean) {
  const target = fields.scope === ALL_MATCHING ? { filter: productFilterOf(listParams) } : { ids: fields.ids };
  const by = numberOf(fields.by);
  const change = ((): { action: string; value?: unknown } => {
    switch (fields.change) {
      case "raise-percent":
        return { action: "price", value: { percent: by, roundTo: roundingStepOf(fields.round) } };
      case "lower-percent":
        return { action: "price", value: { percent: -by, roundTo: roundingStepOf(fields.round) } };
      case "raise-amount":
        return { action: "price", value: { amount: by } };
      case "lower-amount":
        return { action: "price", value: { amount: -by } };
      case "promo":
        return { action: "promo", value: { percent: by } };
      case "end-promo":
        return { action: "promo", value: false };
      case "sold":
        return { action: "sold", value: true };
      case "available":
        return { action: "sold", value: false };
      case "collection":
        return { action: "collection", value: fields.to === "" || fields.to === "none" ? null : fields.to };
      case "publish":
        return { action: "status", value: "published" };
      case "unpublish":
        return { action: "status", value: "draft" };
      case "delete":
        return { action: "delete" };
      default:
        // Not a change the bar offers: the server refuses it, saying which it takes.
        return { action: fields.change };
    }
  })();
  return { ...target, ...change, preview };
}
