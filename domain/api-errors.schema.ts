/**
 * Every error the API answers has this body (docs/product.md, Limits and errors): a message
 * for the person, and per-field messages when a form's fields were refused.
 */
import { z } from "zod";

export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type ErrorBody = z.output<typeof ErrorBodySchema>;

/** The answers a route documents for the refusals it can give, by status code. */
export function refusals<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema])) as Record<
    Codes[number],
    typeof ErrorBodySchema
  >;
}

/** A change that answers only with words (a deletion, a sent link). */
export const MessageSchema = z.object({ message: z.string() });
