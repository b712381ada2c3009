import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CONSENT_COOKIE } from "../../../domain/cookie-consent";
import { ITEM_ID_INVALID } from "../../../domain/shopping-lists.schema";
import { Browser, BROWSER_PASSWORD } from "../../../tests/support/api-browser";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { users } from "../../db/schema/accounts";
import { carts, wishlists } from "../../db/schema/shopping-lists";
import { productOptions, products } from "../../db/schema/catalog";
import { NEW_GUEST_LIST_RATE_LIMIT } from "../../plugins/rate-limits";
import { upsertAdmin } from "../accounts/admins.service";
import { addCartItem, getCart } from "./carts.service";
import { deleteStaleGuestLists, mergeGuestLists } from "./guest-lists.service";
import { GUEST_COOKIE, guestKeyHash } from "./list-owners";
import { addWishlistItem } from "./wishlists.service";

const t = useTestApp();
const PASSWORD = BROWSER_PASSWORD;

let sofa: { id: string };
let chair: { id: string };
let soldLamp: { id: string };
let lounge: { id: string };
beforeAll(async () => {
  const image = await makeImage(t.db, t.mediaDir);
  sofa = await insertProduct(t.db, { name: "Velvet Sofa", priceKobo: 450_000_00, images: [image] });
  chair = await insertProduct(t.db, {
    name: "Accent Chair",
    priceKobo: 120_000_00,
    isPromo: true,
    discountedPriceKobo: 99_000_00,
  });
  soldLamp = await insertProduct(t.db, { name: "Brass Lamp", sold: true });
  lounge = await insertCollection(t.db, { name: "Lagos Lounge", priceKobo: 900_000_00 });
});

