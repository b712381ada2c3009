/**
 * What pages may do with reviews, in process (docs/product.md, Reviews). The customer's
 * side goes by the order's review link; the shop's (Owner and Sales) by permission. The
 * API's review routes call the same door. A refusal is thrown as a 4xx with its message.
 */
import type { ImageRef } from "../catalog/catalog.types";
import type { ItemType } from "../shopping-lists";
import type { ReviewStatus } from "./review-display";
import type { AdminReview, AdminReviewList, OwnReview, ReviewLink, ReviewPage } from "./reviews.schema";

export interface ReviewActions {
  /** The order's lines and their reviews, by the review link; null for an unknown link. */
  link(token: string): Promise<ReviewLink | null>;
  /** Writes one line's review (201 at the API): pending, or published when the owner's setting allows. */
  write(token: string, body: unknown): Promise<OwnReview>;
  /** The author's change within the edit window. */
  edit(token: string, reviewId: string, body: unknown): Promise<OwnReview>;
  /** An item's published reviews, a page at a time. */
  forItem(itemType: ItemType, itemId: string, page: number): Promise<ReviewPage>;
  /** The photos customers agreed to show, of an item's published reviews. */
  homePhotos(itemType: ItemType, itemId: string): Promise<ImageRef[]>;
}

export interface ReviewDeskActions {
  list(query: { status?: ReviewStatus | undefined; page?: number | undefined }): Promise<AdminReviewList>;
  publish(id: string): Promise<AdminReview>;
  hide(id: string, body: unknown): Promise<AdminReview>;
  reply(id: string, body: unknown): Promise<AdminReview>;
}
