import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, customerCookie, staffCookie } from "../../../tests/support/admin-session";
import { Browser, BROWSER_PASSWORD } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { journalEntries } from "../../db/schema/journal";
import { orders } from "../../db/schema/orders";

const t = useTestApp({ pages: true });
const ADMIN = "/api/admin/operations/delivery";

const LEKKI = "lagos/eti-osa/lekki-phase-1";
const IKEJA_GRA = "lagos/ikeja/ikeja-gra";
const SURULERE = "lagos/surulere";
const AJAH = "lagos/eti-osa/ajah";

/** The prices the owner saves: three Lagos areas (one on request), a van and a truck, floors and installation. */
const PRICES = {
  mainAreaId: LEKKI,
  areas: [
    { id: LEKKI, enabled: true, fee: 30_000 },
    { id: SURULERE, enabled: true, fee: 20_000 },
    { id: IKEJA_GRA, enabled: true, fee: null },
    { id: AJAH, enabled: false, fee: 99_000 },
  ],
  fallback: "on_request",
  tiers: [
    { name: "Van", maxVolumeM3: 3, extraFee: 0 },
    { name: "Truck", maxVolumeM3: null, extraFee: 25_000 },
  ],
  floorFee: 5_000,
  installation: [{ category: "Wardrobe", fee: 40_000 }],
  defaultSizesCm: { Armchair: { width: 80, depth: 80, height: 90 } },
};

let owner: string;
let wardrobe: { id: string };
let chair: { id: string };
beforeAll(async () => {
  owner = await adminCookie(t);
  // 2.4 × 0.65 × 2.2 m: 3.4 m³, more than a van holds.
  wardrobe = await insertProduct(t.db, {
    name: "Tall Wardrobe",
    category: "Wardrobe",
    priceKobo: 1_200_000_00,
    widthCm: 240,
    depthCm: 65,
    heightCm: 220,
  });
  // No measurements: the owner's size for an armchair, 0.58 m³.
  chair = await insertProduct(t.db, { name: "Reading Chair", category: "Armchair", priceKobo: 150_000_00 });
  const saved = await put(PRICES);
  expect(saved.statusCode, saved.body).toBe(200);
});

const put = (payload: object, cookie = owner) =>
  t.app.inject({ method: "PUT", url: ADMIN, payload, headers: { cookie, origin: TEST_SITE.PUBLIC_URL } });
const get = (cookie = owner) => t.app.inject({ method: "GET", url: ADMIN, headers: { cookie } });
const quote = (payload: object, browser = new Browser(t.app)) => browser.call("POST", "/api/delivery/quote", payload);
/** A page's text as read on screen: its tags and React's text markers gone. */
const shown = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
const whatsappText = (url: string) => decodeURIComponent(new URL(url).searchParams.get("text")!);

