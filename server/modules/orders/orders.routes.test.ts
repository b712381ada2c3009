import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_ALPHABET } from "../../../domain/orders/order-reference";
import { adminCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { confirmShopEmail } from "../../../tests/support/shop-email";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { GUEST_COOKIE } from "../carts/list-owners";
import { QUOTE_SENT_MESSAGE } from "./order-desk.service";

const t = useTestApp();
const DESK = "/api/admin/operations/orders";

let admin: string;
let sofa: { id: string };
let chair: { id: string };
let lounge: { id: string };
let soldLamp: { id: string };
beforeAll(async () => {
  admin = await adminCookie(t);
  sofa = await insertProduct(t.db, { name: "Velvet Sofa", priceKobo: 450_000_00 });
  chair = await insertProduct(t.db, {
    name: "Accent Chair",
    priceKobo: 120_000_00,
    isPromo: true,
    discountedPriceKobo: 99_999_99,
  });
  lounge = await insertCollection(t.db, { name: "Lagos Lounge", priceKobo: 900_000_00 });
  soldLamp = await insertProduct(t.db, { name: "Brass Lamp", sold: true });
});

const desk = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${DESK}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
  });

/** The text of a wa.me link, as WhatsApp shows it. */
const whatsappText = (url: string) => decodeURIComponent(new URL(url).searchParams.get("text")!);

async function orderItem(browser: Browser, itemId: string, extra: object = {}) {
  const response = await browser.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ order: { _id: string; reference: string }; whatsappUrl: string; trackingUrl: string }>();
}

