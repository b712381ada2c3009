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
import {
  alertMessages,
  checkBody,
  focusFirstError,
  refusalOf,
  type FieldErrors,
} from "../../features/admin/admin-form";
import { saveCollection } from "../../features/admin/admin-api";
import { FlagInput, FormActions, FormAlert, FormSection, PriceInput, SelectInput, TextInput } from "./form-controls";
import { existingImage, ImagePicker, imagesForApi, type PickedImage } from "./image-picker";
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = (field: string) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
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

  const showErrors = (found: FieldErrors, message: string | null) => {
    setErrors(found);
    setServerMessage(message);
    if (!focusFirstError("collection", ORDER, found)) document.getElementById("collection-alert")?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const payload = body();
    const invalid = checkBody(editing ? CollectionUpdateSchema : CollectionInputSchema, payload);
    if (invalid) return showErrors(invalid, null);
    setErrors({});
    setServerMessage(null);
    setBusy(true);
    try {
      await saveCollection(collection?._id ?? null, payload);
      toast.success("success");
      await navigate(COLLECTIONS_SECTION);
    } catch (failure) {
      const refusal = refusalOf(failure, "Failed to save the collection. Please try again.");
      // SPEC.md §8: collection errors are logged; the alert area shows them as well.
      console.warn("Collection save failed:", refusal.message);
      showErrors(refusal.errors, refusal.message);
      setBusy(false);
    }
  }

  const messages = [...new Set([...(serverMessage ? [serverMessage] : []), ...alertMessages(errors, ORDER)])];

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="space-y-8">
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

      <FormSection title="Price and status">
        <div className="sm:w-1/2 sm:pr-1.5">
          <PriceInput
            id="collection-price"
            label="Price"
            required
            value={values.price}
            onValueChange={(v) => set("price", v)}
            error={errors.price}
          />
        </div>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <FlagInput
            id="collection-isBestSeller"
            label="Best seller"
            description="Shown under Best Sellers."
            checked={values.isBestSeller}
            onCheckedChange={(on) => set("isBestSeller", on)}
          />
          <FlagInput
            id="collection-isPromo"
            label="On promotion"
            description="Sold at a discounted price."
            checked={values.isPromo}
            onCheckedChange={(on) => {
              setValues((v) => ({ ...v, isPromo: on, discountedPrice: on ? v.discountedPrice : "" }));
              if (!on) clear("discountedPrice");
            }}
          >
            <PriceInput
              id="collection-discountedPrice"
              label="Discounted price"
              required
              value={values.discountedPrice}
              onValueChange={(v) => set("discountedPrice", v)}
              error={errors.discountedPrice}
              hint="Less than the price."
            />
          </FlagInput>
          <FlagInput
            id="collection-isForeign"
            label="Foreign"
            description="Made outside Nigeria."
            checked={values.isForeign}
            onCheckedChange={(on) => {
              setValues((v) => ({ ...v, isForeign: on, origin: on ? v.origin : "" }));
              if (!on) clear("origin");
            }}
          >
            <TextInput
              id="collection-origin"
              label="Origin"
              required
              value={values.origin}
              onValueChange={(v) => set("origin", v)}
              error={errors.origin}
              hint="The country it is made in, e.g. Italy."
              maxLength={100}
              autoComplete="country-name"
            />
          </FlagInput>
        </div>
      </FormSection>

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
          onReadError={(message) => setErrors((e) => ({ ...e, coverImage: message }))}
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
        <FormAlert id="collection-alert" messages={messages} />
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