describe("cart", () => {
  it("changes and removes a line of a product with finishes when the client names no finish, as add took it", async () => {
    const bench = await insertProduct(t.db, { name: "Finished Bench", priceKobo: 80_000_00 });
    const [walnut] = await t.db
      .insert(productOptions)
      .values([
        { productId: bench.id, position: 0, name: "Walnut", mediaId: null },
        { productId: bench.id, position: 1, name: "Oak", mediaId: null },
      ])
      .returning({ id: productOptions.id });
    const browser = new Browser(t.app);
    const item = { itemId: bench.id, itemType: "Product" };
    expect((await browser.call("PUT", "/api/cart/add", item)).json().items).toMatchObject([
      { item: bench.id, option: walnut!.id, quantity: 1 },
    ]);
    const set = await browser.call("PUT", "/api/cart/updatequantity", { ...item, quantity: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().items).toMatchObject([{ item: bench.id, option: walnut!.id, quantity: 3 }]);
    const removed = await browser.call("PUT", "/api/cart/remove", item);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().items).toEqual([]);
  });

  it("adds, adds again (quantities add up), sets quantities, removes below 1, and clears", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    expect(await browser.items("/api/cart")).toEqual([]);

    const first = await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toEqual([
      { _id: expect.any(String), item: sofa.id, itemType: "Product", option: null, quantity: 1 },
    ]);

    await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 2 });
    const withCollection = await browser.call("PUT", "/api/cart/add", { itemId: lounge.id, itemType: "Collection" });
    expect(withCollection.json().items).toMatchObject([
      { item: sofa.id, quantity: 3 },
      { item: lounge.id, itemType: "Collection", quantity: 1 },
    ]);

    const set = await browser.call("PUT", "/api/cart/updatequantity", {
      itemId: sofa.id,
      itemType: "Product",
      quantity: 5,
    });
    expect(set.json().items[0]).toMatchObject({ item: sofa.id, quantity: 5 });

    const removed = await browser.call("PUT", "/api/cart/updatequantity", {
      itemId: sofa.id,
      itemType: "Product",
      quantity: 0,
    });
    expect(removed.json().items).toMatchObject([{ item: lounge.id }]);

    const missing = await browser.call("PUT", "/api/cart/updatequantity", {
      itemId: sofa.id,
      itemType: "Product",
      quantity: 2,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Item not found in cart." });

    const gone = await browser.call("PUT", "/api/cart/remove", { itemId: lounge.id, itemType: "Collection" });
    expect(gone.json().items).toEqual([]);

    await browser.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" });
    const cleared = await browser.call("DELETE", "/api/cart/clear");
    expect(cleared.json()).toEqual({ items: [] });
    expect(await browser.items("/api/cart")).toEqual([]);
  });

  it("answers the shop's messages for a missing item type, and refuses bad quantities, unknown and sold items", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    const cases: [string, string, object, string][] = [
      ["PUT", "/api/cart/add", { itemId: sofa.id }, "Item type (Product/Collection) is required to add to cart."],
      [
        "PUT",
        "/api/cart/remove",
        { itemId: sofa.id },
        "Item type (Product/Collection) is required to remove from cart.",
      ],
      [
        "PUT",
        "/api/cart/updatequantity",
        { itemId: sofa.id, quantity: 2 },
        "Item type (Product/Collection) is required to update the cart.",
      ],
      [
        "PUT",
        "/api/wishlist/add",
        { itemId: sofa.id, itemType: "Sofa" },
        "Item type (Product/Collection) is required to add to wishlist.",
      ],
      [
        "PUT",
        "/api/wishlist/remove",
        { itemId: sofa.id },
        "Item type (Product/Collection) is required to remove from wishlist.",
      ],
      [
        "PUT",
        "/api/cart/add",
        { itemId: sofa.id, itemType: "Product", quantity: 1.5 },
        "Quantity must be a whole number from 1 to 999.",
      ],
      [
        "PUT",
        "/api/cart/add",
        { itemId: sofa.id, itemType: "Product", quantity: 1000 },
        "Quantity must be a whole number from 1 to 999.",
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const response = await browser.call(method as Parameters<Browser["call"]>[0], url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }

    const unknown = await browser.call("PUT", "/api/cart/add", {
      itemId: "00000000-0000-4000-8000-000000000000",
      itemType: "Product",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Product not found." });
    // A product id is not a collection id.
    const wrongType = await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Collection" });
    expect(wrongType.json()).toEqual({ message: "Collection not found." });
    const sold = await browser.call("PUT", "/api/cart/add", { itemId: soldLamp.id, itemType: "Product" });
    expect(sold.statusCode).toBe(409);
    expect(await browser.items("/api/cart")).toEqual([]);
  });

  it("caps a line at 999", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 990 });
    const capped = await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 20 });
    expect(capped.json().items[0].quantity).toBe(999);
  });

  it("counts 50 concurrent +1s on one line exactly once each", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product", quantity: 1 }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await browser.items("/api/cart")).toMatchObject([{ item: chair.id, quantity: 50 }]);
  });
});

