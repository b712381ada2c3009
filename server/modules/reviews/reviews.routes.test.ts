/**
 * Reviews through the API (docs/product.md, Reviews): only a delivered order's lines, once
 * each, by a link of its own; the shop's moderation; what shoppers read; photos through the
 * media pipeline's limits; the edit window.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, imageDataUrl, staffCookie, toDataUrl } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { orderEvents, orders } from "../../db/schema/orders";
import { reviews } from "../../db/schema/reviews";
import { HOW_REVIEWS_ARE_COLLECTED, verifiedBadge } from "../../../domain/reviews/review-display";

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await adminCookie(t);
});

const staff = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/operations${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
  });

/** An order of these items placed by a guest: its id, tracking token and lines. */
async function placeCart(items: Array<{ itemType: "Product" | "Collection"; id: string }>) {
  const guest = new Browser(t.app);
  for (const item of items) {
    const added = await guest.call("PUT", "/api/cart/add", { itemType: item.itemType, itemId: item.id });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
  const placed = await guest.call("POST", "/api/orders", { kind: "cart" });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ order: { _id: string; lines: Array<{ _id: string }> } }>().order;
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
  return { id: order._id, row: row!, lines: order.lines.map((line) => line._id) };
}

/** Marks the order delivered on this day, as the desk's status change records it. */
async function deliver(orderId: string, at = new Date("2026-11-20T10:00:00Z")) {
  await t.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, orderId));
  await t.db.insert(orderEvents).values({ orderId, status: "delivered", at, by: "Owner" });
}

const link = (token: string) => new Browser(t.app).call("GET", `/api/reviews/${token}`);
const write = (token: string, body: object, browser = new Browser(t.app)) =>
  browser.call("POST", `/api/reviews/${token}`, body);

const review = (lineId: string, extra: object = {}) => ({
  lineId,
  rating: 5,
  title: "Worth every naira",
  text: "The sofa came on time and the velvet is soft.\nOur guests love it.",
  displayName: "Chioma, Lekki",
  ...extra,
});

