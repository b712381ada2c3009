/**
 * Swatch requests (docs/product.md, Swatches): a shopper asks for samples of up to four of
 * a product's finishes through POST /api/orders; the request is an order without a price
 * whose lines are the finishes, which the owner sends and marks delivered.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SWATCH_MESSAGES } from "../../../domain/orders/orders.schema";
import { adminCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { confirmShopEmail } from "../../../tests/support/shop-email";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { productOptions } from "../../db/schema/catalog";

const t = useTestApp();
// The shop hears of each order at its e-mail, once confirmed.
beforeAll(() => confirmShopEmail(t.app, t.db));
const DESK = "/api/admin/operations/orders";

let admin: string;
let table: { id: string; finishes: Record<string, string> };
let chair: { id: string; finishes: Record<string, string> };
let stool: { id: string };

/** A product offering these finishes, by name → option id. */
async function productWith(name: string, finishes: string[]) {
  const product = await insertProduct(t.db, { name, priceKobo: 620_000_00 });
  const rows = finishes.length
    ? await t.db
        .insert(productOptions)
        .values(finishes.map((finish, position) => ({ productId: product.id, position, name: finish })))
        .returning()
    : [];
  return { id: product.id, finishes: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}

beforeAll(async () => {
  admin = await adminCookie(t);
  table = await productWith("Iroko Dining Table", ["Walnut", "Natural Oak", "Ebony", "Teak", "Ash"]);
  chair = await productWith("Velvet Chair", ["Emerald velvet", "Blush velvet"]);
  stool = await insertProduct(t.db, { name: "Plain Stool" });
});

const desk = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${DESK}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
  });

/** The text of a wa.me link, as WhatsApp shows it. */
const whatsappText = (url: string) => decodeURIComponent(new URL(url).searchParams.get("text")!);

