/**
 * The product form (SPEC.md §2, §4, §5): /admin/products/new and
 * /admin/products/edit/{productId}. The body is checked with the server's own schema
 * before it is sent, so the form shows the same messages; a refusal from the server is
 * shown on the same fields. Every save sends all the fields.
 */
import { useEffect, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import type { Product } from "../../../domain/catalog/catalog.types";
import { CATEGORIES } from "../../../domain/catalog/categories";
import { ProductInputSchema, PRODUCT_MESSAGES, type ProductInput } from "../../../domain/catalog/product-input.schema";
import { STYLES } from "../../../domain/catalog/styles";
import {
  alertMessages,
  canGoBack,
  checkBody,
  focusFirstError,
  refusalOf,
  type FieldErrors,
} from "../../features/admin/admin-form";
import { fetchCollectionNames, saveProduct } from "../../features/admin/admin-api";
import { FlagInput, FormActions, FormAlert, FormSection, PriceInput, SelectInput, TextInput } from "./form-controls";
import { existingImage, ImagePicker, imagesForApi, type PickedImage } from "./image-picker";
import { RichTextEditor } from "./rich-text-editor";

export const PRODUCTS_SECTION = "/admin/dashboard?section=products";

const ORDER = [
  "name",
  "description",
  "items",
  "category",
  "style",
  "collectionId",
  "make",
  "model",
  "price",
  "discountedPrice",
  "origin",
  "images",
] as const;

interface Values {
  name: string;
  items: string;
  price: string;
  category: string;
  style: string;
  collectionId: string;
  make: string;
  model: string;
  isBestSeller: boolean;
  isPromo: boolean;
  discountedPrice: string;
  isForeign: boolean;
  origin: string;
  sold: boolean;
}

const valuesOf = (product: Product | null): Values => ({
  name: product?.name ?? "",
  items: product?.items ?? "",
  price: product ? String(product.price) : "",
  category: product?.category ?? "",
  style: product?.style ?? "",
  collectionId: product?.collectionId?._id ?? "",
  make: product?.make ?? "",
  model: product?.model ?? "",
  isBestSeller: product?.isBestSeller ?? false,
  isPromo: product?.isPromo ?? false,
  discountedPrice: product?.discountedPrice != null ? String(product.discountedPrice) : "",
  isForeign: product?.isForeign ?? false,
  origin: product?.origin ?? "",
  sold: product?.sold ?? false,
});

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function ProductForm({ product }: { product: Product | null }) {
  const navigate = useNavigate();
  const editing = product !== null;
  const [values, setValues] = useState(() => valuesOf(product));
  const [description, setDescription] = useState(product?.description ?? "");
  const [images, setImages] = useState<PickedImage[]>(() => product?.images.map(existingImage) ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [collections, setCollections] = useState<Array<{ _id: string; name: string }> | null>(null);
  const [collectionsFailed, setCollectionsFailed] = useState(false);

  useEffect(() => {
    let current = true;
    fetchCollectionNames().then(
      (names) => current && setCollections(names),
      () => current && setCollectionsFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  // The product's own collection stays a choice even before (or without) the list.
  const collectionOptions = [
    { value: "", label: "None" },
    ...(collections ?? (product?.collectionId ? [product.collectionId] : [])).map((c) => ({
      value: c._id,
      label: c.name,
    })),
  ];

  const body = (): ProductInput => ({
    name: values.name,
    description,
    items: values.items,
    price: values.price,
    category: values.category,
    style: values.style,
    collectionId: values.collectionId || null,
    images: imagesForApi(images),
    isBestSeller: values.isBestSeller,
    isPromo: values.isPromo,
    discountedPrice: values.isPromo ? values.discountedPrice : null,
    isForeign: values.isForeign,
    origin: values.isForeign ? values.origin : null,
    sold: values.sold,
    make: values.make,
    model: values.model,
  });

  const showErrors = (found: FieldErrors, message: string | null) => {
    setErrors(found);
    setServerMessage(message);
    if (!focusFirstError("product", ORDER, found)) document.getElementById("product-alert")?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const payload = body();
    const invalid = checkBody(ProductInputSchema, payload);
    if (invalid) return showErrors(invalid, null);
    setErrors({});
    setServerMessage(null);
    setBusy(true);
    try {
      await saveProduct(product?._id ?? null, payload);
      toast.success("success");
      // After an update go back one page; after an add, to the products (SPEC.md §4).
      if (editing && canGoBack()) await navigate(-1);
      else await navigate(PRODUCTS_SECTION);
    } catch (failure) {
      const refusal = refusalOf(failure, "Failed to save the product. Please try again.");
      toast.error(refusal.message);
      showErrors(refusal.errors, refusal.message);
      setBusy(false);
    }
  }

  const messages = [...new Set([...(serverMessage ? [serverMessage] : []), ...alertMessages(errors, ORDER)])];

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="space-y-8">
      <FormSection title="Details">
        <TextInput
          id="product-name"
          label="Name"
          required
          value={values.name}
          onValueChange={(v) => set("name", v)}
          error={errors.name}
          maxLength={200}
          autoComplete="off"
        />
        <RichTextEditor
          id="product-description"
          label="Description"
          required
          initialHtml={description}
          onChange={(html) => {
            setDescription(html);
            if (errors.description) setErrors(({ description: _, ...rest }) => rest);
          }}
          error={errors.description}
        />
        <TextInput
          id="product-items"
          label="Items"
          required
          value={values.items}
          onValueChange={(v) => set("items", v)}
          error={errors.items}
          hint="What the buyer gets, e.g. 1 three-seater sofa and 2 armchairs."
          maxLength={1000}
          autoComplete="off"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectInput
            id="product-category"
            label="Category"
            required
            value={values.category}
            onValueChange={(v) => set("category", v)}
            options={toOptions(CATEGORIES)}
            placeholder="Select a category"
            error={errors.category}
          />
          <SelectInput
            id="product-style"
            label="Style"
            required
            value={values.style}
            onValueChange={(v) => set("style", v)}
            options={toOptions(STYLES)}
            placeholder="Select a style"
            error={errors.style}
          />
        </div>
        <SelectInput
          id="product-collectionId"
          label="Collection"
          value={values.collectionId}
          onValueChange={(v) => set("collectionId", v)}
          options={collectionOptions}
          error={errors.collectionId}
          hint={
            collectionsFailed
              ? "Could not load the collections; the product keeps its current one."
              : "Optional: the collection this product belongs to."
          }
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            id="product-make"
            label="Make"
            value={values.make}
            onValueChange={(v) => set("make", v)}
            error={errors.make}
            maxLength={100}
            autoComplete="off"
          />
          <TextInput
            id="product-model"
            label="Model"
            value={values.model}
            onValueChange={(v) => set("model", v)}
            error={errors.model}
            maxLength={100}
            autoComplete="off"
          />
        </div>
      </FormSection>

      <FormSection title="Price and status">
        <div className="sm:w-1/2 sm:pr-1.5">
          <PriceInput
            id="product-price"
            label="Price"
            required
            value={values.price}
            onValueChange={(v) => set("price", v)}
            error={errors.price}
          />
        </div>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <FlagInput
            id="product-isBestSeller"
            label="Best seller"
            description="Shown under Best Sellers."
            checked={values.isBestSeller}
            onCheckedChange={(on) => set("isBestSeller", on)}
          />
          <FlagInput
            id="product-sold"
            label="Sold"
            description="Shown as Sold instead of Available."
            checked={values.sold}
            onCheckedChange={(on) => set("sold", on)}
          />
          <FlagInput
            id="product-isPromo"
            label="On promotion"
            description="Sold at a discounted price."
            checked={values.isPromo}
            onCheckedChange={(on) => {
              // Turning promo off clears the discounted price (SPEC.md §4).
              setValues((v) => ({ ...v, isPromo: on, discountedPrice: on ? v.discountedPrice : "" }));
              if (!on) setErrors(({ discountedPrice: _, ...rest }) => rest);
            }}
          >
            <PriceInput
              id="product-discountedPrice"
              label="Discounted price"
              required
              value={values.discountedPrice}
              onValueChange={(v) => set("discountedPrice", v)}
              error={errors.discountedPrice}
              hint="Less than the price."
            />
          </FlagInput>
          <FlagInput
            id="product-isForeign"
            label="Foreign"
            description="Made outside Nigeria."
            checked={values.isForeign}
            onCheckedChange={(on) => {
              // Turning foreign off clears the origin (SPEC.md §4).
              setValues((v) => ({ ...v, isForeign: on, origin: on ? v.origin : "" }));
              if (!on) setErrors(({ origin: _, ...rest }) => rest);
            }}
          >
            <TextInput
              id="product-origin"
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

      <FormSection title="Images">
        <ImagePicker
          hideLabel
          id="product-images"
          label="Product images"
          chooseLabel={images.some((image) => image.kind === "new") ? "Choose other images" : "Choose images"}
          mode="replace-new"
          multiple
          images={images}
          onImagesChange={(next) => {
            setImages(next);
            if (errors.images) setErrors(({ images: _, ...rest }) => rest);
          }}
          onReadError={(message) => setErrors((e) => ({ ...e, images: message }))}
          messages={{ unreadable: PRODUCT_MESSAGES.image, tooLarge: "Image is larger than 10 MB." }}
          error={errors.images}
          hint={
            editing
              ? "Up to 6 new images at a time. New images replace the new ones chosen before; saved images stay until removed."
              : "Up to 6 images, 10 MB each. The first is the one shoppers see on cards."
          }
        />
      </FormSection>

      <div className="space-y-4">
        <FormAlert id="product-alert" messages={messages} />
        <FormActions
          busy={busy}
          label={editing ? "Save Changes" : "Add Product"}
          busyLabel="Saving..."
          cancelHref={PRODUCTS_SECTION}
        />
      </div>
    </form>
  );
}
