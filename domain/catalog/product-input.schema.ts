/**
 * The product form: `ProductInputSchema` reads a whole product, as POST
 * addProduct and the form itself send it, and an update once laid over the stored
 * product; `ProductUpdateBodySchema` is the body of PUT updateProduct/:id, where a field
 * left out keeps its stored value (partial-input.ts). Prices are naira with at most 2
 * decimals; 'Contemporay' is read as 'Contemporary'; turning promo off clears the
 * discounted price and turning foreign off the origin. The furniture fields (size,
 * materials, options, availability) are read by furniture-input.schema.ts.
 */
import { z } from "zod";
import { normaliseCategory } from "./categories";
import { isUuidText } from "../ids.schema";
import {
  checkPromoAndOrigin,
  clearPromoAndOrigin,
  flag,
  imageList,
  MAX_NEW_IMAGES,
  nairaPrice,
  TOO_MANY_NEW_IMAGES,
  type ImageInput,
  optionalText,
  promoAndOriginFields,
  requiredText,
  richText,
  statusField,
} from "./input-fields";
import {
  AvailabilityInputSchema,
  DimensionsInputSchema,
  materialsField,
  OptionsInputSchema,
} from "./furniture-input.schema";
import { partialInput } from "./partial-input";
import { normaliseStyle } from "./styles";

export const PRODUCT_MESSAGES = {
  name: "Name is required.",
  items: "Items are required.",
  description: "Description cannot be empty.",
  price: "Price must be a non-negative number.",
  priceMissing: "Price is required.",
  category: "Category is required.",
  categoryUnknown: "Please choose one of the categories.",
  style: "Style is required.",
  styleUnknown: "Please choose one of the styles.",
  collection: "The selected collection no longer exists.",
  image: "Failed to read image file.",
  imageRequired: "Please add at least one picture of the product.",
} as const;

/** A style in any accepted spelling, stored canonically. */
export function styleField() {
  return z.string({ error: PRODUCT_MESSAGES.style }).transform((value, ctx) => {
    if (!value.trim()) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.style });
      return z.NEVER;
    }
    const style = normaliseStyle(value);
    if (!style) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.styleUnknown });
      return z.NEVER;
    }
    return style;
  });
}

const category = z.string({ error: PRODUCT_MESSAGES.category }).transform((value, ctx) => {
  if (!value.trim()) {
    ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.category });
    return z.NEVER;
  }
  const canonical = normaliseCategory(value);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.categoryUnknown });
    return z.NEVER;
  }
  return canonical;
});

/**
 * The form sends the collection's id, "" or null for none (a product need not be in a collection); the populated
 * `{ _id, name }` a product is read with is accepted too.
 */
const collectionId = z
  .union([z.string(), z.object({ _id: z.string() })], { error: PRODUCT_MESSAGES.collection })
  .nullish()
  .transform((value, ctx): string | null => {
    const id = (typeof value === "object" && value !== null ? value._id : value)?.trim();
    if (!id) return null;
    if (!isUuidText(id)) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.collection });
      return z.NEVER;
    }
    return id.toLowerCase();
  });

const productFields = z.object({
  name: requiredText(PRODUCT_MESSAGES.name, { max: 200, label: "Name" }),
  description: richText({ missing: PRODUCT_MESSAGES.description, empty: PRODUCT_MESSAGES.description }),
  items: requiredText(PRODUCT_MESSAGES.items, { max: 1000, label: "Items" }),
  price: nairaPrice({ invalid: PRODUCT_MESSAGES.price, missing: PRODUCT_MESSAGES.priceMissing }),
  category,
  style: styleField(),
  collectionId,
  // Shoppers buy furniture by its picture: a product is shown only with one.
  images: imageList({ unreadable: PRODUCT_MESSAGES.image, required: PRODUCT_MESSAGES.imageRequired }),
  isBestSeller: flag("isBestSeller"),
  ...promoAndOriginFields(),
  sold: flag("sold"),
  make: optionalText({ max: 100, label: "Make" }),
  model: optionalText({ max: 100, label: "Model" }),
  dimensions: DimensionsInputSchema,
  materials: materialsField(),
  options: OptionsInputSchema,
  availability: AvailabilityInputSchema,
  status: statusField(),
});

/** New pictures in one save, the product's and its options' together, fit the API's body limit. */
function checkNewPictures(value: z.output<typeof productFields>, ctx: z.RefinementCtx) {
  const fresh = (image: ImageInput | null) => image?.kind === "new";
  const count =
    value.images.filter(fresh).length +
    value.options.reduce((sum, option) => sum + [option.image, ...(option.images ?? [])].filter(fresh).length, 0);
  if (count > MAX_NEW_IMAGES) ctx.addIssue({ code: "custom", path: ["images"], message: TOO_MANY_NEW_IMAGES });
}

export const ProductInputSchema = productFields
  .superRefine(checkPromoAndOrigin("product"))
  .superRefine(checkNewPictures)
  .transform(clearPromoAndOrigin);

export const ProductUpdateBodySchema = partialInput(productFields);

export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductFields = z.output<typeof ProductInputSchema>;
export type ProductUpdateBody = z.output<typeof ProductUpdateBodySchema>;
