/**
 * GET /feeds/google-reviews.xml (docs/product.md, Product feeds): Google's product reviews
 * XML, well-formed, its elements in the schema's order, with the published reviews of the
 * pieces shoppers can open and nothing else, what reviewers wrote escaped, cached and
 * versioned as the product feeds are.
 */
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { insertReview, type ReviewFixture } from "../../../tests/support/review-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { productOptions, products } from "../../db/schema/catalog";
import { reviews } from "../../db/schema/reviews";
import { GOOGLE_REVIEWS_VERSION } from "./google-reviews-feed";

const t = useTestApp();
const BASE = TEST_SITE.PUBLIC_URL;
const URL_PATH = "/feeds/google-reviews.xml";

/** The schema's order of a <review>'s elements (the optional ones included). */
const REVIEW_ORDER = [
  "review_id",
  "reviewer",
  "is_verified_purchase",
  "is_incentivized_review",
  "review_timestamp",
  "title",
  "content",
  "review_language",
  "review_country",
  "pros",
  "cons",
  "review_url",
  "reviewer_images",
  "ratings",
  "products",
  "is_spam",
  "collection_method",
  "transaction_id",
];
const FEED_ORDER = ["version", "aggregator", "publisher", "reviews"];
const PRODUCT_ORDER = ["product_ids", "product_name", "product_url"];

interface FeedReview {
  review_id: string;
  reviewer: { name: string };
  review_timestamp: string;
  title: string;
  content: string;
  review_url: { "#text": string; "@_type": string };
  reviewer_images?: { reviewer_image: Array<{ url: string }> };
  ratings: { overall: { "#text": string; "@_min": string; "@_max": string } };
  products: {
    product: { product_ids: { skus: { sku: string[] } }; product_name: string; product_url: string };
  };
  is_spam: string;
  collection_method: string;
  is_verified_purchase: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ["review", "reviewer_image", "sku"].includes(name),
});
/** The same document as elements in order, to check the schema's sequence. */
const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: true, parseTagValue: false });

type OrderedNode = Record<string, OrderedNode[]>;
const namesOf = (nodes: OrderedNode[]) => nodes.flatMap((node) => Object.keys(node).filter((key) => key !== "#text"));
const childrenOf = (nodes: OrderedNode[], name: string) => nodes.find((node) => name in node)?.[name] ?? [];

/** Whether `names` keep the order `schema` gives them (each known, none out of place). */
function inSchemaOrder(names: string[], schema: string[]): boolean {
  const positions = names.map((name) => schema.indexOf(name));
  return positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!));
}

async function readFeed() {
  const response = await t.app.inject({ method: "GET", url: URL_PATH });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

function reviewsIn(body: string): FeedReview[] {
  expect(XMLValidator.validate(body)).toBe(true);
  const document = parser.parse(body) as {
    feed: { version: string; publisher: { name: string }; reviews?: { review: FeedReview[] } };
  };
  expect(document.feed.version).toBe(GOOGLE_REVIEWS_VERSION);
  expect(document.feed.publisher.name).toBe(TEST_SITE.SHOP_NAME);
  return document.feed.reviews?.review ?? [];
}

const fixtures: Record<string, ReviewFixture> = {};
const ids: Record<string, string> = {};
const optionIds: string[] = [];

beforeAll(async () => {
  const sofa = await insertProduct(t.db, { name: "Feed Sofa" });
  const chair = await insertProduct(t.db, { name: "Chair & Ottoman" });
  const [first, second] = await t.db
    .insert(productOptions)
    .values([
      { productId: chair.id, position: 0, name: "Walnut" },
      { productId: chair.id, position: 1, name: "Oak" },
    ])
    .returning({ id: productOptions.id });
  optionIds.push(first!.id, second!.id);
  const draft = await insertProduct(t.db, { name: "Draft Bench" });
  const lounge = await insertCollection(t.db, { name: "Feed Lounge" });
  Object.assign(ids, { sofa: sofa.id, chair: chair.id, draft: draft.id, lounge: lounge.id });

  fixtures.published = await insertReview(t, sofa.id, {
    rating: 4,
    title: "Soft & <strong>",
    text: 'She said "worth it" — it\'s 2 < 3 & 5 > 4.',
    displayName: "Ngozi & Emeka, Lekki",
    consent: true,
    photos: 2,
    createdAt: new Date("2026-11-20T10:15:30.123Z"),
  });
  fixtures.noConsent = await insertReview(t, chair.id, {
    rating: 3,
    photos: 1,
    consent: false,
    createdAt: new Date("2026-11-21T08:00:00Z"),
  });
  fixtures.pending = await insertReview(t, sofa.id, { status: "pending", title: "Waiting review" });
  fixtures.hidden = await insertReview(t, sofa.id, { status: "hidden", title: "Hidden review" });
  fixtures.draft = await insertReview(t, draft.id, { title: "Review of a draft" });
  // Made a draft after it was delivered and reviewed: shoppers cannot open it now.
  await t.db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));
  // A collection's review: collections are not in the feeds.
  await t.db.update(reviews).set({ reply: "Thank you, Ngozi!" }).where(eq(reviews.id, fixtures.published.id));
  const collectionReview = await insertReview(t, sofa.id, { title: "Collection review" });
  await t.db
    .update(reviews)
    .set({ itemType: "Collection", itemId: lounge.id })
    .where(eq(reviews.id, collectionReview.id));
  fixtures.collection = collectionReview;
});