/** The shop's e-mail about a new order, once it is written (it is sent after the answer). */
async function newOrderMail(reference: string): Promise<string | null> {
  for (let tries = 0; tries < 50; tries += 1) {
    const files = await readdir(t.outboxDir);
    const mails = await Promise.all(files.map((file) => readFile(path.join(t.outboxDir, file), "utf8")));
    const found = mails
      .map((text) => text.replace(/=\r?\n/g, ""))
      .find((text) => text.includes(`order ${reference} on`));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function requestSwatches(browser: Browser, body: object) {
  return browser.call("POST", "/api/orders", { kind: "swatches", itemId: table.id, ...body });
}

describe("a swatch request", () => {
  it("records the finishes asked for as lines at ₦0, and opens WhatsApp with them, its reference and its link", async () => {
    const guest = new Browser(t.app);
    const placed = await requestSwatches(guest, {
      // Asked in any order: the lines follow the product's own order of finishes.
      options: [table.finishes.Ebony, table.finishes.Walnut],
      customer: { name: "Chidi", area: "Lekki Phase 1" },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, whatsappUrl, trackingUrl } = placed.json();
    expect(order).toMatchObject({
      kind: "swatches",
      status: "new",
      lines: [
        { name: "Swatch: Walnut — Iroko Dining Table", option: "Walnut", unitPrice: 0, quantity: 1 },
        { name: "Swatch: Ebony — Iroko Dining Table", option: "Ebony", unitPrice: 0, quantity: 1 },
      ],
      subtotal: 0,
      total: 0,
      depositDue: null,
      balance: 0,
      payTo: null,
    });
    expect(order.lines[0].url).toBe(`${TEST_SITE.PUBLIC_URL}/product/${table.id}?option=${table.finishes.Walnut}`);
    expect(whatsappUrl.startsWith(`https://wa.me/${TEST_SITE.WHATSAPP_NUMBER}?text=`)).toBe(true);
    expect(whatsappText(whatsappUrl)).toBe(
      [
        "Hello! I would like to request swatches of Iroko Dining Table in these finishes:",
        "",
        "- Walnut",
        "- Ebony",
        "",
        `${TEST_SITE.PUBLIC_URL}/product/${table.id}`,
        "",
        "Name: Chidi",
        "Area: Lekki Phase 1",
        "",
        `Order reference: ${order.reference}`,
        `Track your order: ${trackingUrl}`,
      ].join("\n"),
    );
    const text = whatsappText(whatsappUrl);
    expect(text).not.toContain("₦");
    // The shop's e-mail names the finishes too, without a total.
    const mail = await newOrderMail(order.reference);
    expect(mail).toContain("Swatches of Iroko Dining Table, 2 finishes:");
    expect(mail).toContain("- Walnut");
    expect(mail).not.toContain("Total:");

    // The tracking link reads the same finishes, and asks for nothing.
    const tracked = await guest.call("GET", new URL(trackingUrl).pathname.replace("/orders/t/", "/api/orders/track/"));
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({ kind: "swatches", total: 0, depositDue: null, payTo: null });
  });

  it("of one finish says so", async () => {
    const placed = await new Browser(t.app).call("POST", "/api/orders", {
      kind: "swatches",
      itemId: chair.id,
      options: [chair.finishes["Blush velvet"]],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(whatsappText(placed.json().whatsappUrl).split("\n").slice(0, 3)).toEqual([
      "Hello! I would like to request swatches of Velvet Chair in this finish:",
      "",
      "- Blush velvet",
    ]);
  });

  it("refuses none or more than 4 finishes, one named twice, another product's, an unknown product and a product without finishes", async () => {
    const guest = new Browser(t.app);
    const refused = async (body: object, message: string) => {
      const response = await guest.call("POST", "/api/orders", { kind: "swatches", itemId: table.id, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const { Walnut, Ebony, Teak, Ash } = table.finishes;
    await refused({ options: [] }, SWATCH_MESSAGES.count);
    await refused({}, SWATCH_MESSAGES.count);
    await refused({ options: Object.values(table.finishes) }, SWATCH_MESSAGES.count);
    await refused({ options: [Walnut, Ebony, Walnut] }, SWATCH_MESSAGES.distinct);
    await refused({ options: ["walnut"] }, SWATCH_MESSAGES.option);
    await refused({ options: [Walnut, chair.finishes["Emerald velvet"]] }, SWATCH_MESSAGES.notOffered);
    await refused({ itemId: "00000000-0000-4000-8000-000000000000", options: [Walnut] }, SWATCH_MESSAGES.product);
    await refused({ itemId: stool.id, options: [Walnut] }, SWATCH_MESSAGES.noFinishes);
    // Four is the most, and nothing was recorded by the refusals.
    const four = await guest.call("POST", "/api/orders", {
      kind: "swatches",
      itemId: table.id,
      options: [Walnut, Ebony, Teak, Ash],
    });
    expect(four.statusCode, four.body).toBe(201);
    expect(four.json().order.lines).toHaveLength(4);
  });

  it("is listed as its finishes, not an amount, and moves new → sent → delivered → closed, a fee owed without a deposit", async () => {
    const customer = new Browser(t.app);
    const placed = await requestSwatches(customer, {
      options: [table.finishes["Natural Oak"], table.finishes.Teak, table.finishes.Ash],
      customer: { name: "Swatch Lister" },
    });
    const { order, trackingUrl } = placed.json();

    const listed = await desk("GET", `?search=${order.reference}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().orders).toEqual([
      expect.objectContaining({
        kind: "swatches",
        summary: "Swatches of Iroko Dining Table: Natural Oak, Teak, Ash",
        swatches: 3,
        total: 0,
        balance: 0,
      }),
    ]);

    const opened = (await desk("GET", `/${order._id}`)).json();
    expect(opened).toMatchObject({ depositDue: 0, depositPercent: 0, total: 0 });
    expect(opened.nextStatuses).toEqual(["sent", "delivered", "closed", "cancelled"]);
    // No quote for a request without a price, and none of an order's steps.
    const quote = await desk("POST", `/${order._id}/quotes`, {
      lines: [{ name: "Walnut swatch", quantity: 1, unitPrice: 1000 }],
      validUntil: "2099-12-31",
    });
    expect(quote.statusCode, quote.body).toBe(409);
    expect(quote.json().message).toBe(SWATCH_MESSAGES.noQuote);
    const quoted = await desk("PUT", `/${order._id}`, { status: "quoted" });
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json().message).toContain("A swatch request has no price");

    // The owner may set a delivery fee: it is owed once the swatches are sent, with no deposit.
    const fee = await desk("PUT", `/${order._id}`, { fees: [{ label: "Delivery", amount: 2_500 }] });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json()).toMatchObject({ total: 2_500, depositDue: 0, balance: 2_500 });

    const sent = await desk("PUT", `/${order._id}`, { status: "sent" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().nextStatuses).toEqual(["delivered", "closed", "cancelled"]);
    const token = new URL(trackingUrl).pathname.split("/").pop()!;
    const tracked = (await customer.call("GET", `/api/orders/track/${token}`)).json();
    // A fee is owed as a balance; no deposit is ever asked, as a swatch request has no quote.
    expect(tracked).toMatchObject({ status: "sent", total: 2_500, balance: 2_500, depositDue: null });

    const paid = await desk("POST", `/${order._id}/payments`, { amount: 2_500, method: "transfer" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe("sent");
    const delivered = await desk("PUT", `/${order._id}`, { status: "delivered" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const closed = await desk("PUT", `/${order._id}`, { status: "closed" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(
      closed
        .json()
        .events.map((event: { status: string | null }) => event.status)
        .filter(Boolean),
    ).toEqual(["new", "sent", "delivered", "closed"]);
  });

  it("without a fee owes nothing at any step, and its items are not put back in a cart", async () => {
    const customer = new Browser(t.app);
    const { order, trackingUrl } = (await requestSwatches(customer, { options: [table.finishes.Walnut] })).json();
    for (const status of ["sent", "delivered"] as const) {
      const moved = await desk("PUT", `/${order._id}`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ status, total: 0, balance: 0, depositDue: 0 });
    }
    const [row] = (await desk("GET", `?search=${order.reference}`)).json().orders;
    expect(row).toMatchObject({ status: "delivered", total: 0, balance: 0, swatches: 1 });

    const token = new URL(trackingUrl).pathname.split("/").pop()!;
    const restored = await customer.call("POST", `/api/orders/track/${token}/restore-cart`);
    expect(restored.statusCode).toBe(409);
    expect(restored.json().message).toBe(SWATCH_MESSAGES.noCart);
    // An order of items never becomes "Sent".
    const item = await new Browser(t.app).call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: stool.id,
    });
    const itemSent = await desk("PUT", `/${item.json().order._id}`, { status: "sent" });
    expect(itemSent.statusCode).toBe(409);
    expect(itemSent.json().message).toBe('This order cannot be "Sent": only a swatch request is sent.');
  });
});
