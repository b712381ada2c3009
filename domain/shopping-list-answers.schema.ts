/**
 * The cart and wishlist as the API answers them (docs/product.md, Cart and wishlist): each
 * shape once, declared by the routes and the source of the types in shopping-lists.ts.
 * Item fields are the catalogue's own (catalog-answers.schema.ts), picked, not copied.
 */
import { z } from "zod";
import { CollectionSchema, ProductSchema } from "./catalog/catalog-answers.schema";
import { ITEM_TYPES } from "./shopping-lists";

/**
 * A wishlist line: `item` is the product's or collection's id; `option` the id of the
 * product option (finish or fabric) chosen, or null.
 */
export const WishlistLineSchema = z.object({
  _id: z.string(),
  item: z.string(),
  itemType: z.enum(ITEM_TYPES),
  option: z.string().nullable(),
});

export const CartLineSchema = WishlistLineSchema.extend({ quantity: z.number() });

/** Every cart call answers with the whole cart. */
export const CartAnswerSchema = z.object({ items: z.array(CartLineSchema) });

/** Every wishlist call answers with the whole wishlist; an add of an item already there says so. */
export const WishlistAnswerSchema = z.object({ items: z.array(WishlistLineSchema), message: z.string().optional() });

/** POST /api/cart/check-existence */
export const ExistingItemsSchema = z.object({
  existingProductIds: z.array(z.string()),
  existingCollectionIds: z.array(z.string()),
});

const priced = { name: true, price: true, isPromo: true, discountedPrice: true } as const;

/** What a shopper pays for an item, as the API and the pages speak it (naira; see money.ts). */
export const PricedItemSchema = ProductSchema.pick(priced);

/**
 * POST /api/cart/details-by-ids: the items' current names, prices, pictures and
 * availability, and the products' options (so a line's `option` can be named).
 */
export const ItemDetailsSchema = z.object({
  products: z.array(
    ProductSchema.pick({
      ...priced,
      _id: true,
      images: true,
      sold: true,
      options: true,
      availability: true,
      readyBy: true,
    }),
  ),
  collections: z.array(
    CollectionSchema.pick({ ...priced, _id: true, coverImage: true, availability: true, readyBy: true }),
  ),
});
