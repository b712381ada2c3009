/** Ids as the API takes them: every stored row is keyed by a UUID. */
import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything else cannot name a row, so callers answer without asking the database. */
export function isUuidText(value: string): boolean {
  return UUID.test(value);
}

/**
 * The `:id` of a route. Any text is accepted: a malformed id names nothing, so the
 * route answers 404 like for an id that is gone, not 400.
 */
export const IdParamsSchema = z.object({ id: z.string().max(200) });