describe("the review link", () => {
  it("is its own 64-hex token (244 random bits), apart from the tracking token, and answers only once delivered", async () => {
    const sofa = await insertProduct(t.db, { name: "Review Sofa" });
    const order = await placeCart([{ itemType: "Product", id: sofa.id }]);
    expect(order.row.reviewToken).toMatch(/^[0-9a-f]{64}$/);
    expect(order.row.reviewToken).not.toContain(order.row.trackingToken);
    const other = await placeCart([{ itemType: "Product", id: sofa.id }]);
    expect(other.row.reviewToken).not.toBe(order.row.reviewToken);

    // Before delivery: the order's view has no review link and the link takes no review.
    const tracked = await new Browser(t.app).call("GET", `/api/orders/track/${order.row.trackingToken}`);
    expect(tracked.json().reviewUrl).toBeNull();
    const early = await write(order.row.reviewToken, review(order.lines[0]!));
    expect(early.statusCode).toBe(409);

    await deliver(order.id);
    const after = await new Browser(t.app).call("GET", `/api/orders/track/${order.row.trackingToken}`);
    expect(after.json().reviewUrl).toBe(`${TEST_SITE.PUBLIC_URL}/reviews/${order.row.reviewToken}`);
    const read = await link(order.row.reviewToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      lines: [{ lineId: order.lines[0], name: "Review Sofa", itemType: "Product", item: sofa.id, review: null }],
    });

    // The tracking token is no review token, and a made-up one names nothing.
    expect((await link(order.row.trackingToken)).statusCode).toBe(404);
    expect((await link("0".repeat(64))).statusCode).toBe(404);
    expect((await write("0".repeat(64), review(order.lines[0]!))).statusCode).toBe(404);
  });

  it("takes one review per delivered line; a rating outside 1–5 is a 400; a cancelled order's link is a 409", async () => {
    const chair = await insertProduct(t.db, { name: "Once Chair" });
    const lounge = await insertCollection(t.db, { name: "Once Lounge" });
    const order = await placeCart([
      { itemType: "Product", id: chair.id },
      { itemType: "Collection", id: lounge.id },
    ]);
    await deliver(order.id);
    const token = order.row.reviewToken;

    for (const rating of [0, 6, 2.5, "five"]) {
      const refused = await write(token, review(order.lines[0]!, { rating }));
      expect(refused.statusCode, String(rating)).toBe(400);
    }
    const spoofed = await write(token, review(order.lines[0]!, { displayName: "Chioma\u202E, Lekki" }));
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().message).toMatch(/invisible or text-direction/);
    const otherLine = await write(token, review("6f1c2c52-0000-4000-8000-000000000000"));
    expect(otherLine.statusCode).toBe(404);

    const first = await write(token, review(order.lines[0]!));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: "pending", rating: 5, edited: false, photos: [] });
    const again = await write(token, review(order.lines[0]!, { title: "Again" }));
    expect(again.statusCode).toBe(409);
    const second = await write(token, review(order.lines[1]!, { rating: 3 }));
    expect(second.statusCode).toBe(201);

    const lines = (await link(token)).json().lines as Array<{ review: { title: string } | null }>;
    expect(lines.map((line) => line.review?.title)).toEqual(["Worth every naira", "Worth every naira"]);

    await t.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    const gone = await t.app.inject({
      method: "PUT",
      url: `/api/reviews/${token}/${first.json()._id}`,
      payload: review(order.lines[0]!, { title: "Changed" }),
      remoteAddress: "10.77.0.1",
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe("This order is not delivered, so it cannot be reviewed now.");
  });

  it("takes photos through the media pipeline: 4 at most (413), pixels checked (413), unreadable ones refused (400)", async () => {
    const table = await insertProduct(t.db, { name: "Photo Table" });
    const order = await placeCart([{ itemType: "Product", id: table.id }]);
    await deliver(order.id);
    const token = order.row.reviewToken;
    const photo = await imageDataUrl("#336699", { width: 400, height: 300, format: "jpeg" });

    const five = await write(token, review(order.lines[0]!, { photos: Array.from({ length: 5 }, () => photo) }));
    expect(five.statusCode).toBe(413);
    // A PNG header claiming 60 megapixels is refused before it is decoded.
    const huge = toDataUrl(
      await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#ffffff" } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    const tooManyPixels = await write(token, review(order.lines[0]!, { photos: [huge] }));
    expect(tooManyPixels.statusCode).toBe(413);
    const unreadable = await write(token, review(order.lines[0]!, { photos: ["data:image/png;base64,AAAA"] }));
    expect(unreadable.statusCode).toBe(400);
    const notOurs = await write(token, review(order.lines[0]!, { photos: ["/media/someone-elses/640.webp"] }));
    expect(notOurs.statusCode).toBe(400);

    const written = await write(token, review(order.lines[0]!, { photos: [photo, photo], consentToShowPhotos: true }));
    expect(written.statusCode, written.body).toBe(201);
    const photos = written.json().photos as Array<{ public_id: string; widths: number[]; colour?: string }>;
    expect(photos).toHaveLength(2);
    // Stored like every picture: its widths, and its colour shown while it loads.
    expect(photos[0]!.widths).toContain(320);
    expect(photos[0]!.colour).toMatch(/^#[0-9a-f]{6}$/);

    // An edit keeps one photo by its address and drops the other, whose files go.
    const kept = `/media/${photos[0]!.public_id}/`;
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/reviews/${token}/${written.json()._id}`,
      payload: review(order.lines[0]!, { photos: [kept], title: "Even better after a month" }),
      remoteAddress: "10.77.0.2",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Even better after a month", edited: true });
    expect(edited.json().photos.map((p: { public_id: string }) => p.public_id)).toEqual([photos[0]!.public_id]);
    expect((await t.app.inject({ method: "GET", url: `/media/${photos[1]!.public_id}/320.webp` })).statusCode).toBe(
      404,
    );
  });

  it("may be changed for 30 days, then no more (409)", async () => {
    const bed = await insertProduct(t.db, { name: "Window Bed" });
    const order = await placeCart([{ itemType: "Product", id: bed.id }]);
    await deliver(order.id);
    const written = await write(order.row.reviewToken, review(order.lines[0]!));
    const id = written.json()._id as string;
    await t.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 29 * 24 * 3600 * 1000) })
      .where(eq(reviews.id, id));
    const edit = (title: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/reviews/${order.row.reviewToken}/${id}`,
        payload: review(order.lines[0]!, { title }),
        remoteAddress: "10.77.0.3",
      });
    expect((await edit("Day 29")).statusCode).toBe(200);
    await t.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(reviews.id, id));
    const late = await edit("Day 31");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("A review can be changed for 30 days after it was written.");
  });
});

