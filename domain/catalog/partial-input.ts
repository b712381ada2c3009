/**
 * Updates of products, collections and projects. An update's body may hold any of the
 * form's fields: each one sent is checked by its own rules at once, and a field left
 * out keeps its stored value. The server then lays the body over the stored item and
 * parses the result with the form's whole schema, so required fields and the rules
 * between fields (a promotion's discounted price below the price) hold for the item as
 * it would be saved, with the form's own messages. An explicit false, null or "" is a
 * value like any other: it clears, or is refused where the form requires the field.
 */
import { z } from "zod";

/** Any value this field's schema accepts, passed on as sent; the whole schema reads it later. */
function checkedAsSent<T extends z.core.$ZodType>(field: T) {
  return z
    .custom<z.input<T>>()
    .superRefine((value, ctx) => {
      const result = z.safeParse(field, value);
      for (const issue of result.error?.issues ?? []) {
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
    })
    .optional();
}

/** The body of an update: the form's fields, each optional, checked when sent. */
export function partialInput<Shape extends z.core.$ZodShape>(fields: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(Object.entries(fields.shape).map(([key, field]) => [key, checkedAsSent(field)]));
  return z.object(shape as { [K in keyof Shape]: ReturnType<typeof checkedAsSent<Shape[K]>> });
}

/** The stored item's form with the update laid over it: what the update leaves out is kept. */
export function withUpdate<T extends object>(stored: T, update: Partial<T>): T {
  const defined = Object.entries(update).filter(([, value]) => value !== undefined);
  return { ...stored, ...Object.fromEntries(defined) };
}
