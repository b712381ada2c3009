/**
 * Published reviews written straight into a shop's database, each as the review of a
 * delivered order of its own, to measure a much-reviewed product page (its byte budget in
 * tests/e2e/budgets.e2e.ts, its Lighthouse score in bench/lighthouse). Every other review
 * carries `photoId` as its consented photo; every fourth has the shop's reply.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../../server/db/client";
import { orderLines, orders } from "../../server/db/schema/orders";
import { reviewPhotos, reviews } from "../../server/db/schema/reviews";

export async function addPublishedReviews(
  db: Database,
  product: { id: string; name: string },
  { count, photoId }: { count: number; photoId: string },
): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const [order] = await db
      .insert(orders)
      .values({
        reference: `RV-${randomBytes(4).toString("hex").toUpperCase()}`,
        trackingToken: randomBytes(32).toString("base64url"),
        kind: "item",
        status: "delivered",
        fingerprint: randomBytes(16).toString("hex"),
        depositPercent: 50,
      })
      .returning();
    const [line] = await db
      .insert(orderLines)
      .values({
        orderId: order!.id,
        position: 0,
        itemType: "Product",
        itemId: product.id,
        name: product.name,
        unitPriceKobo: 4_500_000,
        quantity: 1,
        url: `/product/${product.id}`,
      })
      .returning();
    const [review] = await db
      .insert(reviews)
      .values({
        orderId: order!.id,
        lineId: line!.id,
        itemType: "Product",
        itemId: product.id,
        rating: 3 + (index % 3),
        title: `Review number ${index + 1}: sturdy, and the finish is even`,
        body: "It came on the day promised, carried up three floors. The fabric is soft and the frame does not creak. ".repeat(
          3,
        ),
        displayName: "Adaeze, Lekki Phase 1",
        status: "published",
        publishedAt: new Date(),
        deliveredOn: "2026-11-20",
        photosConsent: index % 2 === 0,
        reply: index % 4 === 0 ? "Thank you for choosing us; enjoy it for many years." : null,
      })
      .returning();
    if (index % 2 === 0) await db.insert(reviewPhotos).values({ reviewId: review!.id, position: 0, mediaId: photoId });
  }
}
