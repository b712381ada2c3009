/**
 * The collection form (SPEC.md §2, §4, §5): /admin/collections/new and
 * /admin/collections/edit/{collectionId}. Adding and editing word some messages
 * differently, so each checks with its own schema, the server's. SPEC.md has the
 * original only log a refused save; here the reasons show in the alert area so the
 * owner knows what to fix.
 */
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import type { CollectionDetail } from "../../../domain/catalog/catalog.types";
import {
  CollectionInputSchema,
  CollectionUpdateSchema,
  COLLECTION_MESSAGES,
  type CollectionInput,
} from "../../../domain/catalog/collection-input.schema";
import { STYLES } from "../../../domain/catalog/styles";
import { saveCollection } from "../../features/admin/admin-api";
import { useAdminForm } from "../../features/admin/use-admin-form";
import { FormActions, FormAlert, FormSection, SelectInput, TextInput } from "./form-controls";
import { existingImage, ImagePicker, imagesForApi, type PickedImage } from "./image-picker";
import { PriceAndStatus } from "./price-and-status";
import { ProductPicker, type PickedProduct } from "./product-picker";
import { RichTextEditor } from "./rich-text-editor";

export const COLLECTIONS_SECTION = "/admin/dashboard?section=collections";

const ORDER = [
  "name",
  "description",
  "items",
  "style",
  "price",
  "discountedPrice",
  "origin",
  "coverImage",
  "productIds",
] as const;

interface Values {
  name: string;
  items: string;
  price: string;
  style: string;
  isBestSeller: boolean;
  isPromo: boolean;
  discountedPrice: string;
  isForeign: boolean;
  origin: string;
}

const valuesOf = (collection: CollectionDetail | null): Values => ({
  name: collection?.name ?? "",
  items: collection?.items ?? "",
  price: collection ? String(collection.price) : "",
  style: collection?.style ?? "",
  isBestSeller: collection?.isBestSeller ?? false,
  isPromo: collection?.isPromo ?? false,
  discountedPrice: collection?.discountedPrice != null ? String(collection.discountedPrice) : "",
  isForeign: collection?.isForeign ?? false,
  origin: collection?.origin ?? "",
});

export function CollectionForm({ collection }: { collection: CollectionDetail | null }) {
  const navigate = useNavigate();
  const editing = collection !== null;
  const [values, setValues] = useState(() => valuesOf(collection));
  const [description, setDescription] = useState(collection?.description ?? "");
  const [cover, setCover] = useState<PickedImage[]>(() =>
    collection?.coverImage ? [existingImage(collection.coverImage)] : [],
  );
  const [products, setProducts] = useState<PickedProduct[]>(
    () => collection?.productIds.map(({ _id, name }) => ({ _id, name })) ?? [],
  );
  const { errors, busy, messages, alertId, clear, fail, save } = useAdminForm("collection", ORDER);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };
  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    for (const field of Object.keys(patch)) clear(field);
  };

  const body = (): CollectionInput => ({
    name: values.name,
    description,
    items: values.items,
    price: values.price,
    style: values.style,
    productIds: products.map((product) => product._id),
    coverImage: imagesForApi(cover)[0] ?? null,
    isBestSeller: values.isBestSeller,
    isPromo: values.isPromo,
    discountedPrice: values.isPromo ? values.discountedPrice : null,
    isForeign: values.isForeign,
    origin: values.isForeign ? values.origin : null,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const payload = body();
    void save({
      schema: editing ? CollectionUpdateSchema : CollectionInputSchema,
      body: payload,
      send: () => saveCollection(collection?._id ?? null, payload),
      then: async () => {
        toast.success("success");
        await navigate(COLLECTIONS_SECTION);
      },
      fallback: "Failed to save the collection. Please try again.",
      // SPEC.md §8: collection errors are logged; the alert area shows them as well.
      announce: (message) => console.warn("Collection save failed:", message),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-8">
      <FormSection title="Details">
        <TextInput
          id="collection-name"
          label="Name"
          required
          value={values.name}
          onValueChange={(v) => set("name", v)}
          error={errors.name}
          maxLength={200}
          autoComplete="off"
        />
        <RichTextEditor
          id="collection-description"
          label="Description"
          required
          initialHtml={description}
          onChange={(html) => {
            setDescription(html);
            clear("description");
          }}
          error={errors.description}
        />
        <TextInput
          id="collection-items"
          label="Items"
          value={values.items}
          onValueChange={(v) => set("items", v)}
          error={errors.items}
          hint="What the set includes, e.g. 1 bed, 2 bedside tables and 1 wardrobe."
          maxLength={1000}
          autoComplete="off"
        />
        <SelectInput
          id="collection-style"
          label="Style"
          required
          value={values.style}
          onValueChange={(v) => set("style", v)}
          options={STYLES.map((style) => ({ value: style, label: style }))}
          placeholder="Select a style"
          error={errors.style}
        />
      </FormSection>

      <PriceAndStatus prefix="collection" values={values} errors={errors} update={update} />

      <FormSection title="Cover image">
        <ImagePicker
          hideLabel
          id="collection-coverImage"
          label="Cover image"
          chooseLabel={cover.length > 0 ? "Choose another cover image" : "Choose a cover image"}
          mode="single"
          multiple={false}
          required
          images={cover}
          onImagesChange={(next) => {
            setCover(next);
            clear("coverImage");
          }}
          onReadError={(message) => fail("coverImage", message)}
          messages={{ unreadable: COLLECTION_MESSAGES.coverUnreadable, tooLarge: "Cover image is larger than 10 MB." }}
          error={errors.coverImage}
          hint="Required: one image, up to 10 MB. Shoppers see it on the collection's card and page."
        />
      </FormSection>

      <FormSection title="Products">
        <ProductPicker
          id="collection-productIds"
          selected={products}
          onSelectedChange={(next) => {
            setProducts(next);
            clear("productIds");
          }}
          error={errors.productIds}
        />
      </FormSection>

      <div className="space-y-4">
        <FormAlert id={alertId} messages={messages} />
        <FormActions
          busy={busy}
          label={editing ? "Save Changes" : "Add Collection"}
          busyLabel="Saving..."
          cancelHref={COLLECTIONS_SECTION}
        />
      </div>
    </form>
  );
}