describe("moderation and what shoppers read", () => {
  it("waits until published; hidden with a reason is kept; one reply; average, count and pages count published reviews only", async () => {
    const sofa = await insertProduct(t.db, { name: "Moderated Sofa" });
    const ids: string[] = [];
    for (const [index, rating] of [5, 4, 2, 3].entries()) {
      const order = await placeCart([{ itemType: "Product", id: sofa.id }]);
      await deliver(order.id);
      const written = await write(order.row.reviewToken, review(order.lines[0]!, { rating, title: `Review ${index}` }));
      expect(written.statusCode).toBe(201);
      ids.push(written.json()._id);
    }
    const reviewsOf = async (page = 1) =>
      (await new Browser(t.app).call("GET", `/api/products/${sofa.id}/reviews?page=${page}`)).json();
    expect(await reviewsOf()).toEqual({ reviews: [], average: null, count: 0, hasMore: false });
    expect((await new Browser(t.app).call("GET", `/api/products/${sofa.id}`)).json().rating).toBeNull();

    // A customer and the workshop may not moderate; Sales may.
    const workshop = await staffCookie(t, ["workshop"]);
    expect((await staff(workshop, "GET", "/reviews")).statusCode).toBe(403);
    const sales = await staffCookie(t, ["sales"]);
    const pending = await staff(sales, "GET", "/reviews?status=pending");
    expect(pending.statusCode).toBe(200);
    expect(pending.json().reviews.map((r: { _id: string }) => r._id)).toEqual(expect.arrayContaining(ids));

    for (const id of ids.slice(0, 3))
      expect((await staff(sales, "POST", `/reviews/${id}/publish`)).statusCode).toBe(200);
    const hidden = await staff(admin, "POST", `/reviews/${ids[2]}/hide`, { reason: "Names a staff member." });
    expect(hidden.json()).toMatchObject({ status: "hidden", hiddenReason: "Names a staff member." });
    expect((await staff(admin, "POST", `/reviews/${ids[2]}/hide`, { reason: " " })).statusCode).toBe(400);

    const replied = await staff(admin, "POST", `/reviews/${ids[0]}/reply`, { text: "Thank you, Chioma!" });
    expect(replied.json()).toMatchObject({ reply: "Thank you, Chioma!" });
    const twice = await staff(admin, "POST", `/reviews/${ids[0]}/reply`, { text: "Again" });
    expect(twice.statusCode).toBe(409);

    const shown = await reviewsOf();
    expect(shown).toMatchObject({ average: 4.5, count: 2, hasMore: false });
    expect(shown.reviews.map((r: { _id: string }) => r._id)).toEqual([ids[1], ids[0]]);
    expect(shown.reviews[1]).toMatchObject({
      reply: "Thank you, Chioma!",
      displayName: "Chioma, Lekki",
      deliveredOn: "2026-11-20",
      edited: false,
    });
    expect(verifiedBadge(shown.reviews[1].deliveredOn)).toBe("Verified purchase · delivered November 2026");
    expect((await new Browser(t.app).call("GET", `/api/products/${sofa.id}`)).json().rating).toEqual({
      average: 4.5,
      count: 2,
    });
    expect(HOW_REVIEWS_ARE_COLLECTED).toMatch(/^Only customers whose order was delivered can review/);

    // The journal keeps who published, hid and answered.
    const journal = await staff(admin, "GET", "/journal?area=reviews");
    expect(journal.statusCode, journal.body).toBe(200);
    expect(journal.json().entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["Review published", "Review hidden", "Review answered"]),
    );
  });

  it("publishes 4 and 5 stars at once when the owner's setting says so, and fills a collection's averageRating and reviews", async () => {
    const lounge = await insertCollection(t.db, { name: "Auto Lounge" });
    const setting = await staff(admin, "PUT", "/settings", { autoPublishReviews: true });
    expect(setting.statusCode, setting.body).toBe(200);
    try {
      const statuses: string[] = [];
      for (const rating of [5, 4, 3]) {
        const order = await placeCart([{ itemType: "Collection", id: lounge.id }]);
        await deliver(order.id);
        const written = await write(order.row.reviewToken, review(order.lines[0]!, { rating }));
        statuses.push(written.json().status);
      }
      expect(statuses).toEqual(["published", "published", "pending"]);
      const detail = (await new Browser(t.app).call("GET", `/api/collections/${lounge.id}`)).json();
      expect(detail).toMatchObject({ averageRating: 4.5, rating: { average: 4.5, count: 2 } });
      expect(detail.reviews.map((r: { rating: number }) => r.rating)).toEqual([4, 5]);
      const page = (await new Browser(t.app).call("GET", `/api/collections/${lounge.id}/reviews`)).json();
      expect(page).toMatchObject({ average: 4.5, count: 2, hasMore: false });
    } finally {
      await staff(admin, "PUT", "/settings", { autoPublishReviews: false });
    }
  });
});
