/**
 * The product form: /admin/products/new and /admin/products/edit/{productId}. Checked
 * here with the shared schema as fields are left and when sent, and again by the route's
 * action on the server; a refusal shows on the same fields and in the form's alert area.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { CollectionChoice } from "../../../domain/catalog/admin.types";
import type { Product } from "../../../domain/catalog/catalog.types";
import { CATEGORIES } from "../../../domain/catalog/categories";
import { ProductInputSchema } from "../../../domain/catalog/product-input.schema";
import { STYLES } from "../../../domain/catalog/styles";
import { formBody, furnitureBody, keptImageValue, withFilesAsImages } from "../../features/admin/admin-form-data";
import { Field, FormErrors, SelectField } from "../form/fields";
import { FlagField } from "../form/flag-field";
import { FormSection } from "../form/form-section";
import { useSchemaForm } from "../form/use-schema-form";
import { FormActions } from "./form-page";
import { AvailabilityFields, DimensionFields, OptionFields } from "./furniture-fields";
import { ImagePicker } from "./image-picker";
import { PriceAndStatus } from "./price-and-status";
import { RichTextEditor } from "./rich-text-editor";

export const PRODUCTS_SECTION = "/admin/dashboard?section=products";

/** The form's checkboxes and lists, as the action reads them into the API's body. */
export const PRODUCT_FORM_SHAPE = {
  flags: ["isBestSeller", "isPromo", "isForeign", "sold"],
  lists: ["images"],
} as const;

/** The posted form as the API's body: the flat fields, and the furniture fields in their groups. */
export const productFormBody = (formData: FormData) => ({
  ...formBody(formData, PRODUCT_FORM_SHAPE),
  ...furnitureBody(formData, { options: true }),
});

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const valuesOf = (product: Product | null) =>
  product
    ? {
        name: product.name,
        description: product.description,
        items: product.items,
        price: String(product.price),
        category: product.category,
        style: product.style,
        collectionId: product.collectionId?._id ?? "",
        make: product.make ?? "",
        model: product.model ?? "",
        isBestSeller: product.isBestSeller,
        isPromo: product.isPromo,
        discountedPrice: product.discountedPrice === null ? "" : String(product.discountedPrice),
        isForeign: product.isForeign,
        origin: product.origin ?? "",
        sold: product.sold,
        materials: product.materials ?? "",
        dimensions: {
          width: text(product.dimensions?.width),
          depth: text(product.dimensions?.depth),
          height: text(product.dimensions?.height),
          seatHeight: text(product.dimensions?.seatHeight),
        },
        availability: {
          kind: product.availability.kind,
          weeksFrom: text(product.availability.weeksFrom),
          weeksTo: text(product.availability.weeksTo),
        },
        options: product.options.map((option) => ({
          _id: option._id,
          name: option.name,
          image: option.image ? keptImageValue(option.image.public_id) : "",
          images: option.images.map((photo) => keptImageValue(photo.public_id)),
          priceDifference: option.priceDifference ? String(option.priceDifference) : "",
        })),
      }
    : undefined;

export function ProductForm({
  product,
  collections,
  lastResult,
  back,
}: {
  product: Product | null;
  collections: readonly CollectionChoice[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** Where an edit goes once saved: the page the admin came from. */
  back?: string;
}) {
  const [form, fields] = useSchemaForm({
    id: "product",
    schema: ProductInputSchema,
    lastResult,
    defaultValue: valuesOf(product),
    prepare: withFilesAsImages,
  });
  const editing = product !== null;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
      {back && <input type="hidden" name="back" value={back} />}
      <FormErrors form={form} />
      <FormSection title="Details">
        <Field meta={fields.name} label="Name" markRequired maxLength={200} autoComplete="off" />
        <RichTextEditor meta={fields.description} label="Description" required />
        <Field
          meta={fields.items}
          label="Items"
          markRequired
          hint="What the buyer gets, e.g. 1 three-seater sofa and 2 armchairs."
          maxLength={1000}
          autoComplete="off"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            meta={fields.category}
            label="Category"
            markRequired
            options={toOptions(CATEGORIES)}
            placeholder="Select a category"
          />
          <SelectField
            meta={fields.style}
            label="Style"
            markRequired
            options={toOptions(STYLES)}
            placeholder="Select a style"
          />
        </div>
        <SelectField
          meta={fields.collectionId}
          label="Collection"
          options={collections.map((collection) => ({ value: collection._id, label: collection.name }))}
          placeholder="None"
          hint="Optional: the collection this product belongs to."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.make} label="Make" maxLength={100} autoComplete="off" />
          <Field meta={fields.model} label="Model" maxLength={100} autoComplete="off" />
        </div>
      </FormSection>

      <FormSection title="Size, materials and availability">
        <DimensionFields meta={fields.dimensions} />
        <Field
          meta={fields.materials}
          label="Materials"
          hint="What it is made of, e.g. Solid iroko frame, brass legs, velvet upholstery."
          maxLength={500}
          autoComplete="off"
        />
        <AvailabilityFields meta={fields.availability} />
      </FormSection>

      <FormSection title="Options">
        <OptionFields form={form} meta={fields.options} saved={product?.options ?? []} />
      </FormSection>

      <PriceAndStatus fields={fields}>
        <FlagField meta={fields.sold} label="Sold" description="Shown as Sold instead of Available." />
      </PriceAndStatus>

      <FormSection title="Images">
        <ImagePicker
          hideLabel
          meta={fields.images}
          saved={product?.images ?? []}
          label="Product images"
          required
          chooseLabel={(hasNew) => (hasNew ? "Choose other images" : "Choose images")}
          mode="replace-new"
          multiple
          hint={
            editing
              ? "Up to 6 new images at a time. New images replace the new ones chosen before; saved images stay until removed."
              : "At least one picture: up to 6 images, 10 MB each. The first is the one shoppers see on cards."
          }
        />
      </FormSection>

      <FormActions saved={product?.status} cancelHref={PRODUCTS_SECTION} />
    </Form>
  );
}
