/**
 * What a page's loader and action may do with the visitor's cart and wishlist, in
 * process, for the request at hand (the owner is the session or the guest cookie).
 */
export type ShoppingListActions = Record<never, never>;