describe("owners", () => {
  it("gives a guest a server cart on their first change, kept by their httpOnly cookie for as long as their cookie choice allows", async () => {
    const guest = new Browser(t.app);
    expect(await guest.items("/api/cart")).toEqual([]);
    expect(guest.cookies.has(GUEST_COOKIE)).toBe(false);

    // Not chosen yet: a session cookie (no Max-Age), so the cart lasts the session.
    const added = await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    const cookie = added.cookies.find((c) => c.name === GUEST_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.value).toMatch(/^[\w-]{22}$/);
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    expect(await guest.items("/api/cart")).toMatchObject([{ item: sofa.id }]);

    // Declined: still a session cookie. Accepted: kept for 30 days.
    guest.cookies.set(CONSENT_COOKIE, "declined");
    const declined = await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    expect(declined.cookies.find((c) => c.name === GUEST_COOKIE)?.maxAge).toBeUndefined();
    guest.cookies.set(CONSENT_COOKIE, "accepted");
    const accepted = await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    expect(accepted.cookies.find((c) => c.name === GUEST_COOKIE)).toMatchObject({
      value: cookie.value,
      maxAge: 30 * 86_400,
    });

    // Only the key's hash is stored.
    const rows = await t.db.select().from(carts);
    expect(rows.some((row) => row.guestKeyHash === cookie.value)).toBe(false);

    // A stranger with another (or a made-up) key sees nothing of it.
    const stranger = new Browser(t.app);
    stranger.cookies.set(GUEST_COOKIE, "A".repeat(22));
    expect(await stranger.items("/api/cart")).toEqual([]);
    await stranger.call("DELETE", "/api/cart/clear");
    expect(await guest.items("/api/cart")).toHaveLength(1);
  });

  it("ignores an anonymousId the server never issued: no list is made or read under it, and a fresh key is issued", async () => {
    const inventor = new Browser(t.app);
    const madeUp = "MadeUpByTheClient00000";
    inventor.cookies.set(GUEST_COOKIE, madeUp);
    expect(await inventor.items("/api/wishlist")).toEqual([]);
    const cleared = await inventor.call("DELETE", "/api/cart/clear");
    expect(cleared.json()).toEqual({ items: [] });
    expect(cleared.cookies.find((c) => c.name === GUEST_COOKIE)).toBeUndefined();

    const added = await inventor.call("PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" });
    expect(added.statusCode).toBe(200);
    const issued = added.cookies.find((c) => c.name === GUEST_COOKIE)!.value;
    expect(issued).toMatch(/^[\w-]{22}$/);
    expect(issued).not.toBe(madeUp);
    for (const table of [carts, wishlists]) {
      expect(await t.db.$count(table, eq(table.guestKeyHash, guestKeyHash(madeUp)))).toBe(0);
    }
    // The made-up key still reads nothing; the issued one reads the line, and keeps working.
    const stillMadeUp = new Browser(t.app);
    stillMadeUp.cookies.set(GUEST_COOKIE, madeUp);
    expect(await stillMadeUp.items("/api/wishlist")).toEqual([]);
    expect(await inventor.items("/api/wishlist")).toMatchObject([{ item: sofa.id }]);
    const second = await inventor.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" });
    expect(second.cookies.find((c) => c.name === GUEST_COOKIE)!.value).toBe(issued);
    expect(await inventor.items("/api/cart")).toMatchObject([{ item: chair.id }]);
  });

  it("keeps each account's lines to itself", async () => {
    const ada = new Browser(t.app);
    const bola = new Browser(t.app);
    await ada.signUp();
    await bola.signUp();
    await ada.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    await ada.call("PUT", "/api/wishlist/add", { itemId: chair.id, itemType: "Product" });
    expect(await bola.items("/api/cart")).toEqual([]);
    expect(await bola.items("/api/wishlist")).toEqual([]);
    const removed = await bola.call("PUT", "/api/cart/remove", { itemId: sofa.id, itemType: "Product" });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ items: [] });
    const cleared = await bola.call("DELETE", "/api/wishlist/clear");
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ items: [] });
    expect(await ada.items("/api/cart")).toHaveLength(1);
    expect(await ada.items("/api/wishlist")).toHaveLength(1);
  });

  it("refuses admins: they have no cart or wishlist", async () => {
    await upsertAdmin(t.db, { email: "owner@furnish.test", password: "0wnerPassword" });
    const admin = new Browser(t.app);
    await admin.call("POST", "/api/admin/login", { email: "owner@furnish.test", password: "0wnerPassword" });
    for (const [method, url, body] of [
      ["GET", "/api/cart", undefined],
      ["PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" }],
      ["GET", "/api/wishlist", undefined],
      ["PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" }],
    ] as const) {
      const response = await admin.call(method, url, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: "Administrators have no cart or wishlist." });
    }
  });

  it("moves a guest's lines into the account on sign-up and on login, adding quantities", async () => {
    const guest = new Browser(t.app);
    await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 2 });
    await guest.call("PUT", "/api/wishlist/add", { itemId: lounge.id, itemType: "Collection" });
    const email = await guest.signUp();
    expect(guest.cookies.has(GUEST_COOKIE)).toBe(false);
    expect(await guest.items("/api/cart")).toMatchObject([{ item: sofa.id, quantity: 2 }]);
    expect(await guest.items("/api/wishlist")).toMatchObject([{ item: lounge.id, itemType: "Collection" }]);

    // Later, on another phone, as a guest again, then logging in.
    const phone = new Browser(t.app);
    await phone.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 3 });
    await phone.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" });
    await phone.call("PUT", "/api/wishlist/add", { itemId: lounge.id, itemType: "Collection" });
    const guestRowsBefore = (await t.db.select().from(carts)).filter((c) => c.guestKeyHash).length;
    const login = await phone.call("POST", "/api/auth/login", { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(await phone.items("/api/cart")).toMatchObject([
      { item: sofa.id, quantity: 5 },
      { item: chair.id, quantity: 1 },
    ]);
    expect(await phone.items("/api/wishlist")).toHaveLength(1);
    // The guest copies are gone.
    expect((await t.db.select().from(carts)).filter((c) => c.guestKeyHash).length).toBe(guestRowsBefore - 1);
  });

  it("sweeps guest lists unused for 30 days, and keeps accounts' lists", async () => {
    const guest = new Browser(t.app);
    await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    await guest.call("PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" });
    const member = new Browser(t.app);
    await member.signUp();
    await member.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    const old = new Date(Date.now() - 31 * 86_400_000);
    await t.db.update(carts).set({ lastUsedAt: old });
    await t.db.update(wishlists).set({ lastUsedAt: old });
    await deleteStaleGuestLists(t.db);
    expect(await guest.items("/api/cart")).toEqual([]);
    expect(await guest.items("/api/wishlist")).toEqual([]);
    expect(await member.items("/api/cart")).toHaveLength(1);
  });
});