describe("placing an order", () => {
  it("records an item's order, then opens WhatsApp with the order message, what the shopper typed, its reference and its tracking link", async () => {
    const guest = new Browser(t.app);
    const placed = await orderItem(guest, chair.id, {
      quantity: 2,
      customer: { name: "Chidi", area: "Lekki", note: "Please call after 5pm." },
    });

    expect(placed.order).toMatchObject({
      kind: "item",
      status: "new",
      lines: [{ name: "Accent Chair", unitPrice: 99_999.99, quantity: 2, inCatalogue: true, itemType: "Product" }],
      subtotal: 199_999.98,
      total: 199_999.98,
    });
    expect(placed.order.reference).toMatch(new RegExp(`^FN-[${REFERENCE_ALPHABET}]{5}$`));
    expect(placed.order.reference).not.toMatch(/[01OI]/);
    expect(placed.whatsappUrl.startsWith(`https://wa.me/${TEST_SITE.WHATSAPP_NUMBER}?text=`)).toBe(true);
    const text = whatsappText(placed.whatsappUrl);
    expect(text).toBe(
      [
        "Hello! I would like to order this item:",
        "",
        "Accent Chair",
        "Availability: In stock, ready now",
        "Price: ₦99,999.99",
        `${TEST_SITE.PUBLIC_URL}/product/${chair.id}`,
        "",
        "Name: Chidi",
        "Area: Lekki",
        "Note: Please call after 5pm.",
        "",
        `Order reference: ${placed.order.reference}`,
        `Track your order: ${placed.trackingUrl}`,
      ].join("\n"),
    );
    // The guest's device is known by a key of its own, for their next order and their sign-in.
    expect(guest.cookies.get(GUEST_COOKIE)).toMatch(/^[\w-]{22}$/);
  });

  it("records the cart's order with every line that can be ordered, and refuses an empty cart", async () => {
    const guest = new Browser(t.app);
    const empty = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Your cart is empty.");

    await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 2 });
    await guest.call("PUT", "/api/cart/add", { itemId: lounge.id, itemType: "Collection" });
    const placed = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, whatsappUrl } = placed.json();
    expect(order.lines.map((line: { name: string; quantity: number }) => [line.name, line.quantity])).toEqual([
      ["Velvet Sofa", 2],
      ["Lagos Lounge", 1],
    ]);
    expect(order.total).toBe(1_800_000);
    const text = whatsappText(whatsappUrl);
    expect(text).toContain("Hello! I would like to order these items:");
    expect(text).toContain("Total: ₦1,800,000.00");
    expect(text).toContain(`Order reference: ${order.reference}`);
    expect(text.endsWith(`Track your order: ${order.trackingUrl}`)).toBe(true);
  });

  it("refuses a sold or unknown item, an admin, and a body that names no order", async () => {
    const guest = new Browser(t.app);
    const sold = await guest.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: soldLamp.id });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe("This product has been sold.");
    const unknown = await guest.call("POST", "/api/orders", {
      kind: "item",
      itemType: "Collection",
      itemId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Collection not found.");
    const nothing = await guest.call("POST", "/api/orders", { kind: "gift" });
    expect(nothing.statusCode).toBe(400);
    const owner = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { kind: "item", itemType: "Product", itemId: sofa.id },
      headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
    });
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toBe("Administrators cannot place orders.");
  });

  it("records one order when the same order is sent twice at once (a double tap)", async () => {
    const guest = new Browser(t.app, "10.77.0.1");
    const product = await insertProduct(t.db, { name: "Double Tap Desk" });
    // Both taps leave before the first answer's cookie arrives: the sheet's submission key tells them apart.
    const tap = () => orderItem(guest, product.id, { submissionKey: "double-tap-sheet" });
    const [first, second] = await Promise.all([tap(), tap()]);
    expect(second.order.reference).toBe(first.order.reference);
    const rows = await t.db.select().from(orders).where(eq(orders.reference, first.order.reference));
    expect(rows).toHaveLength(1);
    // The device keeps the key the order was recorded under: it joins the account at sign-up.
    await guest.signUp("Dapo");
    const mine = (await guest.call("GET", "/api/orders")).json().orders;
    expect(mine.map((order: { reference: string }) => order.reference)).toEqual([first.order.reference]);
    // A different quantity is another order.
    const more = await orderItem(guest, product.id, { quantity: 2 });
    expect(more.order.reference).not.toBe(first.order.reference);
  });

  it("tells two new guests behind one address apart by the sheet's submission key, and a repeat of one by it", async () => {
    const product = await insertProduct(t.db, { name: "Shared Address Bench" });
    const order = (browser: Browser, submissionKey: string) => orderItem(browser, product.id, { submissionKey });
    const [first, repeat] = await Promise.all([
      order(new Browser(t.app, "10.78.0.1"), "sheet-one-aaaa"),
      order(new Browser(t.app, "10.78.0.1"), "sheet-one-aaaa"),
    ]);
    expect(repeat.order.reference).toBe(first.order.reference);
    const neighbour = await order(new Browser(t.app, "10.78.0.1"), "sheet-two-bbbb");
    expect(neighbour.order.reference).not.toBe(first.order.reference);
    // Without a key, two new guests' identical orders from one address are two orders too.
    const [one, other] = await Promise.all([
      orderItem(new Browser(t.app, "10.78.0.2"), product.id),
      orderItem(new Browser(t.app, "10.78.0.2"), product.id),
    ]);
    expect(one.trackingUrl).not.toBe(other.trackingUrl);
  });

  it("keeps the price paid after the item's price changes, and the line after the item is deleted", async () => {
    const guest = new Browser(t.app);
    const table = await insertProduct(t.db, { name: "Oak Table", priceKobo: 19_99 });
    const placed = await orderItem(guest, table.id, { quantity: 3 });
    // Summed in kobo: 3 × ₦19.99 is ₦59.97 exactly.
    expect(placed.order).toMatchObject({ subtotal: 59.97, total: 59.97 });

    await t.db.update(products).set({ priceKobo: 50_00 }).where(eq(products.id, table.id));
    await t.db.delete(products).where(eq(products.id, table.id));
    const tracked = await guest.call(
      "GET",
      `/api/orders/track/${new URL(placed.trackingUrl).pathname.split("/").pop()}`,
    );
    expect(tracked.json()).toMatchObject({
      lines: [{ name: "Oak Table", unitPrice: 19.99, quantity: 3, inCatalogue: false }],
      total: 59.97,
    });
  });

  it("records a service request for the owner's pipeline and sends it to the services number", async () => {
    await desk("GET", ""); // the settings exist once something read them
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/operations/settings",
      payload: { servicesWhatsappNumber: "0809 999 8888" },
      headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
    });
    const guest = new Browser(t.app);
    const response = await guest.call("POST", "/api/orders", {
      kind: "service",
      service: "Interior design",
      brief: "A three-bedroom flat in Ikoyi, living and dining first.",
      area: "Ikoyi",
      budget: "₦5m–₦8m",
      customer: { name: "Funke", phone: "0803 123 4567" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { order, whatsappUrl } = response.json();
    expect(order).toMatchObject({
      kind: "service",
      lines: [],
      total: 0,
      service: { name: "Interior design", area: "Ikoyi", budget: "₦5m–₦8m" },
    });
    expect(whatsappUrl.startsWith("https://wa.me/2348099998888?text=")).toBe(true);
    const text = whatsappText(whatsappUrl);
    expect(text).toContain("Interior design");
    // The name typed joins the message, before the reference; the area is said once.
    expect(text).toContain(`Budget: ₦5m–₦8m\n\nName: Funke\n\nOrder reference: ${order.reference}`);
    expect(text.match(/Area: Ikoyi/g)).toHaveLength(1);
    const missing = await guest.call("POST", "/api/orders", {
      kind: "service",
      service: "Interior design",
      brief: " ",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Tell us briefly what you have in mind.");
    // A budget sent as a number of naira is taken, and reads as an amount.
    const numbered = await guest.call("POST", "/api/orders", {
      kind: "service",
      service: "Site visit",
      brief: "Measure the living room for a sectional.",
      budget: 1500000,
    });
    expect(numbered.statusCode, numbered.body).toBe(201);
    expect(numbered.json().order.service).toMatchObject({ budget: "₦1,500,000" });
  });
});

describe("the tracking link", () => {
  it("is a 256-bit token apart from the reference, shows no contact details, and is a plain 404 when unknown", async () => {
    const guest = new Browser(t.app);
    const placed = await orderItem(guest, sofa.id, {
      customer: { name: "Ngozi", phone: "08031234567", area: "12 Admiralty Way, Lekki", note: "Call first" },
    });
    const token = new URL(placed.trackingUrl).pathname.split("/").pop()!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toContain(placed.order.reference.slice(3));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.order._id));
    expect(row!.trackingToken).toBe(token);

    const tracked = await new Browser(t.app).call("GET", `/api/orders/track/${token}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).not.toMatch(/803123|Admiralty|Call first|Ngozi/);
    expect(tracked.json()).not.toHaveProperty("customer");
    expect(tracked.json()).not.toHaveProperty("trackingToken");

    for (const wrong of [token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), placed.order.reference, "x"]) {
      const refused = await new Browser(t.app).call("GET", `/api/orders/track/${encodeURIComponent(wrong)}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: "Order not found." });
    }
  });
});

