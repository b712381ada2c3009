/**
 * The phone number field every form reads (the phone rule is in phone.ts): apart from it,
 * so a page that only shows numbers does not download the schema library.
 */
import { z } from "zod";
import { toE164 } from "./phone";

/** A phone number field: refused with `message`, or read as E.164. */
export function phoneNumberSchema(message: string) {
  return (
    z
      .string({ error: message })
      // A refinement, not a transform, so that a union of this with "" or null still names this message.
      .refine((typed) => toE164(typed) !== null, { error: message })
      .overwrite((typed) => toE164(typed) ?? typed)
  );
}
