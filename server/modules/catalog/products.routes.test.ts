import { beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductPage } from "../../../domain/catalog/catalog.types";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();
const ids: Record<string, string> = {};
let collectionId = "";

async function list(query = ""): Promise<ProductPage> {
  const response = await t.app.inject({ method: "GET", url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (page: ProductPage) => page.products.map((p) => p.name);

beforeAll(async () => {
  const collection = await insertCollection(t.db, { name: "Ikoyi Living Set" });
  collectionId = collection.id;
  // Ten plain products first (oldest), then the interesting ones (newest).
  for (let i = 1; i <= 10; i += 1) {
    await insertProduct(t.db, {
      name: `Dining Chair ${i}`,
      category: "Dining Room",
      style: "Minimalist",
      priceKobo: (100_000 + i) * 100,
    });
  }
  const front = await makeImage(t.db, t.mediaDir, "#2f5d50");
  const back = await makeImage(t.db, t.mediaDir, "#c9a44c");
  ids.armchair = (
    await insertProduct(t.db, {
      name: "Velvet Armchair",
      category: "Armchair",
      style: "Glam",
      priceKobo: 300_000_00,
      isPromo: true,
      discountedPriceKobo: 250_000_00,
      isForeign: true,
      origin: "Turkey",
      images: [front, back],
    })
  ).id;
  ids.wardrobe = (
    await insertProduct(t.db, {
      name: "Oak Sliding Wardrobe",
      category: "Wardrobe",
      style: "Modern",
      priceKobo: 1_200_000_00,
      collectionId,
    })
  ).id;
  ids.sofa = (
    await insertProduct(t.db, {
      name: "Lekki Sofa",
      category: "Living Room",
      style: "Contemporary",
      priceKobo: 900_000_00,
      isBestSeller: true,
    })
  ).id;
  ids.console = (
    await insertProduct(t.db, {
      name: "Walnut TV Console",
      category: "TV Unit",
      style: "Bespoke",
      priceKobo: 450_000_00,
      sold: true,
    })
  ).id;
  ids.carpet = (
    await insertProduct(t.db, {
      name: "Persian Carpet",
      description: "<p>A <strong>hand-knotted</strong> wool carpet.</p>",
      category: "Carpet",
      style: "Antique/Royal",
      priceKobo: 700_000_00,
      isForeign: true,
      origin: "Iran",
    })
  ).id;
});

describe("GET /api/products", () => {
  it("lists 12 a page by default, newest first, with the total", async () => {
    const page = await list();
    expect(page.total).toBe(15);
    expect(page.products).toHaveLength(12);
    expect(page.hasMore).toBe(true);
    expect(names(page).slice(0, 5)).toEqual([
      "Persian Carpet",
      "Walnut TV Console",
      "Lekki Sofa",
      "Oak Sliding Wardrobe",
      "Velvet Armchair",
    ]);
    const times = page.products.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("ends on the last page and answers an empty page past the end", async () => {
    const last = await list("?page=2");
    expect(names(last)).toEqual(["Dining Chair 3", "Dining Chair 2", "Dining Chair 1"]);
    expect(last.hasMore).toBe(false);

    const past = await list("?page=3");
    expect(past).toEqual({ products: [], hasMore: false, total: 15 });

    const exact = await list("?limit=5&page=3");
    expect(exact.products).toHaveLength(5);
    expect(exact.hasMore).toBe(false);
  });

  it("accepts a limit up to 100", async () => {
    const page = await list("?limit=100");
    expect(page.products).toHaveLength(15);
    expect(page.hasMore).toBe(false);
  });

  it.each([
    ["?limit=101", "limit must be a whole number from 1 to 100."],
    ["?limit=0", "limit must be a whole number from 1 to 100."],
    ["?page=0", "page must be a whole number of 1 or more."],
    ["?page=abc", "page must be a whole number of 1 or more."],
    ["?page=1.5", "page must be a whole number of 1 or more."],
    ["?category=Sofa", 'Unknown category "Sofa".'],
    ["?style=Rustic", 'Unknown style "Rustic".'],
    ["?minPrice=cheap", "minPrice must be a number of 0 or more."],
    ["?maxPrice=-5", "maxPrice must be a number of 0 or more."],
    ["?minPrice=500&maxPrice=100", "maxPrice must not be below minPrice."],
    ["?isPromo=yes", "isPromo must be true or false."],
  ])("refuses %s with 400 and a message", async (query, message) => {
    const response = await t.app.inject({ method: "GET", url: `/api/products${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it("filters by category, whatever its case or spelling", async () => {
    expect(names(await list("?category=TV%20unit"))).toEqual(["Walnut TV Console"]);
    expect(names(await list("?category=armchair"))).toEqual(["Velvet Armchair"]);
  });

  it("filters by style, accepting 'Contemporay' and the antique%2Froyal link value", async () => {
    expect(names(await list("?style=Contemporay"))).toEqual(["Lekki Sofa"]);
    expect(names(await list("?style=antique%2Froyal"))).toEqual(["Persian Carpet"]);
  });

  it("filters by the price a shopper pays (the discounted price on promotion)", async () => {
    expect(names(await list("?minPrice=200000&maxPrice=260000"))).toEqual(["Velvet Armchair"]);
    expect(names(await list("?minPrice=260000&maxPrice=800000"))).toEqual(["Persian Carpet", "Walnut TV Console"]);
    expect((await list("?minPrice=1000000")).products.map((p) => p.price)).toEqual([1_200_000]);
    expect((await list("?maxPrice=100002.5")).total).toBe(2);
  });

  it("filters by the best-seller, promo and foreign flags, true or false", async () => {
    expect(names(await list("?isBestSeller=true"))).toEqual(["Lekki Sofa"]);
    expect(names(await list("?isPromo=true"))).toEqual(["Velvet Armchair"]);
    expect(names(await list("?isForeign=true"))).toEqual(["Persian Carpet", "Velvet Armchair"]);
    expect((await list("?isForeign=false")).total).toBe(13);
    expect(names(await list("?isForeign=true&category=Carpet"))).toEqual(["Persian Carpet"]);
  });

  it("treats empty filter values as not set", async () => {
    expect((await list("?search=&category=&minPrice=&isPromo=")).total).toBe(15);
  });

  it("finds partial words and small typos", async () => {
    expect(names(await list("?search=wardrob"))).toEqual(["Oak Sliding Wardrobe"]);
    expect(names(await list("?search=armchiar"))).toEqual(["Velvet Armchair"]);
    expect(names(await list("?search=Armchair"))).toEqual(["Velvet Armchair"]);
    expect(names(await list("?search=hand-knotted"))).toEqual(["Persian Carpet"]);
    expect(names(await list("?search=sof"))).toEqual(["Lekki Sofa"]);
    expect((await list("?search=zzqqxx")).total).toBe(0);
    expect((await list("?search=!!!")).total).toBe(0);
  });

  it("answers 400, not a server error, to a search holding a NUL or another control character", async () => {
    for (const search of ["%00", "sofa%00", "a%1Fb", "a%0Ab"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products?search=${search}` });
      expect(response.statusCode, search).toBe(400);
      expect(response.json(), search).toEqual({
        message: "search cannot contain control characters.",
        errors: { search: "search cannot contain control characters." },
      });
    }
  });

  it("combines search with filters and pages", async () => {
    const page = await list("?search=chair&category=Dining%20Room&limit=4&page=3");
    expect(page.total).toBe(10);
    expect(page.products).toHaveLength(2);
    expect(page.hasMore).toBe(false);
  });
});

describe("GET /api/products/:id", () => {
  it("returns the product with prices in naira, ordered images and no collection", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/products/${ids.armchair}` });
    expect(response.statusCode).toBe(200);
    const product: Product = response.json();
    expect(product).toMatchObject({
      _id: ids.armchair,
      name: "Velvet Armchair",
      // The name is served as `title` too.
      title: "Velvet Armchair",
      price: 300000,
      discountedPrice: 250000,
      isPromo: true,
      isForeign: true,
      origin: "Turkey",
      sold: false,
      category: "Armchair",
      style: "Glam",
      collectionId: null,
    });
    expect(product.images).toHaveLength(2);
    for (const image of product.images) {
      expect(image.url).toBe(`/media/${image.public_id}/64.jpg`);
      expect(image.widths).toEqual([64]);
    }

    const file = await t.app.inject({ method: "GET", url: product.images[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["cache-control"]).toContain("immutable");
  });

  it("populates the collection as { _id, name }", async () => {
    const product: Product = (await t.app.inject({ method: "GET", url: `/api/products/${ids.wardrobe}` })).json();
    expect(product.collectionId).toEqual({ _id: collectionId, name: "Ikoyi Living Set" });
    expect(product.images).toEqual([]);
  });

  it.each(["not-an-id", "00000000-0000-4000-8000-000000000000", "1' or '1'='1"])("answers 404 for %s", async (id) => {
    const response = await t.app.inject({ method: "GET", url: `/api/products/${encodeURIComponent(id)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Product not found." });
  });
});

describe("GET /api/products/count", () => {
  it("counts every product", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/products/count" });
    expect(response.json()).toEqual({ totalProducts: 15 });
  });
});

describe("unknown API paths", () => {
  it("answer 404 with a JSON message", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing/here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found." });
  });
});

describe("GET /api/products?sort=", () => {
  // Last in the file: two products of the same price, made at the same moment, for the tie.
  beforeAll(async () => {
    const createdAt = new Date(Date.UTC(2025, 5, 1));
    for (const name of ["Twin Stool A", "Twin Stool B"]) {
      ids[name] = (await insertProduct(t.db, { name, category: "Center Table", priceKobo: 275_000_00, createdAt })).id;
    }
  });

  it("orders by the price a shopper pays, cheapest or dearest first", async () => {
    expect(names(await list("?sort=price_asc&limit=3"))).toEqual([
      "Dining Chair 1",
      "Dining Chair 2",
      "Dining Chair 3",
    ]);
    // The armchair's ₦300,000 is on promotion at ₦250,000: it comes before the ₦275,000 stools.
    expect(names(await list("?sort=price_asc&minPrice=200000&maxPrice=500000")).slice(0, 2)).toEqual([
      "Velvet Armchair",
      expect.stringMatching(/^Twin Stool/),
    ]);
    expect(names(await list("?sort=price_desc&limit=3"))).toEqual([
      "Oak Sliding Wardrobe",
      "Lekki Sofa",
      "Persian Carpet",
    ]);
  });

  it("lists best sellers first, then the rest newest first; newest is the default order", async () => {
    expect(names(await list("?sort=best_sellers&limit=3"))).toEqual([
      "Lekki Sofa",
      "Persian Carpet",
      "Walnut TV Console",
    ]);
    // The same pieces in the same order (not the whole answer: the app's background runner
    // may finish a picture's AVIF files between the two requests, which adds "avif": true).
    const order = (page: ProductPage) => ({ ids: page.products.map((p) => p._id), total: page.total });
    expect(order(await list("?sort=newest"))).toEqual(order(await list()));
  });

  it("breaks ties the same way every time, so pages neither repeat nor skip an item", async () => {
    const twins = [ids["Twin Stool A"], ids["Twin Stool B"]].sort().reverse();
    const stools = await list("?sort=price_asc&search=stool");
    expect(stools.products.map((p) => p._id)).toEqual(twins);
    for (const sort of ["newest", "price_asc", "price_desc", "best_sellers"]) {
      const all = await list(`?sort=${sort}&limit=100`);
      const paged: string[] = [];
      for (let page = 1; page <= 5; page += 1) {
        paged.push(...(await list(`?sort=${sort}&limit=4&page=${page}`)).products.map((p) => p._id));
      }
      expect(paged, sort).toEqual(all.products.map((p) => p._id));
      expect(all.total, sort).toBe(17);
    }
  });

  it("orders a search by relevance unless a sort is asked for, which wins", async () => {
    const relevant = await list("?search=chair&limit=100");
    expect(relevant.total).toBe(11);
    // Dining chairs hold the word as typed; the armchair only holds it inside another.
    expect(names(relevant).at(-1)).toBe("Velvet Armchair");
    const dearest = await list("?search=chair&sort=price_desc&limit=3");
    expect(names(dearest)).toEqual(["Velvet Armchair", "Dining Chair 10", "Dining Chair 9"]);
    expect(dearest.total).toBe(11);
    expect(names(await list("?search=chair&sort=newest&limit=1"))).toEqual(["Velvet Armchair"]);
    expect(await list("?search=zzqqxx&sort=price_asc")).toEqual({ products: [], hasMore: false, total: 0 });
  });

  it("refuses an unknown sort with 400 and a message", async () => {
    for (const sort of ["cheapest", "relevance", "price_asc%00"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products?sort=${sort}` });
      expect(response.statusCode, sort).toBe(400);
      expect(response.json(), sort).toMatchObject({
        message: "sort must be one of newest, price_asc, price_desc, best_sellers.",
      });
    }
  });
});
