import { beforeAll, describe, expect, it } from "vitest";
import type { CollectionDetail, CollectionPage } from "../../../domain/catalog/catalog.types";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();
const ids: Record<string, string> = {};

async function list(query = ""): Promise<CollectionPage> {
  const response = await t.app.inject({ method: "GET", url: `/api/collections${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (page: CollectionPage) => page.collections.map((c) => c.name);

beforeAll(async () => {
  ids.lekki = (
    await insertCollection(t.db, {
      name: "Lekki Living Collection",
      style: "Modern",
      priceKobo: 2_000_000_00,
      isBestSeller: true,
    })
  ).id;
  ids.royal = (
    await insertCollection(t.db, {
      name: "Royal Lounge",
      description: "<p>Velvet and <em>gold</em> for formal rooms.</p>",
      style: "Antique/Royal",
      priceKobo: 1_800_000_00,
      isPromo: true,
      discountedPriceKobo: 1_500_000_00,
    })
  ).id;
  const cover = await makeImage(t.db, t.mediaDir, "#d9a6a0");
  ids.glam = (
    await insertCollection(t.db, {
      name: "Glam Dining",
      style: "Glam",
      priceKobo: 3_000_000_00,
      isForeign: true,
      origin: "Italy",
      coverMediaId: cover.id,
    })
  ).id;
  ids.sofa = (await insertProduct(t.db, { name: "Lekki Sofa", category: "Living Room", collectionId: ids.lekki })).id;
  ids.chair = (await insertProduct(t.db, { name: "Lekki Chair", category: "Armchair", collectionId: ids.lekki })).id;
  ids.carpet = (await insertProduct(t.db, { name: "Royal Carpet", category: "Carpet", collectionId: ids.royal })).id;
  await insertProduct(t.db, { name: "Loose Table", category: "Center Table" });
});

describe("GET /api/collections", () => {
  it("lists newest first with their product ids, newest product first", async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.hasMore).toBe(false);
    expect(names(page)).toEqual(["Glam Dining", "Royal Lounge", "Lekki Living Collection"]);
    const lekki = page.collections.find((c) => c._id === ids.lekki)!;
    expect(lekki.productIds).toEqual([ids.chair, ids.sofa]);
    expect(lekki).toMatchObject({
      price: 2000000,
      discountedPrice: null,
      isBestSeller: true,
      coverImage: null,
      averageRating: null,
      reviews: [],
    });
    const glam = page.collections.find((c) => c._id === ids.glam)!;
    expect(glam.coverImage?.url).toMatch(/^\/media\/[\w-]+\/64\.jpg$/);
    expect(glam.productIds).toEqual([]);
  });

  it("pages with hasMore and an empty page past the end", async () => {
    const first = await list("?limit=2");
    expect(first.collections).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await list("?limit=2&page=2");
    expect(names(second)).toEqual(["Lekki Living Collection"]);
    expect(second.hasMore).toBe(false);
    expect(await list("?limit=2&page=5")).toEqual({ collections: [], hasMore: false, total: 3 });
  });

  it("filters by style, price paid and flags", async () => {
    expect(names(await list("?style=antique%2Froyal"))).toEqual(["Royal Lounge"]);
    expect(names(await list("?isPromo=true"))).toEqual(["Royal Lounge"]);
    expect(names(await list("?isBestSeller=true"))).toEqual(["Lekki Living Collection"]);
    expect(names(await list("?isForeign=true"))).toEqual(["Glam Dining"]);
    // The promo price (₦1.5m) is what counts, not the list price (₦1.8m).
    expect(names(await list("?minPrice=1600000"))).toEqual(["Glam Dining", "Lekki Living Collection"]);
    expect(names(await list("?maxPrice=1500000"))).toEqual(["Royal Lounge"]);
  });

  it("matches a category when the collection holds a product of it", async () => {
    expect(names(await list("?category=carpet"))).toEqual(["Royal Lounge"]);
    expect(names(await list("?category=Armchair"))).toEqual(["Lekki Living Collection"]);
    expect((await list("?category=Center%20Table")).total).toBe(0);
  });

  it("searches names and descriptions, forgiving typos", async () => {
    expect(names(await list("?search=lekki"))).toEqual(["Lekki Living Collection"]);
    expect(names(await list("?search=royl"))).toEqual(["Royal Lounge"]);
    expect(names(await list("?search=velvet"))).toEqual(["Royal Lounge"]);
  });

  it("answers 400, not a server error, to a search holding a NUL character", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/collections?search=a%00" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "search cannot contain control characters.",
      errors: { search: "search cannot contain control characters." },
    });
  });

  it("refuses bad query values with 400", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/collections?style=Baroque&limit=500" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      style: 'Unknown style "Baroque".',
      limit: "limit must be a whole number from 1 to 100.",
    });
  });
});

describe("GET /api/collections/:id", () => {
  it("populates productIds with the collection's own products", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/collections/${ids.lekki}` });
    expect(response.statusCode).toBe(200);
    const collection: CollectionDetail = response.json();
    expect(collection.name).toBe("Lekki Living Collection");
    // Rating and reviews keep the API's shape: none are written yet.
    expect(collection).toMatchObject({ averageRating: null, reviews: [] });
    expect(collection.productIds.map((p) => p.name)).toEqual(["Lekki Chair", "Lekki Sofa"]);
    for (const product of collection.productIds) {
      expect(product.collectionId).toEqual({ _id: ids.lekki, name: "Lekki Living Collection" });
      expect(product.price).toBe(500000);
    }
  });

  it("answers 404 with a message for unknown and malformed ids", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/collections/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Collection not found." });
    }
  });
});

describe("GET /api/collections/count", () => {
  it("counts every collection", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/collections/count" })).json()).toEqual({
      totalCollections: 3,
    });
  });
});

describe("GET /api/collections?sort=", () => {
  it("orders by the price a shopper pays, best sellers first or newest first", async () => {
    expect(names(await list("?sort=price_asc"))).toEqual(["Royal Lounge", "Lekki Living Collection", "Glam Dining"]);
    expect(names(await list("?sort=price_desc"))).toEqual(["Glam Dining", "Lekki Living Collection", "Royal Lounge"]);
    expect(names(await list("?sort=best_sellers"))).toEqual(["Lekki Living Collection", "Glam Dining", "Royal Lounge"]);
    expect(names(await list("?sort=newest"))).toEqual(["Glam Dining", "Royal Lounge", "Lekki Living Collection"]);
  });

  it("pages a sorted list without repeating an item", async () => {
    const first = await list("?sort=price_desc&limit=2");
    const second = await list("?sort=price_desc&limit=2&page=2");
    expect([...names(first), ...names(second)]).toEqual(["Glam Dining", "Lekki Living Collection", "Royal Lounge"]);
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
  });

  it("orders a search as asked, whatever the relevance", async () => {
    const cheapest = await list("?search=lekki%20glam&sort=price_asc");
    expect(names(cheapest)).toEqual(["Lekki Living Collection", "Glam Dining"]);
    expect(cheapest.total).toBe(2);
    expect(names(await list("?search=lekki%20glam&sort=price_desc"))).toEqual([
      "Glam Dining",
      "Lekki Living Collection",
    ]);
  });

  it("refuses an unknown sort with 400 and a message", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/collections?sort=popular" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "sort must be one of newest, price_asc, price_desc, best_sellers.",
      errors: { sort: "sort must be one of newest, price_asc, price_desc, best_sellers." },
    });
  });
});
