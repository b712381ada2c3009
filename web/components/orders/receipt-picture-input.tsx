/**
 * The bank receipt's picture on "I have paid": a real file input, so the browser posts the
 * file with the form even without scripts, and the server hands it to the media pipeline
 * like any picture (docs/product.md, Pictures). A shop page's post is kept small, so once
 * scripts run a large photo is redrawn smaller (as a JPEG, its longest side at most
 * MAX_SIDE) before it is sent, and a preview shows what was chosen.
 */
import type { FieldMetadata } from "@conform-to/react";
import { X } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { FieldNote } from "../form/fields";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

/** Enough to read a receipt. */
const MAX_SIDE = 1400;
/** Under the shop pages' post limit, with room for the form's other fields. */
const TARGET_BYTES = 100 * 1024;

/** The picture redrawn to fit MAX_SIDE and TARGET_BYTES, or the file as it is when it already fits. */
async function shrink(file: File): Promise<File> {
  if (file.size <= TARGET_BYTES) return file;
  const bitmap = await createImageBitmap(file);
  let scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  let blob: Blob | null = null;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", 0.72));
    if (blob && blob.size <= TARGET_BYTES) break;
    scale *= 0.75;
  }
  bitmap.close();
  if (!blob) return file;
  return new File([blob], file.name.replace(/\.\w+$/, "") + ".jpg", { type: "image/jpeg" });
}

export function ReceiptPictureInput({ meta }: { meta: Meta }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const error = meta.errors?.[0];

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const target = event.currentTarget;
    const file = target.files?.[0];
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    if (!file) return;
    setWorking(true);
    try {
      const smaller = await shrink(file);
      if (smaller !== file) {
        const files = new DataTransfer();
        files.items.add(smaller);
        target.files = files.files;
      }
      setPreview(URL.createObjectURL(smaller));
    } catch {
      // A picture the browser cannot draw goes as it is: the server says what it makes of it.
      setPreview(null);
    } finally {
      setWorking(false);
    }
  }

  function clear() {
    if (input.current) input.current.value = "";
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
  }

  return (
    <div className="min-w-0">
      <label htmlFor={meta.id} className="text-sm font-medium">
        Picture of the receipt (optional)
      </label>
      <div className="mt-1.5 flex items-center gap-3">
        {preview && (
          <span className="relative shrink-0">
            <img src={preview} alt="The receipt chosen" className="size-16 rounded-lg object-cover ring-1 ring-line" />
            <button
              type="button"
              onClick={clear}
              aria-label="Remove the picture"
              className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-white text-ink shadow ring-1 ring-line"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </span>
        )}
        <input
          ref={input}
          id={meta.id}
          name={meta.name}
          form={meta.formId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${meta.id}-note`}
          className={`block w-full min-w-0 flex-1 rounded-xl border bg-white p-2 text-sm text-stone file:mr-3 file:h-9 file:rounded-full file:border-0 file:bg-sand file:px-4 file:text-sm file:text-ink ${
            error ? "border-promo" : "border-line"
          }`}
        />
      </div>
      <FieldNote
        meta={meta}
        hint={
          working ? "Preparing the picture…" : "A screenshot or photo of the bank's confirmation: JPEG, PNG or WebP."
        }
      />
    </div>
  );
}
