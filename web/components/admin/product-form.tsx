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
import { canGoBack } from "../../features/admin/admin-form";
import { fetchCollectionNames, saveProduct } from "../../features/admin/admin-api";
import { useAdminForm } from "../../features/admin/use-admin-form";
import { FlagInput, FormActions, FormAlert, FormSection, SelectInput, TextInput } from "./form-controls";
import { existingImage, ImagePicker, imagesForApi, type PickedImage } from "./image-picker";
import { PriceAndStatus } from "./price-and-status";
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
  const { errors, busy, messages, alertId, clear, fail, save } = useAdminForm("product", ORDER);
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
    clear(field);
  };
  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    for (const field of Object.keys(patch)) clear(field);
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const payload = body();
    void save({
      schema: ProductInputSchema,
      body: payload,
      send: () => saveProduct(product?._id ?? null, payload),
      then: async () => {
        toast.success("success");
        // After an update go back one page; after an add, to the products (SPEC.md §4).
        if (editing && canGoBack()) await navigate(-1);
        else await navigate(PRODUCTS_SECTION);
      },
      fallback: "Failed to save the product. Please try again.",
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-8">
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
            clear("description");
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

      <PriceAndStatus prefix="product" values={values} errors={errors} update={update}>
        <FlagInput
          id="product-sold"
          label="Sold"
          description="Shown as Sold instead of Available."
          checked={values.sold}
          onCheckedChange={(on) => set("sold", on)}
        />
      </PriceAndStatus>

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
            clear("images");
          }}
          onReadError={(message) => fail("images", message)}
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
        <FormAlert id={alertId} messages={messages} />
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