describe("wishlist", () => {
  it("adds once, says so when the item is already there, removes and clears", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    const added = await browser.call("PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" });
    expect(added.json()).toEqual({
      items: [{ _id: expect.any(String), item: sofa.id, itemType: "Product", option: null }],
    });
    const again = await browser.call("PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" });
    expect(again.json()).toMatchObject({ message: "Item already in wishlist.", items: [{ item: sofa.id }] });
    await browser.call("PUT", "/api/wishlist/add", { itemId: lounge.id, itemType: "Collection" });
    const removed = await browser.call("PUT", "/api/wishlist/remove", { itemId: sofa.id, itemType: "Product" });
    expect(removed.json().items).toMatchObject([{ item: lounge.id }]);
    expect((await browser.call("DELETE", "/api/wishlist/clear")).json()).toEqual({ items: [] });
  });
});

describe("item lookups", () => {
  it("says which items still exist, and gives their current names, prices and pictures", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const existence = await new Browser(t.app).call("POST", "/api/cart/check-existence", {
      productIds: [sofa.id, missing, "not-an-id"],
      collectionIds: [lounge.id, missing],
    });
    expect(existence.json()).toEqual({ existingProductIds: [sofa.id], existingCollectionIds: [lounge.id] });

    const details = await new Browser(t.app).call("POST", "/api/cart/details-by-ids", {
      productIds: [sofa.id, chair.id, missing],
      collectionIds: [lounge.id],
    });
    const body = details.json();
    const byName = Object.fromEntries(body.products.map((p: { name: string }) => [p.name, p]));
    expect(byName["Velvet Sofa"]).toMatchObject({ _id: sofa.id, price: 450000, isPromo: false, discountedPrice: null });
    expect(byName["Velvet Sofa"].images[0].url).toMatch(/^\/media\//);
    expect(byName["Accent Chair"]).toMatchObject({ price: 120000, isPromo: true, discountedPrice: 99000 });
    expect(body.products).toHaveLength(2);
    expect(body.collections).toMatchObject([{ _id: lounge.id, name: "Lagos Lounge", price: 900000 }]);

    const tooMany = await new Browser(t.app).call("POST", "/api/cart/details-by-ids", {
      productIds: Array.from({ length: 501 }, () => missing),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("drops an item deleted from the catalogue from every cart and wishlist", async () => {
    const doomed = await insertProduct(t.db, { name: "Doomed Stool" });
    const browser = new Browser(t.app);
    await browser.signUp();
    await browser.call("PUT", "/api/cart/add", { itemId: doomed.id, itemType: "Product" });
    await browser.call("PUT", "/api/wishlist/add", { itemId: doomed.id, itemType: "Product" });
    await t.db.delete(products).where(eq(products.id, doomed.id));
    expect(await browser.items("/api/cart")).toEqual([]);
    expect(await browser.items("/api/wishlist")).toEqual([]);
  });
});

describe("item ids that are not ids", () => {
  it("are refused with 400 on every cart and wishlist change, leaving the lists as they were", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 2 });
    await browser.call("PUT", "/api/wishlist/add", { itemId: lounge.id, itemType: "Collection" });
    const cartBefore = await browser.items("/api/cart");
    const wishlistBefore = await browser.items("/api/wishlist");

    for (const [method, url, body] of [
      ["PUT", "/api/cart/remove", { itemId: "x", itemType: "Product" }],
      ["PUT", "/api/cart/updatequantity", { itemId: "not-a-uuid", itemType: "Product", quantity: 3 }],
      ["PUT", "/api/cart/updatequantity", { itemId: `${sofa.id}\u0000`, itemType: "Product", quantity: 0 }],
      ["PUT", "/api/wishlist/remove", { itemId: "12345", itemType: "Collection" }],
      ["PUT", "/api/cart/add", { itemId: "x", itemType: "Product" }],
      ["PUT", "/api/wishlist/add", { itemId: "x", itemType: "Collection" }],
    ] as const) {
      const response = await browser.call(method, url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: ITEM_ID_INVALID, errors: { itemId: ITEM_ID_INVALID } });
    }
    expect(await browser.items("/api/cart")).toEqual(cartBefore);
    expect(await browser.items("/api/wishlist")).toEqual(wishlistBefore);
  });
});