describe("the owner's delivery prices", () => {
  it("are saved whole and read back in naira; areas turned off are dropped", async () => {
    const read = await get();
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      mainAreaId: LEKKI,
      areas: [
        { id: LEKKI, enabled: true, fee: 30_000 },
        { id: SURULERE, enabled: true, fee: 20_000 },
        { id: IKEJA_GRA, enabled: true, fee: null },
      ],
      fallback: "on_request",
      tiers: [
        { name: "Van", maxVolumeM3: 3, extraFee: 0 },
        { name: "Truck", maxVolumeM3: null, extraFee: 25_000 },
      ],
      floorFee: 5_000,
      installation: [{ category: "Wardrobe", fee: 40_000 }],
      defaultSizesCm: { Armchair: { width: 80, depth: 80, height: 90 } },
    });
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.action, "Delivery prices changed"));
    expect(entry?.changes.map((change) => change.field)).toContain("areas");
  });

  it("are read by Owner and Sales, changed by the Owner only", async () => {
    const sales = await staffCookie(t, ["sales"]);
    expect((await get(sales)).statusCode).toBe(200);
    const refused = await put({ ...PRICES, floorFee: 1 }, sales);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This needs the Owner role.");
    expect((await get(await staffCookie(t, ["workshop"]))).statusCode).toBe(403);
    expect((await get(await customerCookie(t))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: ADMIN })).statusCode).toBe(401);
    expect((await get()).json().floorFee).toBe(5_000);
  });

  it("refuse what breaks a rule, naming the field, and keep what was saved", async () => {
    const cases: Array<[object, string, RegExp]> = [
      [{ areas: [{ id: "lagos/atlantis", fee: 1 }] }, "areas.0.id", /We do not know the area "lagos\/atlantis"/],
      [{ areas: [{ id: "Lekki!", fee: 1 }] }, "areas.0.id", /Choose an area from the list/],
      [
        {
          tiers: [
            { name: "Truck", maxVolumeM3: null },
            { name: "Van", maxVolumeM3: 3 },
          ],
        },
        "tiers",
        /from the smallest load to the largest/,
      ],
      [{ floorFee: -5 }, "floorFee", /fee per floor/],
      // A fee, a main area or a load that may be blank is still named by its own message.
      [{ areas: [{ id: LEKKI, fee: "abc" }] }, "areas.0.fee", /Enter the fee in naira/],
      [{ tiers: [{ name: "Van", maxVolumeM3: "lots" }] }, "tiers.0.maxVolumeM3", /largest load in m³/],
      [{ mainAreaId: "Lekki!" }, "mainAreaId", /Choose an area from the list/],
      [{ mainAreaId: SURULERE, areas: [] }, "mainAreaId", /one of the areas you deliver to/],
      [{ installation: [{ fee: 100 }] }, "installation.0", /a category or a product/],
      [
        { defaultSizesCm: { Wardrobe: { width: 0, depth: 1, height: 1 } } },
        "defaultSizesCm.Wardrobe.width",
        /whole centimetres/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
    expect((await get()).json().areas).toHaveLength(3);
  });
});

describe("the areas", () => {
  it("list those delivered to with their fees, and find any known area by a search that forgives typos", async () => {
    const listed = (await new Browser(t.app).call("GET", "/api/delivery/areas")).json().areas;
    expect(listed.map((area: { id: string }) => area.id)).toEqual([LEKKI, SURULERE, IKEJA_GRA]);
    expect(listed[0]).toEqual({
      id: LEKKI,
      name: "Lekki Phase 1",
      state: "Lagos",
      lga: "Eti-Osa",
      fee: 30_000,
      onRequest: false,
    });

    const found = (await new Browser(t.app).call("GET", "/api/delivery/areas?search=lekki%20ph%201")).json().areas;
    expect(found[0]).toMatchObject({ id: LEKKI, fee: 30_000 });
    const typo = (await new Browser(t.app).call("GET", "/api/delivery/areas?search=surelere")).json().areas;
    expect(typo[0]).toMatchObject({ id: SURULERE, fee: 20_000, onRequest: false });
    // Known, but not delivered to: on request.
    const ajah = (await new Browser(t.app).call("GET", "/api/delivery/areas?search=ajah")).json().areas;
    expect(ajah[0]).toMatchObject({ id: AJAH, fee: null, onRequest: true });
  });

  it("are all listed for the owner's picker, by state", async () => {
    const all = (await new Browser(t.app).call("GET", "/api/delivery/areas/all")).json().areas as Array<{
      state: string;
    }>;
    expect(new Set(all.map((area) => area.state)).size).toBe(37);
    const lagos = (await new Browser(t.app).call("GET", "/api/delivery/areas/all?state=Lagos")).json().areas;
    expect(lagos.every((area: { state: string }) => area.state === "Lagos")).toBe(true);
    expect(lagos.map((area: { id: string }) => area.id)).toEqual(expect.arrayContaining([LEKKI, SURULERE]));
  });
});

