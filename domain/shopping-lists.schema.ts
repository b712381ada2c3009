/** The bodies of the cart and wishlist calls, with the shop's messages (docs/product.md, Cart and wishlist). */
import { z } from "zod";
import { isUuidText } from "./ids.schema";
import { ITEM_TYPES, MAX_QUANTITY } from "./shopping-lists";

const itemTypeFor = (action: string) => {
  const message = `Item type (Product/Collection) is required to ${action}.`;
  return z.enum(ITEM_TYPES, { error: message });
};

export const ITEM_ID_INVALID = "Item id is not a product or collection id.";

/**
 * Every product and collection id is a UUID, so anything else is refused here (400), on
 * every route alike: it could name no line, and the database would fail on it.
 */
export const ItemIdSchema = z
  .string({ error: "Item id is required." })
  .trim()
  .min(1, { error: "Item id is required." })
  .refine(isUuidText, { error: ITEM_ID_INVALID });

export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;

export const QuantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int({ error: QUANTITY_MESSAGE })
  .min(1, { error: QUANTITY_MESSAGE })
  .max(MAX_QUANTITY, { error: QUANTITY_MESSAGE });

export const OPTION_ID_INVALID = "Option is not an option id.";

/**
 * The product option (finish or fabric) a line is for, by its id: the same product in
 * two options is two cart lines. Left out, "" or null: none.
 */
export const OptionIdSchema = z
  .string({ error: OPTION_ID_INVALID })
  .trim()
  .refine((id) => id === "" || isUuidText(id), { error: OPTION_ID_INVALID })
  .nullish()
  .transform((id) => (id ? id.toLowerCase() : null));

export const CartAddSchema = z.object({
  itemId: ItemIdSchema,
  itemType: itemTypeFor("add to cart"),
  quantity: QuantitySchema.default(1),
  option: OptionIdSchema,
});

export const CartRemoveSchema = z.object({
  itemId: ItemIdSchema,
  itemType: itemTypeFor("remove from cart"),
  option: OptionIdSchema,
});

/** Below 1 removes the line; the upper bound still holds. */
export const CartQuantitySchema = z.object({
  itemId: ItemIdSchema,
  itemType: itemTypeFor("update the cart"),
  option: OptionIdSchema,
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int({ error: QUANTITY_MESSAGE })
    .max(MAX_QUANTITY, { error: QUANTITY_MESSAGE }),
});

export const WishlistAddSchema = z.object({
  itemId: ItemIdSchema,
  itemType: itemTypeFor("add to wishlist"),
  option: OptionIdSchema,
});
export const WishlistRemoveSchema = z.object({ itemId: ItemIdSchema, itemType: itemTypeFor("remove from wishlist") });

/**
 * At most a few hundred ids: a cart or wishlist, not the catalogue. Malformed ones are
 * not refused but found missing: a browser's saved cart may hold stale entries.
 */
const IdListSchema = z.array(z.string().max(64)).max(500).default([]);

export const ItemIdsSchema = z.object({ productIds: IdListSchema, collectionIds: IdListSchema });