describe("the owner's order desk", () => {
  it("quotes, takes payments, refuses the deposit step until it is covered, and moves forward only", async () => {
    const guest = new Browser(t.app);
    const placed = await orderItem(guest, sofa.id, { customer: { name: "Emeka" } });
    const id = placed.order._id;

    const early = await desk("PUT", `/${id}`, { status: "deposit_paid" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Record payments that cover the deposit before marking the order "Deposit paid".',
    );

    // Priced on the order itself first (the quick quote).
    const priced = await desk("PUT", `/${id}`, {
      fees: [{ label: "Delivery", amount: 25_000 }],
      discount: 5_000,
      expectedReadyDate: "2026-12-20",
    });
    expect(priced.statusCode, priced.body).toBe(200);
    // ₦450,000 + ₦25,000 − ₦5,000; the deposit is the order terms' first share, 50%.
    expect(priced.json()).toMatchObject({
      status: "new",
      total: 470_000,
      depositDue: 235_000,
      depositSet: null,
      depositPercent: 50,
      balance: 470_000,
    });
    // A deposit the owner names holds, whatever the total; null goes back to the terms' share.
    const named = await desk("PUT", `/${id}`, { depositDue: 200_000 });
    expect(named.json()).toMatchObject({ depositDue: 200_000, depositSet: 200_000 });
    expect((await desk("PUT", `/${id}`, { depositDue: null })).json()).toMatchObject({
      depositDue: 235_000,
      depositSet: null,
    });
    // Quoting sends those amounts to the customer as version 1.
    const quoted = await desk("PUT", `/${id}`, { status: "quoted" });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ status: "quoted", total: 470_000, depositDue: 235_000 });
    expect(quoted.json().quote).toMatchObject({ version: 1, total: 470_000, depositDue: 235_000, depositPercent: 50 });

    const part = await desk("POST", `/${id}/payments`, { amount: 100_000, method: "transfer", paidOn: "2026-11-20" });
    expect(part.json()).toMatchObject({ paid: 100_000, balance: 370_000 });
    expect((await desk("PUT", `/${id}`, { status: "deposit_paid" })).statusCode).toBe(409);

    const rest = await desk("POST", `/${id}/payments`, { amount: 135_000, method: "pos" });
    expect(rest.json()).toMatchObject({ paid: 235_000, balance: 235_000 });
    const paid = await desk("PUT", `/${id}`, { status: "deposit_paid" });
    expect(paid.statusCode, paid.body).toBe(200);

    // A payment whose removal would uncover the deposit stays.
    const firstPayment = paid.json().payments[0]._id;
    const uncover = await desk("DELETE", `/${id}/payments/${firstPayment}`);
    expect(uncover.statusCode).toBe(409);

    expect((await desk("PUT", `/${id}`, { status: "in_production" })).statusCode).toBe(200);
    // Once quoted, the amounts are the quote's: a raised deposit is a new version, and nothing changes here.
    const raised = await desk("PUT", `/${id}`, { depositDue: 300_000 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json().message).toBe(QUOTE_SENT_MESSAGE);
    expect((await desk("GET", `/${id}`)).json()).toMatchObject({ depositDue: 235_000, status: "in_production" });
    const back = await desk("PUT", `/${id}`, { status: "quoted" });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('An order cannot go back from "In production" to "Quoted".');
    const delivered = await desk("PUT", `/${id}`, {
      status: "delivered",
      confirmBalance: true,
      note: "Delivered to the gate.",
    });
    expect(delivered.json()).toMatchObject({ status: "delivered", nextStatuses: ["closed", "cancelled"] });

    const timeline = delivered.json().events as Array<{
      status: string | null;
      note: string | null;
      by: string | null;
    }>;
    expect(timeline.filter((event) => event.status).map((event) => event.status)).toEqual([
      "new",
      "quoted",
      "deposit_paid",
      "in_production",
      "delivered",
    ]);
    expect(timeline.find((event) => event.status === "quoted")!.by).toBeTruthy();
    expect(timeline.some((event) => event.note === "Delivered to the gate.")).toBe(true);

    // The customer's tracking view follows, without the owner's notes.
    const tracked = await new Browser(t.app).call("GET", `/api/orders/track/${quoted.json().trackingToken}`);
    expect(tracked.json()).toMatchObject({ status: "delivered", paid: 235_000, expectedReadyDate: "2026-12-20" });
    expect(tracked.body).not.toContain("Delivered to the gate.");

    // Closing needs nothing owed: the rest is paid first.
    expect((await desk("PUT", `/${id}`, { status: "closed" })).statusCode).toBe(409);
    await desk("POST", `/${id}/payments`, { amount: 235_000, method: "transfer" });
    expect((await desk("PUT", `/${id}`, { status: "closed" })).statusCode).toBe(200);
    const reopened = await desk("PUT", `/${id}`, { status: "cancelled" });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe("This order is closed: its status cannot change.");
  });

  it("adjusts lines and refuses bad amounts, dates and payments with a message, saving nothing", async () => {
    const guest = new Browser(t.app);
    const placed = await orderItem(guest, sofa.id, { quantity: 2 });
    const id = placed.order._id;
    const lineId = (await desk("GET", `/${id}`)).json().lines[0]._id;
    const adjusted = await desk("PUT", `/${id}`, {
      lines: [{ _id: lineId, quantity: 1, unitPrice: 420_000 }],
      depositDue: 300_000,
    });
    expect(adjusted.json()).toMatchObject({ subtotal: 420_000, total: 420_000, depositDue: 300_000 });

    const refusals: Array<[string, string, object]> = [
      ["PUT", `/${id}`, { discount: -5 }],
      ["PUT", `/${id}`, { expectedReadyDate: "2026-02-30" }],
      ["PUT", `/${id}`, { expectedReadyDate: "0000-01-01" }],
      ["POST", `/${id}/payments`, { amount: 10, method: "cash", paidOn: "0000-06-01" }],
      ["PUT", `/${id}`, { status: "shipped" }],
      ["PUT", `/${id}`, { lines: [{ _id: "nope", quantity: 1, unitPrice: 1 }] }],
      ["POST", `/${id}/payments`, { amount: 0, method: "cash" }],
      ["POST", `/${id}/payments`, { amount: 10, method: "cheque" }],
    ];
    for (const [method, url, body] of refusals) {
      const response = await desk(method as "PUT", url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await desk("GET", `/${id}`)).json()).toMatchObject({ total: 420_000, paid: 0, expectedReadyDate: null });
    expect((await desk("GET", "/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await desk("GET", "/not-an-id")).statusCode).toBe(404);
  });

  it("lists orders newest first, by status, and finds them by reference, name, phone or item", async () => {
    const guest = new Browser(t.app);
    const product = await insertProduct(t.db, { name: "Mahogany Sideboard" });
    const placed = await orderItem(guest, product.id, {
      customer: { name: "Tolu Searchable", phone: "0705 555 1234" },
    });
    const find = async (query: string) =>
      (await desk("GET", `?${query}`)).json<{ orders: Array<{ reference: string }>; total: number }>();

    for (const search of [placed.order.reference.toLowerCase(), "Searchable", "0705 555", "mahogany"]) {
      const found = await find(`search=${encodeURIComponent(search)}`);
      expect(
        found.orders.map((order) => order.reference),
        search,
      ).toContain(placed.order.reference);
    }
    const page = await find("limit=2");
    expect(page.orders).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const [newest] = (await find("limit=1")).orders;
    expect(newest!.reference).toBe(placed.order.reference);
    await desk("PUT", `/${placed.order._id}`, { status: "quoted" });
    const quoted = (await desk("GET", "?status=quoted&limit=100")).json<{
      orders: Array<{ reference: string; status: string }>;
    }>();
    expect(quoted.orders.map((order) => order.reference)).toContain(placed.order.reference);
    expect(new Set(quoted.orders.map((order) => order.status))).toEqual(new Set(["quoted"]));
    expect((await desk("GET", "?status=shipped")).statusCode).toBe(400);
  });

  it("is for admins only", async () => {
    const customer = new Browser(t.app);
    await customer.signUp();
    expect((await customer.call("GET", DESK)).statusCode).toBe(403);
    expect((await new Browser(t.app).call("GET", DESK)).statusCode).toBe(401);
  });

  it("e-mails the shop each new order, and a customer with an e-mail address each status change", async () => {
    await confirmShopEmail(t.app, t.db);
    const customer = new Browser(t.app);
    const email = await customer.signUp("Bisi");
    const placed = await orderItem(customer, sofa.id);
    await desk("PUT", `/${placed.order._id}`, { status: "quoted" });

    const mails = async () =>
      Promise.all((await readdir(t.outboxDir)).map((file) => readFile(path.join(t.outboxDir, file), "utf8")));
    await expect
      .poll(async () => (await mails()).filter((mail) => mail.includes(placed.order.reference)).length)
      .toBe(2);
    const all = (await mails()).filter((mail) => mail.includes(placed.order.reference));
    expect(all.some((mail) => mail.includes(`To: ${TEST_SITE.SHOP_EMAIL}`) && mail.includes("New order"))).toBe(true);
    expect(all.some((mail) => mail.includes(`To: ${email}`) && mail.includes("/orders/t/"))).toBe(true);
  });
});

describe("a customer's own orders", () => {
  it("are theirs alone, and a guest's orders on this device join their account when they sign up", async () => {
    const shopper = new Browser(t.app);
    const asGuest = await orderItem(shopper, sofa.id);
    await shopper.signUp("Kemi");
    const mine = await shopper.call("GET", "/api/orders");
    expect(mine.statusCode).toBe(200);
    expect(mine.json().orders.map((order: { reference: string }) => order.reference)).toEqual([
      asGuest.order.reference,
    ]);

    const other = new Browser(t.app);
    await other.signUp("Tunde");
    const theirs = await orderItem(other, chair.id);
    const otherList = (await other.call("GET", "/api/orders"))
      .json()
      .orders.map((o: { reference: string }) => o.reference);
    expect(otherList).toEqual([theirs.order.reference]);
    expect((await shopper.call("GET", "/api/orders")).json().orders).toHaveLength(1);

    expect((await new Browser(t.app).call("GET", "/api/orders")).statusCode).toBe(401);
  });

  it("limits how many orders one address places", async () => {
    const busy = new Browser(t.app, "10.88.0.1");
    const product = await insertProduct(t.db, { name: "Limit Stool" });
    let last = 0;
    for (let quantity = 1; quantity <= 31; quantity += 1) {
      last = (
        await busy.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: product.id, quantity })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