describe("a delivery quote", () => {
  it("sizes the vehicle from the pieces, and adds floors without a lift and installation", async () => {
    const response = await quote({
      areaId: LEKKI,
      floor: 3,
      lift: false,
      installation: true,
      lines: [
        { itemType: "Product", itemId: wardrobe.id, quantity: 1 },
        { itemType: "Product", itemId: chair.id, quantity: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      area: { id: LEKKI, name: "Lekki Phase 1" },
      lines: [
        { label: "Delivery to Lekki Phase 1 (truck)", amount: 55_000 },
        { label: "Carrying to floor 3 (no lift)", amount: 15_000 },
        { label: "Installation", amount: 40_000 },
      ],
      vehicle: { name: "Truck", volumeM3: 4.6 },
      total: 110_000,
      onRequest: false,
      installationOffered: true,
    });

    const chairOnly = await quote({ areaId: LEKKI, lines: [{ itemType: "Product", itemId: chair.id, quantity: 1 }] });
    expect(chairOnly.json()).toMatchObject({
      lines: [{ label: "Delivery to Lekki Phase 1 (van)", amount: 30_000 }],
      vehicle: { name: "Van" },
      installationOffered: false,
    });
  });

  it("says on request for an area not priced, and refuses a bad floor with its message", async () => {
    const lines = [{ itemType: "Product", itemId: chair.id, quantity: 1 }];
    for (const areaId of [IKEJA_GRA, AJAH, "lagos/nowhere-at-all"]) {
      const response = await quote({ areaId, lines });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ onRequest: true, lines: [], total: 0 });
    }
    const refused = await quote({ areaId: LEKKI, floor: 51, lines });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Say the floor as a whole number: 0 for the ground floor, up to 50.");
  });

  it("prices the caller's cart when no lines are sent", async () => {
    const guest = new Browser(t.app);
    expect((await quote({ areaId: SURULERE }, guest)).json()).toMatchObject({ lines: [], total: 0 });
    const added = await guest.call("PUT", "/api/cart/add", { itemId: wardrobe.id, itemType: "Product", quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    expect((await quote({ areaId: SURULERE }, guest)).json()).toMatchObject({
      lines: [{ label: "Delivery to Surulere (truck)", amount: 45_000 }],
      total: 45_000,
    });
  });
});

describe("an order with a delivery", () => {
  it("records the lines the shopper saw as its fees, and its WhatsApp message carries them", async () => {
    const guest = new Browser(t.app);
    const placed = await guest.call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: wardrobe.id,
      delivery: { areaId: LEKKI, floor: 3, lift: false, installation: true },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, whatsappUrl } = placed.json();
    expect(order.fees).toEqual([
      { label: "Delivery to Lekki Phase 1 (truck)", amount: 55_000 },
      { label: "Carrying to floor 3 (no lift)", amount: 15_000 },
      { label: "Installation", amount: 40_000 },
    ]);
    expect(order.total).toBe(1_310_000);
    expect(order.delivery).toEqual({
      area: "Lekki Phase 1",
      floor: 3,
      lift: false,
      installation: true,
      vehicle: "Truck",
      onRequest: false,
    });
    const text = whatsappText(whatsappUrl);
    expect(text).toContain("Delivery to Lekki Phase 1 (truck): ₦55,000.00");
    expect(text).toContain("Carrying to floor 3 (no lift): ₦15,000.00");
    expect(text).toContain("Installation: ₦40,000.00");
    expect(text).toContain("Total with delivery: ₦1,310,000.00");
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.customerArea).toBe("Lekki Phase 1");
    expect(row?.delivery).toMatchObject({ areaId: LEKKI, floor: 3, lift: false, vehicle: "Truck", onRequest: false });

    // Whatever the owner changes later, the order keeps what the shopper was shown.
    expect((await put({ ...PRICES, floorFee: 9_000 })).statusCode).toBe(200);
    const tracked = await guest.call(
      "GET",
      `/api/orders/track/${new URL(placed.json().trackingUrl).pathname.split("/").at(-1)}`,
    );
    expect(tracked.json().fees[1]).toEqual({ label: "Carrying to floor 3 (no lift)", amount: 15_000 });
    expect((await put(PRICES)).statusCode).toBe(200);
  });

  it("says on request where the shop prices the delivery itself", async () => {
    const placed = await new Browser(t.app).call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: chair.id,
      delivery: { areaId: AJAH },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.fees).toEqual([]);
    expect(placed.json().order.delivery).toMatchObject({ area: "Ajah", onRequest: true });
    expect(whatsappText(placed.json().whatsappUrl)).toContain("Delivery to Ajah: price on request");
  });
});

