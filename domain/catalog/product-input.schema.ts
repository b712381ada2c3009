/**
 * The product form: `ProductInputSchema` reads a whole product, as POST
 * addProduct and the form itself send it, and an update once laid over the stored
 * product; `ProductUpdateBodySchema` is the body of PUT updateProduct/:id, where a field
 * left out keeps its stored value (partial-input.ts). Prices are naira with at most 2
 * decimals; 'Contemporay' is read as 'Contemporary'; turning promo off clears the
 * discounted price and turning foreign off the origin.
 */
import { z } from "zod";
import { normaliseCategory } from "./categories";
import { isUuidText } from "../ids.schema";
import {
  checkPromoAndOrigin,
  clearPromoAndOrigin,
  flag,
  imageList,
  nairaPrice,
  optionalText,
  promoAndOriginFields,
  requiredText,
  richText,
} from "./input-fields";
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
  images: imageList({ unreadable: PRODUCT_MESSAGES.image }),
  isBestSeller: flag("isBestSeller"),
  ...promoAndOriginFields(),
  sold: flag("sold"),
  make: optionalText({ max: 100, label: "Make" }),
  model: optionalText({ max: 100, label: "Model" }),
});

export const ProductInputSchema = productFields
  .superRefine(checkPromoAndOrigin("product"))
  .transform(clearPromoAndOrigin);

export const ProductUpdateBodySchema = partialInput(productFields);

export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductFields = z.output<typeof ProductInputSchema>;
export type ProductUpdateBody = z.output<typeof ProductUpdateBodySchema>;
