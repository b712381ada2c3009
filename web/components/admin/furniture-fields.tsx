/**
 * The furniture parts of the product and collection forms: size, materials, availability
 * and a product's options (finishes or fabrics), each option with an optional swatch, a
 * price difference and optional photos of the piece in it.
 * Options are a Conform field list: "Add an option" and each row's remove button are
 * the form's own list intents.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ImagePlus, Trash2, X } from "lucide-react";
import { useState } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { AVAILABILITY_KINDS, MAX_OPTION_IMAGES, MAX_OPTIONS } from "../../../domain/catalog/furniture";
import { keptImageValue } from "../../features/admin/admin-form-data";
import { Field, FieldNote, SelectField } from "../form/fields";
import { PriceField } from "../form/price-field";
import { ImagePicker, thumbnailOf } from "./image-picker";

// Conform's metadata of a group of fields, a list of groups and a whole form; their shapes are the schemas'.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Group<K extends string> = FieldMetadata<{ [key in K]?: any } | null | undefined, any, string[]>;
type List = FieldMetadata<
  Array<{ _id?: any; name?: any; image?: any; images?: any; priceDifference?: any }> | null | undefined,
  any,
  string[]
>;
type Meta = FieldMetadata<any, any, string[]>;
type Form = FormMetadata<any, string[]>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const KIND_LABELS: Record<(typeof AVAILABILITY_KINDS)[number], string> = {
  in_stock: "In stock",
  made_to_order: "Made to order",
  imported: "Imported",
};

/** In stock, or made to order / imported with its wait in weeks. */
export function AvailabilityFields({ meta }: { meta: Group<"kind" | "weeksFrom" | "weeksTo"> }) {
  const fields = meta.getFieldset();
  return (
    <div className="space-y-3">
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          meta={fields.kind}
          label="Availability"
          options={AVAILABILITY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        />
        <Field meta={fields.weeksFrom} label="Weeks, from" inputMode="numeric" autoComplete="off" />
        <Field meta={fields.weeksTo} label="Weeks, to" inputMode="numeric" autoComplete="off" />
      </div>
      <FieldNote
        meta={meta}
        hint="Made to order: the production time, e.g. 6 to 8 weeks. Imported: the shipping time (the second box is optional). Shoppers see the date it can be ready by."
      />
    </div>
  );
}

/** Width, depth, height and (for seating) seat height, in whole centimetres. */
export function DimensionFields({ meta }: { meta: Group<"width" | "depth" | "height" | "seatHeight"> }) {
  const fields = meta.getFieldset();
  const cm = { inputMode: "numeric", autoComplete: "off" } as const;
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-5 sm:grid-cols-4">
        <Field meta={fields.width} label="Width, cm" {...cm} />
        <Field meta={fields.depth} label="Depth, cm" {...cm} />
        <Field meta={fields.height} label="Height, cm" {...cm} />
        <Field meta={fields.seatHeight} label="Seat height, cm" {...cm} />
      </div>
      <FieldNote meta={meta} hint="Outside measurements in centimetres. Seat height only for seating." />
    </div>
  );
}

/**
 * The product's finishes or fabrics: a name each, optionally a swatch (a close picture of
 * the finish itself), what it adds to the price, and photos of the piece in it.
 */
export function OptionFields({
  form,
  meta,
  saved,
}: {
  form: Form;
  meta: List;
  /** The product's options as saved, for their pictures. */
  saved: ReadonlyArray<{ _id: string; image: ImageRef | null; images: ImageRef[] }>;
}) {
  const rows = meta.getFieldList();
  return (
    <div className="space-y-3">
      {rows.length > 0 && (
        <ul className="space-y-3">
          {rows.map((row, index) => {
            const fields = row.getFieldset();
            const id = typeof fields._id.initialValue === "string" ? fields._id.initialValue : "";
            const savedOption = saved.find((option) => option._id === id);
            return (
              <li key={row.key} className="rounded-2xl border border-line p-3">
                <div className="flex items-start gap-3">
                  {id && <input type="hidden" name={fields._id.name} value={id} />}
                  <OptionPicture meta={fields.image} saved={savedOption?.image ?? null} index={index} />
                  <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-[1fr_12rem]">
                    <Field meta={fields.name} label={`Option ${index + 1}`} maxLength={60} autoComplete="off" />
                    <PriceField
                      meta={fields.priceDifference}
                      label={`Option ${index + 1} adds`}
                      placeholder="0.00"
                      hint="Blank: the same price."
                    />
                  </div>
                  <button
                    {...form.remove.getButtonProps({ name: meta.name, index })}
                    aria-label={`Remove option ${index + 1}`}
                    className="mt-7 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </div>
                <div className="mt-3 sm:pl-[4.25rem]">
                  <ImagePicker
                    meta={fields.images}
                    saved={savedOption?.images ?? []}
                    label={`Photos of the piece in option ${index + 1}`}
                    pictureName={(at) => `Photo ${at + 1} of option ${index + 1}`}
                    chooseLabel={(hasNew) =>
                      hasNew ? `Choose other photos of option ${index + 1}` : `Add photos of option ${index + 1}`
                    }
                    mode="replace-new"
                    multiple
                    hint={`Optional, up to ${MAX_OPTION_IMAGES}: the piece in this finish. Without them the product's own photos show.`}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {rows.length < MAX_OPTIONS && (
        <button
          {...form.insert.getButtonProps({ name: meta.name })}
          className="inline-flex items-center gap-2 rounded-full border border-ink px-5 py-2.5 text-sm hover:bg-ink hover:text-white"
        >
          Add an option
        </button>
      )}
      <FieldNote
        meta={meta}
        hint="Finishes or fabrics the piece comes in, e.g. Walnut or Emerald velvet. The round picture is the swatch: a close-up of the finish itself. Give the product the price of its cheapest finish, and each dearer one what it adds (+₦120,000 for a better fabric); shoppers choose one before ordering."
      />
    </div>
  );
}

/**
 * An option's swatch: the saved one (kept as a hidden field naming it) or a new file,
 * with buttons to choose another or remove it.
 */
function OptionPicture({ meta, saved, index }: { meta: Meta; saved: ImageRef | null; index: number }) {
  const [kept, setKept] = useState(saved);
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? thumbnailOf(kept);
  return (
    <div className="relative mt-7 shrink-0">
      {kept && !preview && <input type="hidden" name={meta.name} value={keptImageValue(kept.public_id)} />}
      <label className="flex size-14 cursor-pointer items-center justify-center overflow-hidden rounded-full bg-sand text-stone ring-1 ring-line hover:text-ink">
        {shown ? (
          <img src={shown} alt="" className="size-full object-cover" />
        ) : (
          <ImagePlus className="size-5" aria-hidden="true" />
        )}
        <span className="sr-only">
          {shown ? `Change the swatch of option ${index + 1}` : `Add a swatch of option ${index + 1}`}
        </span>
        <input
          type="file"
          name={meta.name}
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (preview) URL.revokeObjectURL(preview);
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
        />
      </label>
      {shown && (
        <button
          type="button"
          onClick={(event) => {
            const input = event.currentTarget.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
            if (input) input.value = "";
            if (preview) URL.revokeObjectURL(preview);
            setPreview(null);
            setKept(null);
          }}
          aria-label={`Remove the swatch of option ${index + 1}`}
          className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-ink text-white"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