describe("races", () => {
  it("answers 404 when the item is deleted between the check and the write", async () => {
    const browser = new Browser(t.app);
    await browser.signUp();
    const [user] = await t.db.select({ id: users.id }).from(users).orderBy(users.createdAt).limit(1);
    const owner = { userId: user!.id };
    const gone = await insertProduct(t.db, { name: "Sold a moment ago" });
    await t.db.delete(products).where(eq(products.id, gone.id));
    // What the routes call once requireAddable has passed.
    await expect(addCartItem(t.db, owner, { itemType: "Product", itemId: gone.id, quantity: 1 })).rejects.toMatchObject(
      { statusCode: 404, message: "Product not found." },
    );
    await expect(addWishlistItem(t.db, owner, { itemType: "Collection", itemId: gone.id })).rejects.toMatchObject({
      statusCode: 404,
      message: "Collection not found.",
    });
  });

  it("adds a guest's cart into the account once when two sign-ins merge it at the same time", async () => {
    const email = await new Browser(t.app).signUp();
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    for (let round = 0; round < 5; round += 1) {
      const guest = new Browser(t.app);
      await guest.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product", quantity: 2 });
      await guest.call("PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" });
      const hash = guestKeyHash(guest.cookies.get(GUEST_COOKIE)!);
      const merged = await Promise.all([mergeGuestLists(t.db, hash, user!.id), mergeGuestLists(t.db, hash, user!.id)]);
      expect(merged.sort()).toEqual([false, true]);
      expect(await getCart(t.db, { userId: user!.id })).toMatchObject([{ item: chair.id, quantity: 2 * (round + 1) }]);
    }
  });
});

