/**
 * Choosing images for a product, a collection's cover or a project (SPEC.md §4 "Images"):
 * files are read as data strings and shown as previews with a remove button; saved
 * images keep their url and public id. How a new choice combines with the list:
 * - "replace-new": it replaces the new images chosen before and keeps the saved ones
 *   (the product forms);
 * - "append": it is added to the list (the project forms, one file or several at once);
 * - "single": it replaces the one image (a collection's cover).
 */
import { ImagePlus, X } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { readImageFile, type ReadMessages } from "../../features/admin/admin-form";
import { thumbnailOf } from "../../features/admin/admin-api";
import { FieldNote, noteId } from "./form-controls";

export type PickedImage =
  { kind: "existing"; key: string; ref: ImageRef } | { kind: "new"; key: string; dataUrl: string; name: string };

export const existingImage = (ref: ImageRef): PickedImage => ({ kind: "existing", key: ref.public_id, ref });

/** The images as the API takes them: new ones as data strings, kept ones as `{ url, public_id }`. */
export const imagesForApi = (images: readonly PickedImage[]) =>
  images.map((image) =>
    image.kind === "new" ? image.dataUrl : { url: image.ref.url, public_id: image.ref.public_id, isNew: false },
  );

interface ImagePickerProps {
  /** The file input's id: the form focuses it when the images have an error. */
  id: string;
  label: string;
  chooseLabel: string;
  mode: "replace-new" | "append" | "single";
  /** Several files in one choice. */
  multiple: boolean;
  images: readonly PickedImage[];
  onImagesChange(images: PickedImage[]): void;
  /** A file could not be read: the form shows the message in its alert area too. */
  onReadError(message: string): void;
  messages: ReadMessages;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  /** The section's heading already says what the images are. */
  hideLabel?: boolean;
}

let nextKey = 0;

export function ImagePicker(props: ImagePickerProps) {
  const { id, label, chooseLabel, mode, multiple, images, error, hint, required, hideLabel } = props;
  const labelId = useId();
  const [reading, setReading] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // The same file can be chosen again after a remove.
    input.value = "";
    if (files.length === 0) return;
    setReading(true);
    try {
      const read = await Promise.all(
        files.map(async (file): Promise<PickedImage> => {
          const dataUrl = await readImageFile(file, props.messages);
          return { kind: "new", key: `new-${(nextKey += 1)}`, dataUrl, name: file.name };
        }),
      );
      if (mode === "single") props.onImagesChange(read.slice(0, 1));
      else if (mode === "append") props.onImagesChange([...images, ...read]);
      else props.onImagesChange([...images.filter((image) => image.kind === "existing"), ...read]);
    } catch (failure) {
      props.onReadError(failure instanceof Error ? failure.message : props.messages.unreadable);
    } finally {
      setReading(false);
    }
  }

  const remove = (key: string) => props.onImagesChange(images.filter((image) => image.key !== key));
  const single = mode === "single";

  return (
    <div className="min-w-0" role="group" aria-labelledby={labelId}>
      <p id={labelId} className={hideLabel ? "sr-only" : "text-sm font-medium"}>
        {label}
        {required && (
          <span className="text-promo" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </p>
      {images.length > 0 && (
        <ul
          className={`${hideLabel ? "" : "mt-2"} grid gap-3 ${single ? "max-w-xs grid-cols-1" : "grid-cols-3 sm:grid-cols-4"}`}
        >
          {images.map((image, index) => {
            const n = index + 1;
            const src = image.kind === "new" ? image.dataUrl : (thumbnailOf(image.ref) ?? image.ref.url);
            return (
              <li
                key={image.key}
                className={`relative overflow-hidden rounded-xl border border-line bg-sand ${single ? "aspect-[4/3]" : "aspect-square"}`}
              >
                <img
                  src={src}
                  alt={single ? "Cover image" : `Image ${n}`}
                  className="size-full object-cover"
                  loading="lazy"
                  decoding="async"
                />
                {image.kind === "new" && (
                  <span className="absolute bottom-1.5 left-1.5 rounded-full bg-ink/80 px-2 py-0.5 text-xs text-white">
                    New
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => remove(image.key)}
                  aria-label={single ? "Remove cover image" : `Remove image ${n}`}
                  title={single ? "Remove cover image" : `Remove image ${n}`}
                  className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-white/95 text-ink shadow-sm hover:bg-promo hover:text-white"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label
        className={`mt-2 inline-flex h-12 cursor-pointer items-center gap-2 rounded-full border px-5 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-clay hover:border-ink ${
          error ? "border-promo" : "border-line"
        } ${reading ? "pointer-events-none opacity-60" : ""}`}
      >
        <ImagePlus className="size-4" aria-hidden="true" />
        {reading ? "Reading..." : chooseLabel}
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple={multiple}
          onChange={(event) => void choose(event)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId(id) : undefined}
          className="sr-only"
        />
      </label>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}
