/**
 * Reads the shop's list query from a page URL on the server. Kept out of the browser
 * bundle (".server"): the zod schema costs shoppers tens of kilobytes.
 */
import { CatalogListQuerySchema, type CatalogListQuery } from "../../domain/catalog/catalog-query.schema";
import { FILTER_KEYS } from "./catalog-params";

/** The list query in the URL; a value that does not make sense is ignored, not an error. */
export function parseListQuery(params: URLSearchParams, fixed: Record<string, string | number> = {}): CatalogListQuery {
  const input: Record<string, unknown> = {};
  for (const key of [...FILTER_KEYS, "page"]) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  Object.assign(input, fixed);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const result = CatalogListQuerySchema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete input[String(issue.path[0])];
  }
  return CatalogListQuerySchema.parse(fixed);
}
