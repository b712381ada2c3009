import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, customerCookie, freshAddress, imageDataUrl } from "../../../tests/support/admin-session";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { createTestApp, TEST_SITE, useTestApp, type TestApp } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { connectDatabase, type DatabaseConnection } from "../../db/client";
import { WEB_BUILD_DIR } from "../../web-build";
import { createMailer } from "../mail/mailer";
import type { FastifyInstance } from "fastify";

const t = useTestApp({ pages: true });
const URL_ = "/api/admin/operations/settings";

let admin: string;
beforeAll(async () => {
  admin = await adminCookie(t);
});

const put = (payload: object, cookie = admin) =>
  t.app.inject({ method: "PUT", url: URL_, payload, headers: { cookie, origin: TEST_SITE.PUBLIC_URL } });
const get = async (cookie = admin) => (await t.app.inject({ method: "GET", url: URL_, headers: { cookie } })).json();

/** The WhatsApp links on a page, as a shopper's browser would follow them. */
async function whatsappLinks(app: FastifyInstance, url: string, cookie?: string): Promise<string[]> {
  const page = await app.inject({ method: "GET", url, ...(cookie ? { headers: { cookie } } : {}) });
  expect(page.statusCode).toBe(200);
  return [...page.body.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

describe("the shop's settings", () => {
  it("start from the environment, and only an admin may read or change them", async () => {
    const settings = await get();
    expect(settings).toMatchObject({
      shopName: TEST_SITE.SHOP_NAME,
      whatsappNumber: TEST_SITE.WHATSAPP_NUMBER,
      email: TEST_SITE.SHOP_EMAIL,
      phone: "+2348000000000",
      hours: "24/7",
      heroImages: [],
      ecatalogImage: null,
    });
    expect(settings.services).toHaveLength(4);
    expect(settings.orderTerms.deposit).toBe("50% to 80%");

    expect((await t.app.inject({ method: "GET", url: URL_ })).statusCode).toBe(401);
    const customer = await customerCookie(t);
    expect((await t.app.inject({ method: "GET", url: URL_, headers: { cookie: customer } })).statusCode).toBe(403);
    expect((await put({ hours: "Never" }, customer)).statusCode).toBe(403);
    expect((await get()).hours).toBe("24/7");
  });

  it("save any subset, normalising numbers, and answer the settings as saved", async () => {
    const saved = await put({
      hours: "Mon–Sat, 9am–6pm",
      servicesWhatsappNumber: "0803 123 4567",
      phone: "(0803) 765-4321",
      socialLinks: [
        { label: "Facebook", url: "https://facebook.com/furnish" },
        { label: "", url: "" },
      ],
      orderTerms: { deposit: "60%", production: "4 weeks", shipping: "6 weeks", delivery: "Collect within a week." },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      hours: "Mon–Sat, 9am–6pm",
      servicesWhatsappNumber: "2348031234567",
      phone: "+2348037654321",
      socialLinks: [{ label: "Facebook", url: "https://facebook.com/furnish" }],
      shopName: TEST_SITE.SHOP_NAME,
    });
    expect(await get()).toEqual(saved.json());
  });

  it("refuse what breaks a rule with the field's message, and keep what was saved", async () => {
    const before = await get();
    const cases: Array<[object, string, string]> = [
      [{ whatsappNumber: "12345" }, "whatsappNumber", "Enter the WhatsApp number with its country code"],
      [{ instagramUrl: "http://instagram.com/x" }, "instagramUrl", "Links must start with https://."],
      [{ shopName: "  " }, "shopName", "Shop name is required."],
      [{ email: "not-an-address" }, "email", "Enter the e-mail address"],
      [{ services: [{ title: "Only one", text: "Service" }] }, "services", "Describe each of the 4 services."],
      [{ heroImages: Array.from({ length: 7 }, () => "data:image/png;base64,AAAA") }, "heroImages", "at most 6"],
      [{ hours: "x".repeat(81) }, "hours", "at most 80 characters"],
      [{ unknownField: 1 }, "", ""],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
      if (field) expect(Object.keys(response.json().errors ?? {}).some((key) => key.startsWith(field))).toBe(true);
    }
    expect(await get()).toEqual(before);
  });

  it("keep hero pictures in the order given, and remove those taken out", async () => {
    const [red, green] = await Promise.all([imageDataUrl("#aa2222"), imageDataUrl("#22aa22")]);
    const first = await put({ heroImages: [red, green], ecatalogImage: await imageDataUrl("#2222aa") });
    expect(first.statusCode, first.body).toBe(200);
    const [a, b] = first.json().heroImages as Array<{ public_id: string }>;
    expect(first.json().ecatalogImage).not.toBeNull();

    const swapped = await put({
      heroImages: [
        { url: "", public_id: b!.public_id },
        { url: "", public_id: a!.public_id },
      ],
    });
    expect(swapped.json().heroImages.map((image: { public_id: string }) => image.public_id)).toEqual([
      b!.public_id,
      a!.public_id,
    ]);

    const dropped = await put({ heroImages: [{ public_id: b!.public_id }], ecatalogImage: null });
    expect(dropped.json().heroImages).toHaveLength(1);
    expect(dropped.json().ecatalogImage).toBeNull();
    expect(existsSync(path.join(t.mediaDir, a!.public_id))).toBe(false);
    expect(existsSync(path.join(t.mediaDir, b!.public_id))).toBe(true);

    // The home page shows the owner's hero picture first.
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(home.body.indexOf(`/media/${b!.public_id}/`)).toBeGreaterThan(-1);
  });

  it("put a new WhatsApp number in the next order's WhatsApp link, the cart's and the pages' chat links, without a restart", async () => {
    const product = await insertProduct(t.db, { name: "Settings Sofa", priceKobo: 250_000_00 });
    const shopper = await t.app.inject({
      method: "PUT",
      url: "/api/cart/add",
      payload: { itemId: product.id, itemType: "Product" },
      headers: { origin: TEST_SITE.PUBLIC_URL },
      remoteAddress: freshAddress(),
    });
    expect(shopper.statusCode, shopper.body).toBe(200);
    const cookie = shopper.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const order = async (payload: object) => {
      const placed = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload,
        headers: { origin: TEST_SITE.PUBLIC_URL, cookie },
        remoteAddress: freshAddress(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<{ whatsappUrl: string }>().whatsappUrl;
    };

    // Read once, so the old settings are in the cache the save must empty.
    // The shop's chat link is in its bars (a product page leaves it to its own order bar).
    expect((await whatsappLinks(t.app, "/shop")).every((l) => l.includes("wa.me/2348012345678"))).toBe(true);
    expect((await put({ whatsappNumber: "+234 909 876 5432" })).statusCode).toBe(200);

    const pageLinks = await whatsappLinks(t.app, "/shop");
    expect(pageLinks.length).toBeGreaterThan(0);
    expect(pageLinks.every((link) => link.startsWith("https://wa.me/2349098765432?text="))).toBe(true);
    const itemOrder = await order({ kind: "item", itemType: "Product", itemId: product.id });
    expect(itemOrder.startsWith("https://wa.me/2349098765432?text=")).toBe(true);
    expect(itemOrder).toContain("Settings%20Sofa");
    const cartOrder = await order({ kind: "cart" });
    expect(cartOrder.startsWith("https://wa.me/2349098765432?text=")).toBe(true);
    expect(cartOrder).toContain("Settings%20Sofa");
  });
});

describe("a second instance on the same database", () => {
  let second: FastifyInstance;
  let mine: TestApp;
  let connection: DatabaseConnection;
  beforeAll(async () => {
    mine = await createTestApp();
    // Its own pool and its own listening connection, as another process would have.
    connection = connectDatabase(mine.url, { max: 2 });
    second = await buildApp({
      database: connection,
      env: TEST_SITE,
      mediaDir: mine.mediaDir,
      mailer: createMailer({ from: "x <x@furnish.test>", outboxDir: mine.outboxDir, log: { info: () => {} } }),
      web: { mode: "production", buildDir: WEB_BUILD_DIR },
    });
  });
  afterAll(async () => {
    await second?.close();
    await connection?.pool.end();
    await mine?.close();
  });

  it("shows a number saved on the first", async () => {
    const product = await insertProduct(mine.db, { name: "Shared Chair" });
    expect((await whatsappLinks(second, `/product/${product.id}`)).some((l) => l.includes("wa.me/2348012345678"))).toBe(
      true,
    );
    const saved = await mine.app.inject({
      method: "PUT",
      url: URL_,
      payload: { whatsappNumber: "08055554444" },
      headers: { cookie: await adminCookie(mine), origin: TEST_SITE.PUBLIC_URL },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The other instance learns of the change from PostgreSQL's notification, a moment after the commit.
    await expect
      .poll(async () =>
        (await whatsappLinks(second, `/product/${product.id}`)).some((l) => l.includes("wa.me/2348055554444")),
      )
      .toBe(true);
  });
});
