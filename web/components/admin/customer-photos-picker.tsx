/**
 * "Customers' photos" in the project editor (docs/product.md, Reviews): photos customers
 * agreed to show, of published reviews, newest first. Each is a checkbox posting the
 * picture under the images field, as a kept picture is posted, so a ticked photo joins the
 * project's pictures when the form is saved, with or without scripts. The server checks
 * again that each may still be used.
 */
import type { FieldMetadata } from "@conform-to/react";
import { Check } from "lucide-react";
import { useId } from "react";
import type { CustomerPhoto } from "../../../domain/reviews/reviews.schema";
import { keptImageValue } from "../../features/admin/admin-form-data";
import { thumbnailOf } from "./image-picker";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

export function CustomerPhotosPicker({
  meta,
  photos,
  shown,
}: {
  /** The images field: a ticked photo is posted under its name. */
  meta: Meta;
  photos: readonly CustomerPhoto[];
  /** The media ids the project shows already: not offered again. */
  shown: readonly string[];
}) {
  const headingId = useId();
  const hintId = useId();
  const offered = photos.filter((entry) => !shown.includes(entry.photo.public_id));
  return (
    <fieldset aria-labelledby={headingId} aria-describedby={hintId} className="min-w-0">
      <legend id={headingId} className="text-sm font-medium">
        Customers&rsquo; photos
      </legend>
      <p id={hintId} className="mt-1 text-sm text-stone">
        {offered.length > 0
          ? "Photos customers agreed to show, from published reviews. Tap the ones to add; they join the project’s pictures when you save."
          : "No customer photos to add yet: they come from published reviews whose authors agreed to show their photos."}
      </p>
      {offered.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {offered.map((entry) => (
            <li key={entry.photo.public_id}>
              <label className="group relative block cursor-pointer overflow-hidden rounded-xl border border-line bg-sand focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-clay has-[:checked]:border-ink has-[:checked]:ring-2 has-[:checked]:ring-ink">
                <input
                  type="checkbox"
                  name={meta.name}
                  form={meta.formId}
                  value={keptImageValue(entry.photo.public_id)}
                  aria-label={`Photo by ${entry.displayName} of ${entry.itemName}`}
                  className="peer sr-only"
                />
                <img
                  src={thumbnailOf(entry.photo) ?? entry.photo.url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                  style={{ backgroundColor: entry.photo.colour ?? undefined }}
                />
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-full border border-white bg-white/80 text-transparent shadow-sm peer-checked:bg-ink peer-checked:text-white"
                >
                  <Check className="size-4" />
                </span>
                <span className="block px-2 py-1.5 text-xs">
                  <span className="block truncate font-medium">{entry.displayName}</span>
                  <span className="block truncate text-stone">{entry.itemName}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