describe("guest lists", () => {
  it("record a guest's visit at most once an hour, and leave accounts' lists alone", async () => {
    const guest = new Browser(t.app);
    await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    const hash = guestKeyHash(guest.cookies.get(GUEST_COOKIE)!);
    const lastUsed = async () =>
      (await t.db.select().from(carts).where(eq(carts.guestKeyHash, hash)))[0]!.lastUsedAt.getTime();

    const halfAnHourAgo = new Date(Date.now() - 30 * 60_000);
    await t.db.update(carts).set({ lastUsedAt: halfAnHourAgo }).where(eq(carts.guestKeyHash, hash));
    expect(await guest.items("/api/cart")).toHaveLength(1);
    expect(await lastUsed()).toBe(halfAnHourAgo.getTime());

    await t.db
      .update(carts)
      .set({ lastUsedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(carts.guestKeyHash, hash));
    expect(await guest.items("/api/cart")).toHaveLength(1);
    expect(Date.now() - (await lastUsed())).toBeLessThan(60_000);

    const member = new Browser(t.app);
    const email = await member.signUp();
    await member.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const longAgo = new Date(Date.now() - 10 * 86_400_000);
    await t.db.update(carts).set({ lastUsedAt: longAgo }).where(eq(carts.userId, user!.id));
    expect(await member.items("/api/cart")).toHaveLength(1);
    const [row] = await t.db.select().from(carts).where(eq(carts.userId, user!.id));
    expect(row!.lastUsedAt.getTime()).toBe(longAgo.getTime());
  });

  it("are limited per address when new ones are made; existing guests and accounts there carry on", async () => {
    const address = "10.77.0.1";
    const regular = new Browser(t.app, address);
    await regular.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product" });
    await regular.call("PUT", "/api/wishlist/add", { itemId: sofa.id, itemType: "Product" });
    const member = new Browser(t.app, "10.77.0.2");
    await member.signUp();
    const memberHere = new Browser(t.app, address);
    memberHere.cookies = member.cookies;

    const rowsBefore = await t.db.$count(carts);
    for (let i = 2; i < NEW_GUEST_LIST_RATE_LIMIT.max; i += 1) {
      const response = await new Browser(t.app, address).call("PUT", "/api/cart/add", {
        itemId: chair.id,
        itemType: "Product",
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await new Browser(t.app, address).call("PUT", "/api/cart/add", {
      itemId: chair.id,
      itemType: "Product",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many new carts from this network\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.cookies.find((c) => c.name === GUEST_COOKIE)).toBeUndefined();
    expect(await t.db.$count(carts)).toBe(rowsBefore + NEW_GUEST_LIST_RATE_LIMIT.max - 2);

    // A guest whose lists exist, and a signed-in customer, make no new guest list.
    const again = await regular.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" });
    expect(again.statusCode).toBe(200);
    expect((await regular.call("PUT", "/api/wishlist/add", { itemId: chair.id, itemType: "Product" })).statusCode).toBe(
      200,
    );
    expect((await memberHere.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" })).statusCode).toBe(
      200,
    );
    // Another address is not held back.
    expect(
      (await new Browser(t.app, "10.77.0.3").call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" }))
        .statusCode,
    ).toBe(200);
  });

  it("are counted per /64 for IPv6, whose every phone or home holds a whole /64", async () => {
    const fromPhone = (i: number) => new Browser(t.app, `2001:db8:77:1:${(i + 1).toString(16)}::1`);
    for (let i = 0; i < NEW_GUEST_LIST_RATE_LIMIT.max; i += 1) {
      const response = await fromPhone(i).call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" });
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await fromPhone(NEW_GUEST_LIST_RATE_LIMIT.max).call("PUT", "/api/cart/add", {
      itemId: chair.id,
      itemType: "Product",
    });
    expect(refused.statusCode).toBe(429);
    // The next /64 is someone else.
    const neighbour = new Browser(t.app, "2001:db8:77:2::1");
    expect((await neighbour.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product" })).statusCode).toBe(
      200,
    );
  });
});