describe("GET /feeds/google-reviews.xml", () => {
  it("is Google's product reviews XML: well-formed, every element in the schema's order", async () => {
    const response = await readFeed();
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const body = response.body;
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(body).toContain(
      `xsi:noNamespaceSchemaLocation="http://www.google.com/shopping/reviews/schema/product/${GOOGLE_REVIEWS_VERSION}/product_reviews.xsd"`,
    );
    expect(XMLValidator.validate(body)).toBe(true);

    const feed = childrenOf(ordered.parse(body) as OrderedNode[], "feed");
    expect(namesOf(feed)).toEqual(["version", "publisher", "reviews"]);
    expect(inSchemaOrder(namesOf(feed), FEED_ORDER)).toBe(true);
    const entries = childrenOf(feed, "reviews");
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const names = namesOf(entry.review!);
      expect(inSchemaOrder(names, REVIEW_ORDER), names.join(", ")).toBe(true);
      for (const required of ["reviewer", "review_timestamp", "content", "review_url", "ratings", "products"])
        expect(names).toContain(required);
      const product = childrenOf(childrenOf(entry.review!, "products"), "product");
      expect(inSchemaOrder(namesOf(product), PRODUCT_ORDER)).toBe(true);
    }
  });

  it("lists the published reviews of published products only: no waiting, hidden, draft piece's or collection's review, no reply", async () => {
    const listed = reviewsIn((await readFeed()).body);
    expect(listed.map((review) => review.review_id).sort()).toEqual(
      [fixtures.published!.id, fixtures.noConsent!.id].sort(),
    );
    const body = (await readFeed()).body;
    for (const left of ["Waiting review", "Hidden review", "Review of a draft", "Collection review", "Thank you"])
      expect(body).not.toContain(left);
    // Newest first.
    expect(listed.map((review) => review.review_id)).toEqual([fixtures.noConsent!.id, fixtures.published!.id]);
  });

  it("says who wrote what, when, with how many stars, about which piece, linked to its reviews", async () => {
    const listed = reviewsIn((await readFeed()).body);
    const sofa = listed.find((review) => review.review_id === fixtures.published!.id)!;
    expect(sofa).toMatchObject({
      reviewer: { name: "Ngozi & Emeka, Lekki" },
      is_verified_purchase: "true",
      review_timestamp: "2026-11-20T10:15:30Z",
      title: "Soft & <strong>",
      content: 'She said "worth it" — it\'s 2 < 3 & 5 > 4.',
      review_url: { "#text": `${BASE}/product/${ids.sofa}#reviews`, "@_type": "singleton" },
      ratings: { overall: { "#text": "4", "@_min": "1", "@_max": "5" } },
      products: {
        product: {
          product_ids: { skus: { sku: [ids.sofa] } },
          product_name: "Feed Sofa",
          product_url: `${BASE}/product/${ids.sofa}`,
        },
      },
      is_spam: "false",
      collection_method: "post_fulfillment",
    });
    // The photos the author agreed to show, absolute on the shop's address.
    const photos = sofa.reviewer_images!.reviewer_image.map((image) => image.url);
    expect(photos).toHaveLength(2);
    for (const [index, url] of photos.entries()) {
      expect(url.startsWith(`${BASE}/media/${fixtures.published!.photos[index]}/`)).toBe(true);
    }

    // A piece with options goes by its options' ids, as the product feed lists it; photos without consent stay out.
    const chair = listed.find((review) => review.review_id === fixtures.noConsent!.id)!;
    expect(chair.products.product.product_ids.skus.sku).toEqual(optionIds);
    expect(chair.products.product.product_name).toBe("Chair & Ottoman");
    expect(chair.reviewer_images).toBeUndefined();
    const google = (await t.app.inject({ method: "GET", url: "/feeds/google.xml" })).body;
    for (const sku of optionIds) expect(google).toContain(`<g:id>${sku}</g:id>`);
    expect(google).toContain(`<g:id>${ids.sofa}</g:id>`);
  });

  it("escapes what reviewers wrote: their markup stays text", async () => {
    const body = (await readFeed()).body;
    expect(body).toContain("<title>Soft &amp; &lt;strong&gt;</title>");
    expect(body).toContain("<name>Ngozi &amp; Emeka, Lekki</name>");
    expect(body).not.toContain("<strong>");
  });

  it("is cached and versioned: 304 for the same version, and a review published since shows with a new ETag", async () => {
    const first = await readFeed();
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: "GET", url: URL_PATH, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const cookie = await adminCookie(t);
    const published = await t.app.inject({
      method: "POST",
      url: `/api/admin/operations/reviews/${fixtures.pending!.id}/publish`,
      headers: { cookie, origin: BASE },
    });
    expect(published.statusCode, published.body).toBe(200);
    const after = await readFeed();
    expect(after.headers.etag).not.toBe(etag);
    expect(reviewsIn(after.body).map((review) => review.review_id)).toContain(fixtures.pending!.id);
  });
});
