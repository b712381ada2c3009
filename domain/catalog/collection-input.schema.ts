/**
 * The collection forms. Adding and editing word three rules differently, so each has
 * its schema: `CollectionInputSchema` (addCollection) and `CollectionUpdateSchema` (the
 * edit form, and an update once laid over the stored collection), from one field list.
 * `CollectionUpdateBodySchema` is the body of updateCollection/:id, where a field left
 * out keeps its stored value (partial-input.ts).
 *
 * "At least one product" is a rule of these forms only. Deleting a product, or moving it
 * to another collection from the product form, may leave a collection empty, and that is
 * allowed: refusing would make the owner edit collections before products, and an empty
 * collection still shows its cover and price and can be filled again.
 */
import { z } from "zod";
import { isUuidText } from "../ids.schema";
import {
  checkPromoAndOrigin,
  clearPromoAndOrigin,
  flag,
  nairaPrice,
  optionalText,
  promoAndOriginFields,
  requiredImage,
  requiredText,
  richText,
  statusField,
} from "./input-fields";
import { AvailabilityInputSchema, materialsField } from "./furniture-input.schema";
import { partialInput } from "./partial-input";
import { styleField } from "./product-input.schema";

export const COLLECTION_MESSAGES = {
  name: "Name is required.",
  description: "Description cannot be empty.",
  descriptionMissing: { add: "Description cannot be empty.", update: "Description is required." },
  price: "Price must be a non-negative number.",
  priceMissing: "Price is required.",
  products: {
    add: "Please select at least one product for the collection.",
    update: "At least one product must be selected for the collection.",
  },
  productGone: "Some of the selected products no longer exist.",
  cover: { add: "Please upload a cover image for the collection.", update: "Cover image is required." },
  coverUnreadable: "Failed to read cover image file.",
} as const;

/** Which form's wording the messages follow. */
type Form = "add" | "update";

function collectionFields(form: Form) {
  return z.object({
    name: requiredText(COLLECTION_MESSAGES.name, { max: 200, label: "Name" }),
    description: richText({
      missing: COLLECTION_MESSAGES.descriptionMissing[form],
      empty: COLLECTION_MESSAGES.description,
    }),
    items: optionalText({ max: 1000, label: "Items" }).transform((value) => value ?? ""),
    price: nairaPrice({ invalid: COLLECTION_MESSAGES.price, missing: COLLECTION_MESSAGES.priceMissing }),
    style: styleField(),
    // Ids, or the populated products a collection is read with.
    productIds: z
      .array(
        z
          .union([z.string(), z.object({ _id: z.string() })], { error: COLLECTION_MESSAGES.productGone })
          .transform((item) => (typeof item === "string" ? item : item._id)),
        { error: COLLECTION_MESSAGES.products[form] },
      )
      .min(1, { error: COLLECTION_MESSAGES.products[form] })
      .max(500, { error: "A collection can hold at most 500 products." })
      .refine((ids) => ids.every((id) => isUuidText(id.trim())), { error: COLLECTION_MESSAGES.productGone })
      .transform((ids) => [...new Set(ids.map((id) => id.trim().toLowerCase()))]),
    coverImage: requiredImage({
      unreadable: COLLECTION_MESSAGES.coverUnreadable,
      required: COLLECTION_MESSAGES.cover[form],
    }),
    isBestSeller: flag("isBestSeller"),
    ...promoAndOriginFields(),
    materials: materialsField(),
    availability: AvailabilityInputSchema,
    status: statusField(),
  });
}

const collectionSchema = (form: Form) =>
  collectionFields(form).superRefine(checkPromoAndOrigin("collection")).transform(clearPromoAndOrigin);

export const CollectionInputSchema = collectionSchema("add");
export const CollectionUpdateSchema = collectionSchema("update");
export const CollectionUpdateBodySchema = partialInput(collectionFields("update"));

export type CollectionInput = z.input<typeof CollectionInputSchema>;
export type CollectionFields = z.output<typeof CollectionInputSchema>;
export type CollectionUpdateBody = z.output<typeof CollectionUpdateBodySchema>;