describe("the shopper's pages", () => {
  it("remember the area chosen on /delivery, and show the delivery on the product, the cart and the order sheet", async () => {
    const shopper = new Browser(t.app);
    const before = await shopper.call("GET", `/product/${wardrobe.id}`);
    expect(before.body).toContain("choose your area");

    const search = await shopper.call("GET", "/delivery?search=lekki%20phase%20one&back=/cart");
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain("Lekki Phase 1");

    const chosen = await shopper.form("/delivery", { areaId: LEKKI, back: `/product/${wardrobe.id}` });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(`/product/${wardrobe.id}`);

    const product = await shopper.call("GET", `/product/${wardrobe.id}`);
    expect(shown(product.body)).toContain("Delivery to Lekki Phase 1: ₦55,000.00 (truck)");

    await shopper.call("PUT", "/api/cart/add", { itemId: chair.id, itemType: "Product", quantity: 1 });
    const details = await shopper.form("/delivery", { intent: "details", floor: "2", back: "/cart" });
    expect(details.statusCode).toBe(303);
    const cart = await shopper.call("GET", "/cart");
    expect(shown(cart.body)).toContain("Delivery to Lekki Phase 1 (van)₦30,000.00");
    expect(shown(cart.body)).toContain("Carrying to floor 2 (no lift)");
    const sheet = await shopper.call("GET", "/order?kind=cart");
    expect(shown(sheet.body)).toContain("Carrying to floor 2 (no lift)");
  });
});

describe("a customer's choice", () => {
  it("follows them to their other devices, and the device's own choice comes first", async () => {
    const phone = new Browser(t.app);
    const email = await phone.signUp("Ngozi");
    expect((await phone.form("/delivery", { areaId: SURULERE, back: "/cart" })).statusCode).toBe(303);

    const laptop = new Browser(t.app);
    const login = await laptop.call("POST", "/api/auth/login", { email, password: BROWSER_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const page = await laptop.call("GET", "/delivery?back=/cart");
    expect(shown(page.body)).toContain("Now delivering to Surulere");

    expect((await laptop.form("/delivery", { areaId: LEKKI, back: "/cart" })).statusCode).toBe(303);
    // The phone keeps what it chose; a new device of theirs starts from the latest choice.
    expect(shown((await phone.call("GET", "/delivery")).body)).toContain("Now delivering to Surulere");
    const tablet = new Browser(t.app);
    await tablet.call("POST", "/api/auth/login", { email, password: BROWSER_PASSWORD });
    expect(shown((await tablet.call("GET", "/delivery")).body)).toContain("Now delivering to Lekki Phase 1");
  });
});

describe("search engines and feeds", () => {
  /** The product's JSON-LD, as a search engine reads it from the page. */
  async function productLd(id: string) {
    const page = await new Browser(t.app).call("GET", `/product/${id}`);
    const blocks = [...page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    const all = blocks.map((block) => JSON.parse(block[1]!) as { "@type": string; offers?: Record<string, unknown> });
    return all.find((block) => block["@type"] === "Product" || block["@type"] === "ProductGroup")!;
  }

  it("give a product's offer its delivery to the main area, with handling and transit times", async () => {
    const ld = await productLd(wardrobe.id);
    expect(ld.offers?.shippingDetails).toEqual({
      "@type": "OfferShippingDetails",
      shippingLabel: "Delivery to Lekki Phase 1",
      shippingRate: { "@type": "MonetaryAmount", value: "55000.00", currency: "NGN" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "NG", addressRegion: "LA" },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 2, unitCode: "DAY" },
        transitTime: { "@type": "QuantitativeValue", minValue: 1, maxValue: 3, unitCode: "DAY" },
      },
    });
  });

  it("give each piece of the Google feed a rate for every area priced, the main area first", async () => {
    const feed = await new Browser(t.app).call("GET", "/feeds/google.xml");
    expect(feed.statusCode).toBe(200);
    const item = feed.body.split("<item>").find((part) => part.includes(`<g:id>${wardrobe.id}</g:id>`))!;
    const rates = [...item.matchAll(/<g:shipping>([\s\S]*?)<\/g:shipping>/g)].map((match) => match[1]);
    expect(rates).toEqual([
      "<g:country>NG</g:country><g:region>LA</g:region><g:service>Delivery to Lekki Phase 1</g:service><g:price>55000.00 NGN</g:price>",
      "<g:country>NG</g:country><g:region>LA</g:region><g:service>Delivery to Surulere</g:service><g:price>45000.00 NGN</g:price>",
    ]);
  });
});
