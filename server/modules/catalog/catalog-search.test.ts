import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CollectionPage, ProductPage } from "../../../domain/catalog/catalog.types";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { catalogWords, products } from "../../db/schema/catalog";
import { withinOneSlip } from "./catalog-search";

const t = useTestApp();

async function search(query: string): Promise<ProductPage> {
  const response = await t.app.inject({ method: "GET", url: `/api/products?search=${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function searchCollections(query: string): Promise<CollectionPage> {
  const response = await t.app.inject({ method: "GET", url: `/api/collections?search=${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (page: ProductPage) => page.products.map((p) => p.name);
const collectionNames = (page: CollectionPage) => page.collections.map((c) => c.name);
const sorted = (list: string[]) => [...list].sort();
const ARMCHAIRS = ["Leather Armchair", "Rattan Armchair", "Velvet Armchair"];

beforeAll(async () => {
  const product = (name: string, category: string, naira: number, description?: string) =>
    insertProduct(t.db, { name, category, priceKobo: naira * 100, ...(description ? { description } : {}) });
  await product("Dining Chair", "Dining Room", 150_000);
  await product("Velvet Armchair", "Armchair", 300_000, "<p>Deep <em>velvet</em> seat and velvet cushions.</p>");
  await product("Leather Armchair", "Armchair", 450_000);
  await product("Rattan Armchair", "Armchair", 200_000);
  await product("Oak Wingback", "Armchair", 500_000);
  await product("Walnut Sideboard", "Dining Room", 600_000, "<p>Stable, comfortable and roomy.</p>");
  await product("Ikoyi Bench", "Living Room", 250_000, "<p>Pairs with any sofa in velvet.</p>");
  await product("Velvet Sofa", "Living Room", 900_000);
  await product("Lekki Sofa", "Living Room", 800_000);
  await product("Oak Sliding Wardrobe", "Wardrobe", 1_200_000);
  await product("Marble Coffee Table", "Center Table", 350_000);
  await product("Bouclé Loveseat", "Living Room", 700_000);
  await insertCollection(t.db, { name: "Royal Lounge", description: "<p>Gold and deep colours.</p>" });
  await insertCollection(t.db, { name: "Lekki Headboard Edit", description: "<p>Beds for calm rooms.</p>" });
});

describe("catalogue search", () => {
  it("forgives two swapped letters: 'winbgack' finds the Wingback", async () => {
    expect(names(await search("winbgack"))).toEqual(["Oak Wingback"]);
    expect(names(await search("wingbakc"))).toEqual(["Oak Wingback"]);
    expect(names(await search("tabel"))).toEqual(["Marble Coffee Table"]);
  });

  it("forgives one letter added, dropped or changed", async () => {
    // Every armchair: three by name, the Wingback by its category.
    expect(sorted(names(await search("armchiar")))).toEqual(sorted([...ARMCHAIRS, "Oak Wingback"]));
    expect(sorted(names(await search("sofaa")))).toEqual(["Ikoyi Bench", "Lekki Sofa", "Velvet Sofa"]);
    expect(names(await search("wardrbe"))).toEqual(["Oak Sliding Wardrobe"]);
    expect(names(await search("wardrobes"))).toEqual(["Oak Sliding Wardrobe"]);
    expect(names(await search("sideboars"))).toEqual(["Walnut Sideboard"]);
  });

  it("finds a word inside a compound name: 'chair' finds the armchairs, 'board' the sideboard", async () => {
    const chair = names(await search("chair"));
    // The word as typed first; the Wingback, an armchair only by category, last.
    expect(chair[0]).toBe("Dining Chair");
    expect(sorted(chair.slice(1, 4))).toEqual(ARMCHAIRS);
    expect(chair.slice(4)).toEqual(["Oak Wingback"]);
    expect(names(await search("board"))).toEqual(["Walnut Sideboard"]);
    expect(collectionNames(await searchCollections("board"))).toEqual(["Lekki Headboard Edit"]);
  });

  it("lists items matching every word first, then those matching some, by relevance", async () => {
    const page = await search("velvet%20sofa");
    // The bench mentions both words only in its description, yet comes before the
    // armchair whose name and description say velvet three times.
    expect(names(page).slice(0, 2)).toEqual(["Velvet Sofa", "Ikoyi Bench"]);
    expect(sorted(names(page).slice(2))).toEqual(["Lekki Sofa", "Velvet Armchair"]);
    expect(page.total).toBe(4);
    expect(names(await search("sofaa%20velvt")).slice(0, 2)).toEqual(["Velvet Sofa", "Ikoyi Bench"]);
    // One typed term of two words still needs both.
    expect(names(await search("velvet-sofa"))).toEqual(["Velvet Sofa", "Ikoyi Bench"]);
  });

  it("pages through the ranking with exact totals and hasMore, whatever the page size", async () => {
    for (const query of ["velvet%20sofa", "velvet%20chair", "chair", "sofaa%20armchiar"]) {
      const all = await search(`${query}&limit=100`);
      expect(all.total, query).toBe(all.products.length);
      for (const limit of [1, 2, 3]) {
        const pages: ProductPage[] = [];
        for (let page = 1; page <= Math.ceil(all.total / limit); page += 1) {
          pages.push(await search(`${query}&limit=${limit}&page=${page}`));
        }
        expect(pages.flatMap(names), `${query} by ${limit}`).toEqual(names(all));
        expect(pages.every((page) => page.total === all.total)).toBe(true);
        expect(pages.map((page) => page.hasMore)).toEqual(pages.map((_, i) => i < pages.length - 1));
      }
      const past = await search(`${query}&limit=2&page=${Math.ceil(all.total / 2) + 1}`);
      expect(past).toEqual({ products: [], hasMore: false, total: all.total });
    }
  });

  it("still applies every filter exactly", async () => {
    expect(sorted(names(await search("chair&category=Armchair")))).toEqual(sorted([...ARMCHAIRS, "Oak Wingback"]));
    expect(sorted(names(await search("chair&category=Armchair&maxPrice=400000")))).toEqual([
      "Rattan Armchair",
      "Velvet Armchair",
    ]);
    const some = await search("velvet%20sofa&minPrice=500000");
    expect(names(some)).toEqual(["Velvet Sofa", "Lekki Sofa"]);
    expect(some.total).toBe(2);
    expect((await search("winbgack&category=Bedroom")).total).toBe(0);
  });

  it("keeps prefixes, case and accents", async () => {
    expect(names(await search("wardrob"))).toEqual(["Oak Sliding Wardrobe"]);
    expect(names(await search("BOUCLÉ"))).toEqual(["Bouclé Loveseat"]);
    expect(names(await search("boucle"))).toEqual(["Bouclé Loveseat"]);
    expect(collectionNames(await searchCollections("luonge"))).toEqual(["Royal Lounge"]);
  });

  it("finds nothing for a word the catalogue does not hold, and no near neighbours of a word it does", async () => {
    expect((await search("lamp")).total).toBe(0);
    expect((await search("zzqqxx")).total).toBe(0);
    // Not the sideboard, whose description says "stable" and "comfortable".
    expect(names(await search("table"))).toEqual(["Marble Coffee Table"]);
    // Short words are taken as typed.
    expect((await search("sfa")).total).toBe(0);
  });

  it("answers odd input with a page, never a server error", async () => {
    const odd = [
      "'",
      '"sofa"',
      "\\",
      "%",
      "_",
      "%_%",
      "sofa'--",
      "a:*|b",
      "!sofa & (velvet",
      "<->",
      "🛋️",
      "x".repeat(100),
      "é".repeat(100),
      "ab ".repeat(33),
      "שלום sofa",
    ];
    for (const text of odd) {
      const response = await t.app.inject({ method: "GET", url: `/api/products?search=${encodeURIComponent(text)}` });
      expect(response.statusCode, text).toBe(200);
    }
    expect(sorted(names(await search(encodeURIComponent("🛋️ sofa%"))))).toEqual([
      "Ikoyi Bench",
      "Lekki Sofa",
      "Velvet Sofa",
    ]);
    const tooLong = await t.app.inject({ method: "GET", url: `/api/products?search=${"x".repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it("follows the catalogue as products are saved, renamed and deleted", async () => {
    // Reads, and what a search's words stand for, are cached until PostgreSQL announces
    // a change, a moment after it is committed.
    const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
    expect((await search("hihgback")).total).toBe(0);
    const teak = await insertProduct(t.db, { name: "Teak Highback", category: "Armchair" });
    await soon(async () => expect(names(await search("hihgback"))).toEqual(["Teak Highback"]));
    await t.db.update(products).set({ name: "Teak Lowback" }).where(eq(products.id, teak.id));
    await soon(async () => expect((await search("hihgback")).total).toBe(0));
    expect(names(await search("lowbakc"))).toEqual(["Teak Lowback"]);
    await t.db.delete(products).where(eq(products.id, teak.id));
    await soon(async () => expect((await search("lowbakc")).total).toBe(0));
    // Words nothing uses any more leave the vocabulary; shared ones stay.
    const known = await t.db.select({ word: catalogWords.word }).from(catalogWords);
    expect(known.map((row) => row.word)).not.toContain("lowback");
    expect(known.map((row) => row.word)).toContain("armchair");
  });
});

describe("withinOneSlip", () => {
  it.each([
    ["wingback", "winbgack", true],
    ["sofa", "sofaa", true],
    ["wardrobe", "wardrbe", true],
    ["armchair", "armchiar", true],
    ["bouclé", "boucle", true],
    ["sofa", "sofa", true],
    ["abcd", "acdb", false],
    ["sofa", "soda pop", false],
    ["table", "stable!", false],
    ["ab", "ba", true],
    ["🛋️a", "🛋️b", true],
  ])("%s / %s → %s", (a, b, expected) => {
    expect(withinOneSlip(a, b)).toBe(expected);
    expect(withinOneSlip(b, a)).toBe(expected);
  });
});
