/**
 * Reviews for integration tests: a guest orders the piece through the API, the order is
 * marked delivered, and the review is written straight into the tables with the status,
 * consent and photos the test needs (the review link's own rules have their tests).
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orderEvents, orders } from "../../server/db/schema/orders";
import { reviewPhotos, reviews } from "../../server/db/schema/reviews";
import { Browser } from "./api-browser";
import { makeImage } from "./catalog-factory";
import type { TestApp } from "./test-app";

export interface ReviewFixture {
  id: string;
  orderId: string;
  /** The media ids of its photos, in order. */
  photos: string[];
}

interface ReviewOptions {
  status?: "pending" | "published" | "hidden";
  consent?: boolean;
  /** How many photos (each its own stored picture), or the media ids to show. */
  photos?: number | string[];
  rating?: number;
  title?: string;
  text?: string;
  displayName?: string;
  createdAt?: Date;
}

/** A delivered order of this product with one review of its line. */
export async function insertReview(
  t: TestApp,
  productId: string,
  {
    status = "published",
    consent = false,
    photos = 0,
    rating = 5,
    title = "Worth every naira",
    text = "Came on time, and the velvet is soft.",
    displayName = "Chioma, Lekki",
    createdAt = new Date(),
  }: ReviewOptions = {},
): Promise<ReviewFixture> {
  const guest = new Browser(t.app);
  const added = await guest.call("PUT", "/api/cart/add", { itemType: "Product", itemId: productId });
  expect(added.statusCode, added.body).toBeLessThan(300);
  const placed = await guest.call("POST", "/api/orders", { kind: "cart" });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ order: { _id: string; lines: Array<{ _id: string }> } }>().order;
  await t.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, order._id));
  await t.db.insert(orderEvents).values({ orderId: order._id, status: "delivered", at: createdAt, by: "Owner" });

  const photoIds =
    typeof photos === "number"
      ? await Promise.all(
          Array.from({ length: photos }, async (_, index) => (await makeImage(t.db, t.mediaDir, shade(index))).id),
        )
      : photos;
  const [row] = await t.db
    .insert(reviews)
    .values({
      orderId: order._id,
      lineId: order.lines[0]!._id,
      itemType: "Product",
      itemId: productId,
      rating,
      title,
      body: text,
      displayName,
      photosConsent: consent,
      status,
      hiddenReason: status === "hidden" ? "Not about the piece." : null,
      publishedAt: status === "published" ? createdAt : null,
      deliveredOn: createdAt.toISOString().slice(0, 10),
      createdAt,
    })
    .returning({ id: reviews.id });
  if (photoIds.length) {
    await t.db
      .insert(reviewPhotos)
      .values(photoIds.map((mediaId, position) => ({ reviewId: row!.id, position, mediaId })));
  }
  return { id: row!.id, orderId: order._id, photos: photoIds };
}

const shade = (index: number) => `#${(0x604020 + index * 0x0a0a0a).toString(16).padStart(6, "0")}`;
