/**
 * Choosing pictures for a product, a collection's cover or a project (docs/product.md,
 * Pictures). The pictures kept are hidden fields naming them; the new ones are the files
 * of a real file input, posted with the form and read by the server. Previews show both,
 * each with a remove button. How a new choice combines with the list:
 * - "replace-new": it replaces the new pictures chosen before, keeping the saved ones
 *   (the product forms);
 * - "append": it is added to the list (the project forms, one file or several at once);
 * - "single": it replaces the one picture (a collection's cover).
 * With `reorderable`, saved pictures can be moved by dragging or by their arrow buttons
 * (the hero pictures in Settings); new ones join at the end, and move once saved.
 */
import type { FieldMetadata } from "@conform-to/react";
import { ChevronLeft, ChevronRight, ImagePlus, X } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { mediaUrl } from "../../../domain/media";
import { keptImageValue } from "../../features/admin/admin-form-data";
import { FieldNote } from "../form/fields";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

interface NewImage {
  key: string;
  file: File;
  preview: string;
}

/** The smallest stored size: enough for a preview. */
export const thumbnailOf = (image: ImageRef | null | undefined) =>
  image ? mediaUrl(image.public_id, image.widths[0] ?? image.width, "webp") : null;

let nextKey = 0;

/** "Image 2" as a label's object: "image 2". */
const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

export function ImagePicker({
  meta,
  saved,
  label,
  chooseLabel,
  mode,
  multiple,
  hint,
  required,
  hideLabel,
  reorderable = false,
  pictureName = (index) => `Image ${index + 1}`,
}: {
  /** The images field: its id goes to the file input, which the form focuses on an error. */
  meta: Meta;
  /** The pictures the item has now. */
  saved: readonly ImageRef[];
  label: string;
  chooseLabel: (hasNew: boolean, count: number) => string;
  mode: "replace-new" | "append" | "single";
  multiple: boolean;
  hint?: string;
  required?: boolean;
  /** The section's heading already says what the pictures are. */
  hideLabel?: boolean;
  /** Saved pictures can be put in another order. */
  reorderable?: boolean;
  /** What each picture is called in its buttons' labels ("Image 2"), unique on the page. */
  pictureName?: (index: number) => string;
}) {
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [kept, setKept] = useState<readonly ImageRef[]>(saved);
  const [added, setAdded] = useState<NewImage[]>([]);
  const [dragged, setDragged] = useState<string | null>(null);
  const error = meta.errors?.[0];
  const single = mode === "single";

  /** The file input holds exactly the new pictures shown, so the form posts those. */
  function holdFiles(next: NewImage[]) {
    for (const image of added) if (!next.includes(image)) URL.revokeObjectURL(image.preview);
    setAdded(next);
    if (!input.current) return;
    const files = new DataTransfer();
    for (const image of next) files.items.add(image.file);
    input.current.files = files.files;
    input.current.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])].map((file) => ({
      key: `new-${(nextKey += 1)}`,
      file,
      preview: URL.createObjectURL(file),
    }));
    if (chosen.length === 0) return holdFiles(added);
    if (single) {
      setKept([]);
      holdFiles(chosen.slice(0, 1));
    } else holdFiles(mode === "append" ? [...added, ...chosen] : chosen);
  }

  const previews = [
    ...kept.map((ref) => ({ key: ref.public_id, src: thumbnailOf(ref) ?? ref.url, isNew: false, ref })),
    ...added.map((image) => ({ key: image.key, src: image.preview, isNew: true, ref: null })),
  ];
  /** Puts the saved picture `key` at `to` among the saved ones; the form posts them in that order. */
  const move = (key: string, to: number) => {
    setKept((current) => {
      const from = current.findIndex((ref) => ref.public_id === key);
      if (from < 0 || to < 0 || to >= current.length || from === to) return current;
      const next = [...current];
      next.splice(to, 0, ...next.splice(from, 1));
      return next;
    });
    input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const remove = (key: string) => {
    setKept((current) => current.filter((ref) => ref.public_id !== key));
    if (added.some((image) => image.key === key)) holdFiles(added.filter((image) => image.key !== key));
    else input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  };

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
      {previews.length > 0 && (
        <ul
          className={`${hideLabel ? "" : "mt-2"} grid gap-3 ${single ? "max-w-xs grid-cols-1" : "grid-cols-3 sm:grid-cols-4"}`}
        >
          {previews.map((image, index) => {
            const name = single ? "Cover image" : pictureName(index);
            return (
              <li
                key={image.key}
                className={`relative overflow-hidden rounded-xl border bg-sand ${single ? "aspect-[4/3]" : "aspect-square"} ${
                  dragged === image.key ? "border-ink opacity-60" : "border-line"
                } ${reorderable && !image.isNew ? "cursor-grab" : ""}`}
                draggable={reorderable && !image.isNew}
                onDragStart={(event) => {
                  setDragged(image.key);
                  event.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(event) => {
                  if (dragged && !image.isNew) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged) move(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
              >
                {image.ref && <input type="hidden" name={meta.name} value={keptImageValue(image.ref.public_id)} />}
                <img src={image.src} alt={name} className="size-full object-cover" decoding="async" />
                {image.isNew && (
                  <span className="absolute bottom-1.5 left-1.5 rounded-full bg-ink/80 px-2 py-0.5 text-xs text-white">
                    New
                  </span>
                )}
                {reorderable && !image.isNew && kept.length > 1 && (
                  <div className="absolute bottom-1 left-1 flex gap-1">
                    {[
                      { to: index - 1, label: `Move ${lower(name)} earlier`, Icon: ChevronLeft },
                      { to: index + 1, label: `Move ${lower(name)} later`, Icon: ChevronRight },
                    ].map(({ to, label: moveLabel, Icon }) => (
                      <button
                        key={moveLabel}
                        type="button"
                        onClick={() => move(image.key, to)}
                        disabled={to < 0 || to >= kept.length}
                        aria-label={moveLabel}
                        title={moveLabel}
                        className="inline-flex size-9 items-center justify-center rounded-full bg-white/95 text-ink shadow-sm hover:bg-ink hover:text-white disabled:hidden"
                      >
                        <Icon className="size-4" aria-hidden="true" />
                      </button>
                    ))}
                  </div>
                )}
                <button
                  type="button"
                  onClick={() => remove(image.key)}
                  aria-label={`Remove ${lower(name)}`}
                  title={`Remove ${lower(name)}`}
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
        }`}
      >
        <ImagePlus className="size-4" aria-hidden="true" />
        {chooseLabel(added.length > 0, previews.length)}
        <input
          ref={input}
          id={meta.id}
          name={meta.name}
          form={meta.formId}
          type="file"
          accept="image/*"
          multiple={multiple}
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${meta.id}-note` : undefined}
          className="sr-only"
        />
      </label>
      <FieldNote meta={meta} hint={hint} />
    </div>
  );
}
