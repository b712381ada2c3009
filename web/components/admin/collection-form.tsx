/**
 * The collection form: /admin/collections/new and /admin/collections/edit/{collectionId}.
 * Adding and editing word some messages differently, so each checks with its own shared
 * schema, here and in the route's action.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { ProductChoices } from "../../../domain/catalog/admin.types";
import type { CollectionDetail } from "../../../domain/catalog/catalog.types";
import { CollectionInputSchema, CollectionUpdateSchema } from "../../../domain/catalog/collection-input.schema";
import { STYLES } from "../../../domain/catalog/styles";
import { formBody, furnitureBody, withFilesAsImages } from "../../features/admin/admin-form-data";
import { Field, FormErrors, SelectField } from "../form/fields";
import { FormSection } from "../form/form-section";
import { useSchemaForm } from "../form/use-schema-form";
import { FormActions } from "./form-page";
import { ImagePicker } from "./image-picker";
import { AvailabilityFields } from "./furniture-fields";
import { PriceAndStatus } from "./price-and-status";
import { ProductPicker } from "./product-picker";
import { RichTextEditor } from "./rich-text-editor";

export const COLLECTIONS_SECTION = "/admin/dashboard?section=collections";

export const COLLECTION_FORM_SHAPE = {
  flags: ["isBestSeller", "isPromo", "isForeign"],
  lists: ["productIds"],
} as const;

const valuesOf = (collection: CollectionDetail | null) =>
  collection
    ? {
        name: collection.name,
        description: collection.description,
        items: collection.items,
        price: String(collection.price),
        style: collection.style,
        isBestSeller: collection.isBestSeller,
        isPromo: collection.isPromo,
        discountedPrice: collection.discountedPrice === null ? "" : String(collection.discountedPrice),
        isForeign: collection.isForeign,
        origin: collection.origin ?? "",
        materials: collection.materials ?? "",
        availability: {
          kind: collection.availability.kind,
          weeksFrom: collection.availability.weeksFrom === null ? "" : String(collection.availability.weeksFrom),
          weeksTo: collection.availability.weeksTo === null ? "" : String(collection.availability.weeksTo),
        },
      }
    : undefined;

/** The posted form as the API's body: the flat fields, and availability in its group. */
export const collectionFormBody = (formData: FormData) => ({
  ...formBody(formData, COLLECTION_FORM_SHAPE),
  ...furnitureBody(formData, { options: false }),
});

export function CollectionForm({
  collection,
  products,
  lastResult,
}: {
  collection: CollectionDetail | null;
  products: ProductChoices;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const editing = collection !== null;
  const [form, fields] = useSchemaForm({
    id: "collection",
    schema: editing ? CollectionUpdateSchema : CollectionInputSchema,
    lastResult,
    defaultValue: valuesOf(collection),
    prepare: withFilesAsImages,
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
      <FormErrors form={form} />
      <FormSection title="Details">
        <Field meta={fields.name} label="Name" markRequired maxLength={200} autoComplete="off" />
        <RichTextEditor meta={fields.description} label="Description" required />
        <Field
          meta={fields.items}
          label="Items"
          hint="What the set includes, e.g. 1 bed, 2 bedside tables and 1 wardrobe."
          maxLength={1000}
          autoComplete="off"
        />
        <SelectField
          meta={fields.style}
          label="Style"
          markRequired
          options={STYLES.map((style) => ({ value: style, label: style }))}
          placeholder="Select a style"
        />
      </FormSection>

      <FormSection title="Materials and availability">
        <Field
          meta={fields.materials}
          label="Materials"
          hint="What the set is made of, e.g. Iroko and brass."
          maxLength={500}
          autoComplete="off"
        />
        <AvailabilityFields meta={fields.availability} />
      </FormSection>

      <PriceAndStatus fields={fields} />

      <FormSection title="Cover image">
        <ImagePicker
          hideLabel
          meta={fields.coverImage}
          saved={collection?.coverImage ? [collection.coverImage] : []}
          label="Cover image"
          chooseLabel={(_, count) => (count > 0 ? "Choose another cover image" : "Choose a cover image")}
          mode="single"
          multiple={false}
          required
          hint="Required: one image, up to 10 MB. Shoppers see it on the collection's card and page."
        />
      </FormSection>

      <FormSection title="Products">
        <ProductPicker
          meta={fields.productIds}
          initialSelected={collection?.productIds.map(({ _id, name }) => ({ _id, name })) ?? []}
          firstPage={products}
        />
      </FormSection>

      <FormActions saved={collection?.status} cancelHref={COLLECTIONS_SECTION} />
    </Form>
  );
}
