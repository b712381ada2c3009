/** What the admin's product, collection and project writes have in common. */
import type { Database } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import { deleteUnusedMedia } from "../media/media.service";
import { sanitizeRichTextForSaving } from "./rich-text";

/** A 400 naming the form field at fault, as the schemas' own errors do. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, { [field]: message });
}

/**
 * The description as stored: sanitised with the allowlist. The schema already refused
 * markup without text; this catches text that was only inside a script or a frame.
 */
export function safeDescription(html: string, emptyMessage: string): string {
  const description = sanitizeRichTextForSaving(html);
  if (description === null) throw invalid("description", emptyMessage);
  return description;
}

/** Runs a save; if it fails, the images stored for it are removed again. */
export async function withNewImages<T>(
  db: Database,
  mediaDir: string,
  created: string[],
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    await deleteUnusedMedia(db, mediaDir, created);
    throw error;
  }
}
