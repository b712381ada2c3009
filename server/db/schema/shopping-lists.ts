import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { collections, productOptions, products } from "./catalog";
import { createdAt, id } from "./columns";

export const itemType = pgEnum("item_type", ["Product", "Collection"]);

/**
 * Carts and wishlists belong to a signed-in user or to a guest, whose anonymousId
 * cookie is stored only as its SHA-256. `lastUsedAt` lets unused guest lists expire.
 */
const owner = () => ({
  id: id(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  guestKeyHash: text("guest_key_hash"),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The line points at exactly the kind of item its type names; deleted items take their lines with them. */
const line = () => ({
  id: id(),
  itemType: itemType("item_type").notNull(),
  productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
  collectionId: uuid("collection_id").references(() => collections.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

const lineMatchesType = (t: { itemType: unknown; productId: unknown; collectionId: unknown }) =>
  sql`(${t.itemType} = 'Product' and ${t.productId} is not null and ${t.collectionId} is null) or (${t.itemType} = 'Collection' and ${t.collectionId} is not null and ${t.productId} is null)`;

const oneOwner = (t: { userId: unknown; guestKeyHash: unknown }) =>
  sql`(${t.userId} is null) <> (${t.guestKeyHash} is null)`;

export const carts = pgTable("carts", owner(), (t) => [
  uniqueIndex("carts_user_key").on(t.userId),
  uniqueIndex("carts_guest_key").on(t.guestKeyHash),
  index("carts_last_used_idx").on(t.lastUsedAt),
  check("carts_one_owner", oneOwner(t)),
]);

export const cartItems = pgTable(
  "cart_items",
  {
    ...line(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    // The finish or fabric chosen, if the product offers any: the same product in two
    // finishes is two lines.
    optionId: uuid("option_id").references(() => productOptions.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("cart_items_product_key")
      .on(t.cartId, t.productId, sql`coalesce(${t.optionId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.productId} is not null`),
    uniqueIndex("cart_items_collection_key")
      .on(t.cartId, t.collectionId)
      .where(sql`${t.collectionId} is not null`),
    index("cart_items_product_idx").on(t.productId),
    index("cart_items_collection_idx").on(t.collectionId),
    check("cart_items_matches_type", lineMatchesType(t)),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 999`),
  ],
);

export const wishlists = pgTable("wishlists", owner(), (t) => [
  uniqueIndex("wishlists_user_key").on(t.userId),
  uniqueIndex("wishlists_guest_key").on(t.guestKeyHash),
  index("wishlists_last_used_idx").on(t.lastUsedAt),
  check("wishlists_one_owner", oneOwner(t)),
]);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    ...line(),
    wishlistId: uuid("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    // The finish or fabric last chosen for the piece, if any.
    optionId: uuid("option_id").references(() => productOptions.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("wishlist_items_product_key")
      .on(t.wishlistId, t.productId)
      .where(sql`${t.productId} is not null`),
    uniqueIndex("wishlist_items_collection_key")
      .on(t.wishlistId, t.collectionId)
      .where(sql`${t.collectionId} is not null`),
    index("wishlist_items_product_idx").on(t.productId),
    index("wishlist_items_collection_idx").on(t.collectionId),
    check("wishlist_items_matches_type", lineMatchesType(t)),
  ],
);
