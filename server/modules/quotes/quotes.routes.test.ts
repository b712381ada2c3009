/**
 * Quotes through the API (docs/product.md, Quotes): versions and their history, the
 * customer's approval of exactly one valid version, changes asked, the deposit of an
 * imported piece, the money, the workshop sheet and the printed invoice following the
 * approved version (the invoice is a page: this file serves the pages too).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "../../../domain/catalog/furniture";
import { addDays } from "../../../domain/dates";
import { adminCookie, imageDataUrl, staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { journalEntries } from "../../db/schema/journal";
import { orders } from "../../db/schema/orders";
import { orderQuotes } from "../../db/schema/quotes";
import { planCheckout } from "../payments/payments.service";

const t = useTestApp({ pages: true });
const DESK = "/api/admin/operations/orders";

let owner: string;
let sales: string;
let workshop: string;
let accounts: string;
let sofa: { id: string };
let imported: { id: string };

beforeAll(async () => {
  owner = await adminCookie(t);
  [sales, workshop, accounts] = await Promise.all([
    staffCookie(t, ["sales"]),
    staffCookie(t, ["workshop"]),
    staffCookie(t, ["accounts"]),
  ]);
  const picture = await makeImage(t.db, t.storage);
  sofa = await insertProduct(t.db, { name: "Velvet Sofa", priceKobo: 450_000_00, images: [picture] });
  imported = await insertProduct(t.db, {
    name: "Italian Armchair",
    priceKobo: 300_000_00,
    availabilityKind: "imported",
    weeksFrom: 10,
  });
});

const as = (cookie: string, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${DESK}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
  });

const tokenOf = (trackingUrl: string) => trackingUrl.split("/").at(-1)!;
const inDays = (days: number) => addDays(lagosToday(), days);

interface Placed {
  id: string;
  token: string;
  lineId: string;
  guest: Browser;
}

async function place(itemId: string, quantity = 1): Promise<Placed> {
  const guest = new Browser(t.app);
  const response = await guest.call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId,
    quantity,
    customer: { name: "Ngozi", area: "Ikoyi" },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { order, trackingUrl } = response.json<{
    order: { _id: string; lines: Array<{ _id: string }> };
    trackingUrl: string;
  }>();
  return { id: order._id, token: tokenOf(trackingUrl), lineId: order.lines[0]!._id, guest };
}

const quoteOf = (placed: Placed, extra: object = {}) => ({
  lines: [
    { lineId: placed.lineId, quantity: 1, unitPrice: 400000, finish: "Emerald velvet", dimensions: "220 × 95 × 80 cm" },
  ],
  fees: [{ label: "Delivery", amount: 15000 }],
  discount: 5000,
  validUntil: inDays(14),
  note: "<p>Fabric <strong>EV-12</strong>.</p><script>alert(1)</script>",
  leadTimeWeeks: 6,
  ...extra,
});

async function send(placed: Placed, body: object, cookie = owner) {
  const response = await as(cookie, "POST", `/${placed.id}/quotes`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const track = async (placed: Placed) => {
  const response = await placed.guest.call("GET", `/api/orders/track/${placed.token}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("sending a quote", () => {
  it("freezes version 1, works out the total and the terms' deposit, and moves a new order to quoted", async () => {
    const placed = await place(sofa.id);
    expect((await track(placed)).depositDue).toBeNull();
    expect((await track(placed)).quote).toBeNull();

    const order = await send(placed, quoteOf(placed, { pictures: [await imageDataUrl("#2f5d50")] }));
    expect(order.status).toBe("quoted");
    expect(order.total).toBe(410_000);
    // The shop's terms ask for "50% to 80%": the first share is the deposit.
    expect(order.quote).toMatchObject({
      version: 1,
      total: 410_000,
      subtotal: 400_000,
      discount: 5000,
      fees: [{ label: "Delivery", amount: 15000 }],
      validUntil: inDays(14),
      leadTimeWeeks: 6,
      approvedAt: null,
      lines: [{ name: "Velvet Sofa", finish: "Emerald velvet", dimensions: "220 × 95 × 80 cm", imported: false }],
    });
    expect(order.quote).toMatchObject({ depositPercent: 50, depositDue: 205_000 });
    expect(order.quote.note).toBe("<p>Fabric <strong>EV-12</strong>.</p>");
    expect(order.quote.pictures).toHaveLength(1);
    expect(order.quote.lines[0].picture).toMatch(/^\/media\//);
    expect(order.quote.readyBy).toBe(addDays(lagosToday(), 42));

    const tracked = await track(placed);
    expect(tracked.quote.version).toBe(1);
    expect(tracked.depositDue).toBe(order.quote.depositDue);
    expect(tracked.total).toBe(410_000);
  });

  it("keeps every version with what changed, and the order's money follows the latest", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed));
    const second = await send(
      placed,
      quoteOf(placed, {
        lines: [
          { lineId: placed.lineId, quantity: 1, unitPrice: 380000, finish: "Emerald velvet" },
          { name: "Extra cushions", quantity: 2, unitPrice: 10000 },
        ],
        depositPercent: 40,
      }),
    );
    expect(second.quotes.map((quote: { version: number }) => quote.version)).toEqual([1, 2]);
    expect(second.quote.version).toBe(2);
    // 380,000 + 2 × 10,000 + 15,000 delivery − 5,000 discount.
    expect(second.total).toBe(410_000);
    expect(second.depositDue).toBe(164_000);
    expect(second.quotes[1].depositPercentSet).toBe(true);
    expect(second.quotes[1].changes).toEqual(
      expect.arrayContaining([
        "Added or changed: 2 × Extra cushions at ₦10,000.00",
        expect.stringMatching(/^Deposit: \d+% → 40%$/),
      ]),
    );
    expect(second.events.map((event: { note: string | null }) => event.note)).toContain(
      "Deposit set to 40% by Owner.".replace("Owner", second.quotes[1].sentBy),
    );
  });

  it("asks the whole amount as deposit when a line is imported, unless the owner sets it", async () => {
    const placed = await place(imported.id);
    const order = await send(
      placed,
      quoteOf(placed, { lines: [{ lineId: placed.lineId, quantity: 1, unitPrice: 300000 }] }),
    );
    expect(order.quote.lines[0].imported).toBe(true);
    expect(order.quote.depositPercent).toBe(100);
    expect(order.quote.depositDue).toBe(order.quote.total);

    const chosen = await send(
      placed,
      quoteOf(placed, { lines: [{ lineId: placed.lineId, quantity: 1, unitPrice: 300000 }], depositPercent: 60 }),
    );
    expect(chosen.quote.depositPercent).toBe(60);
  });

  it("refuses bad input with 400 and a message, and an unknown line", async () => {
    const placed = await place(sofa.id);
    for (const body of [
      { ...quoteOf(placed), lines: [] },
      { ...quoteOf(placed), validUntil: "someday" },
      { ...quoteOf(placed), validUntil: inDays(-1) },
      { ...quoteOf(placed), lines: [{ lineId: "00000000-0000-4000-8000-000000000000", quantity: 1, unitPrice: 1 }] },
      { ...quoteOf(placed), lines: [{ quantity: 1, unitPrice: 5 }] },
      { ...quoteOf(placed), depositPercent: 120 },
    ]) {
      const response = await as(owner, "POST", `/${placed.id}/quotes`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const workshopTry = await as(workshop, "POST", `/${placed.id}/quotes`, quoteOf(placed));
    expect(workshopTry.statusCode).toBe(403);
  });

  it("once money is paid, only the Owner may send a new version", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed), sales);
    const paid = await as(owner, "POST", `/${placed.id}/payments`, { amount: 1000, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await as(sales, "POST", `/${placed.id}/quotes`, quoteOf(placed));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "A deposit has been paid on this order: only the Owner may send a new version of its quote.",
    );
    await send(placed, quoteOf(placed), owner);
  });
});

describe("the quick quote beside the quote", () => {
  it("asks no deposit of the customer until the order is quoted, then freezes its amounts as version 1", async () => {
    const placed = await place(sofa.id);
    const priced = await as(owner, "PUT", `/${placed.id}`, {
      fees: [{ label: "Delivery", amount: 20000 }],
      depositDue: 100000,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    // Priced on the order, not yet quoted: the customer is asked for nothing.
    const before = await track(placed);
    expect(before).toMatchObject({ status: "new", quote: null, depositDue: null, total: 470_000 });

    const quick = await as(owner, "PUT", `/${placed.id}`, { status: "quoted" });
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().quotes).toHaveLength(1);
    const tracked = await track(placed);
    expect(tracked.quote).toMatchObject({
      version: 1,
      total: 470_000,
      depositDue: 100_000,
      approvedAt: null,
      fees: [{ label: "Delivery", amount: 20000 }],
      validUntil: inDays(14),
      lines: [{ name: "Velvet Sofa", quantity: 1, unitPrice: 450_000 }],
    });
    expect(tracked.depositDue).toBe(100_000);
    expect(tracked.total).toBe(470_000);
    // It is a quote like any other: the customer approves it.
    const approved = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 1,
      name: "Ngozi",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The order's own amounts are the version's now: a change is a new version.
    const changed = await as(owner, "PUT", `/${placed.id}`, { depositDue: 50000 });
    expect(changed.statusCode).toBe(409);
  });

  it("gives way to versions once one is sent", async () => {
    const placed = await place(sofa.id);

    await send(placed, quoteOf(placed, { depositPercent: 20 }));
    const refused = await as(owner, "PUT", `/${placed.id}`, { fees: [{ label: "Delivery", amount: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This order has a quote: send a new version of it to change the lines, fees, discount or deposit.",
    );
    // The version's deposit is the order's now, not the quick quote's.
    expect((await track(placed)).depositDue).toBe(82_000);
    const dated = await as(owner, "PUT", `/${placed.id}`, { expectedReadyDate: inDays(30) });
    expect(dated.statusCode, dated.body).toBe(200);
  });
});

describe("the customer's answer", () => {
  it("asking for changes puts the order on the owner's to-revise list until the next version", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed));
    const asked = await placed.guest.call("POST", `/api/orders/track/${placed.token}/changes`, {
      message: "Could the sofa be 200 cm wide?",
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const listed = await as(owner, "GET", "?needsRevision=true&limit=100");
    const rows = listed.json().orders as Array<{ _id: string; needsRevision: boolean }>;
    expect(rows.find((row) => row._id === placed.id)).toMatchObject({ needsRevision: true });
    expect(rows.every((row) => row.needsRevision)).toBe(true);
    const order = (await as(owner, "GET", `/${placed.id}`)).json();
    expect(order.needsRevision).toBe(true);
    expect(order.events.map((event: { note: string | null }) => event.note)).toContain(
      "Changes asked to quote version 1: Could the sofa be 200 cm wide?",
    );

    await send(placed, quoteOf(placed));
    const after = (await as(owner, "GET", "?needsRevision=true&limit=100")).json().orders as Array<{ _id: string }>;
    expect(after.map((row) => row._id)).not.toContain(placed.id);

    const bad = await placed.guest.call("POST", `/api/orders/track/${placed.token}/changes`, { message: " " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Say what you would like changed.");
  });

  it("approves exactly the current version once, refusing an old one, an expired one and a second approval", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed));
    await send(placed, quoteOf(placed, { discount: 10000 }));

    const old = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 1,
      name: "Ngozi Eze",
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe("This quote has changed: please read the new one.");

    const ended = await as(owner, "PATCH", `/${placed.id}/quote`, { validUntil: lagosToday() });
    expect(ended.statusCode, ended.body).toBe(200);
    const expired = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 2,
      name: "Ngozi Eze",
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/^This quote expired on \d{1,2} \w{3} \d{4}; ask the shop for a new one\.$/);

    const extended = await as(owner, "PATCH", `/${placed.id}/quote`, { validUntil: inDays(3) });
    expect(extended.json().quote.validUntil).toBe(inDays(3));

    const approved = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 2,
      name: "Ngozi Eze",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().quote).toMatchObject({ version: 2, approvedBy: "Ngozi Eze" });
    expect(approved.json().quote.approvedAt).toEqual(expect.any(String));

    const again = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 2,
      name: "Ngozi Eze",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This quote is already approved.");

    const journal = await t.db.select().from(journalEntries).where(eq(journalEntries.item, placed.id));
    expect(journal.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["Quote sent", "Quote validity changed", "Quote approved"]),
    );
  });

  it("a new version after an approval needs approving again; the earlier approval is kept and holds until then", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed));
    const first = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 1,
      name: "Ngozi Eze",
    });
    expect(first.statusCode, first.body).toBe(200);
    const approvedAt = first.json().quote.approvedAt as string;

    const next = await send(placed, quoteOf(placed, { discount: 0 }));
    // The customer answers version 2; version 1's approval stays, and the order stands on it.
    expect(next.quote).toMatchObject({ version: 2, approvedAt: null, total: 415_000 });
    expect(next.approvedQuote).toMatchObject({ version: 1, approvedBy: "Ngozi Eze", approvedAt, total: 410_000 });
    expect(next.quotes.map((quote: { approvedBy: string | null }) => quote.approvedBy)).toEqual(["Ngozi Eze", null]);
    expect(next.total).toBe(410_000);
    expect(next.events.map((event: { note: string | null }) => event.note)).toContain(
      "Version 2 waits for the customer's approval; until then version 1, approved by Ngozi Eze, holds.",
    );
    const tracked = await track(placed);
    expect(tracked.quote).toMatchObject({ version: 2, approvedAt: null });
    expect(tracked.approvedQuote).toMatchObject({ version: 1, approvedBy: "Ngozi Eze", approvedAt });
    expect(tracked).toMatchObject({ total: 410_000, depositDue: 205_000 });

    // Nothing erases an approval once given, not even a write straight to the database.
    await expect(
      t.db
        .update(orderQuotes)
        .set({ approvedAt: null, approvedByName: null })
        .where(eq(orderQuotes.orderId, placed.id)),
    ).rejects.toThrow();

    const old = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 1,
      name: "Ngozi Eze",
    });
    expect(old.statusCode).toBe(409);
    const approved = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 2,
      name: "Ngozi E.",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Both approvals are kept, each with its name; the money follows the latest.
    const after = (await as(owner, "GET", `/${placed.id}`)).json();
    expect(after.quotes.map((quote: { approvedBy: string | null }) => quote.approvedBy)).toEqual([
      "Ngozi Eze",
      "Ngozi E.",
    ]);
    expect(after.quotes[0].approvedAt).toBe(approvedAt);
    expect(after.approvedQuote).toBeNull();
    expect(after).toMatchObject({ total: 415_000, depositDue: 207_500 });
  });

  it("the deposit asked after approval is exactly the approved version's", async () => {
    const placed = await place(sofa.id);
    const sent = await send(placed, quoteOf(placed, { depositPercent: 30 }));
    await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, { version: 1, name: "Ngozi" });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    const plan = await planCheckout(t.db, row!, { kind: "deposit" }, "paystack");
    expect(plan.kind).toBe("deposit");
    expect(plan.amountKobo).toBe(Math.round(sent.quote.depositDue * 100));
    expect(plan.amountKobo).toBe(12_300_000);
  });
});

describe("the workshop sheet", () => {
  it("prints the approved version's pieces without a price, for Owner, Sales and Workshop only", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed, { pictures: [await imageDataUrl("#443322")] }));
    await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, { version: 1, name: "Ngozi" });

    const sheet = await as(workshop, "GET", `/${placed.id}/workshop-sheet`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json()).toMatchObject({
      version: 1,
      approved: true,
      customerArea: "Ikoyi",
      lines: [{ name: "Velvet Sofa", quantity: 1, finish: "Emerald velvet", dimensions: "220 × 95 × 80 cm" }],
      note: "<p>Fabric <strong>EV-12</strong>.</p>",
      dueDate: addDays(lagosToday(), 42),
    });
    expect(sheet.json().pictures).toHaveLength(1);
    expect(sheet.body).not.toMatch(/unitPrice|total|400000|₦/);

    expect((await as(sales, "GET", `/${placed.id}/workshop-sheet`)).statusCode).toBe(200);
    const refused = await as(accounts, "GET", `/${placed.id}/workshop-sheet`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This needs the Owner, Sales or Workshop role.");
  });
});

describe("while a newer version waits for its approval", () => {
  it("the workshop sheet and the invoice print the version approved before, and say so", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed));
    await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, { version: 1, name: "Ngozi Eze" });
    const revised = quoteOf(placed);
    revised.lines = [{ ...revised.lines[0]!, unitPrice: 420000, finish: "Ochre velvet" }];
    await send(placed, revised);

    const sheet = (await as(workshop, "GET", `/${placed.id}/workshop-sheet`)).json();
    expect(sheet).toMatchObject({
      version: 1,
      approved: true,
      waitingVersion: 2,
      lines: [{ name: "Velvet Sofa", finish: "Emerald velvet" }],
    });
    const page = await t.app.inject({
      method: "GET",
      url: `/admin/orders/${placed.id}/workshop-sheet`,
      headers: { cookie: workshop },
    });
    const printed = /<article[\s\S]*<\/article>/.exec(page.body)![0].replaceAll("<!-- -->", "");
    expect(printed).toContain("version 1, approved by Ngozi Eze");
    expect(printed).toContain("Version 2 waits for the customer’s approval");
    expect(printed).toContain("Emerald velvet");
    expect(printed).not.toContain("Ochre velvet");

    const invoice = await t.app.inject({
      method: "GET",
      url: `/admin/orders/${placed.id}/invoice`,
      headers: { cookie: owner },
    });
    const text = /<article[\s\S]*<\/article>/.exec(invoice.body)![0].replaceAll("<!-- -->", "");
    expect(text).toContain("Quote version 1, approved by Ngozi Eze");
    expect(text).toContain("Version 2 waits for the customer’s approval");
    expect(text).toContain("Emerald velvet");
    expect(text).not.toContain("Ochre velvet");
    // 400,000 + 15,000 delivery − 5,000 discount: version 1's total, not version 2's 430,000.
    expect(text).toContain("₦410,000.00");
    expect(text).not.toContain("₦430,000.00");
  });
});

describe("the invoice", () => {
  it("prints the approved version's lines and total, and names the version", async () => {
    const placed = await place(sofa.id);
    await send(placed, quoteOf(placed));
    const revised = quoteOf(placed);
    revised.lines = [{ ...revised.lines[0]!, unitPrice: 420000, finish: "Ochre velvet" }];
    await send(placed, revised);
    const approved = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 2,
      name: "Ngozi Eze",
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const invoice = await t.app.inject({
      method: "GET",
      url: `/admin/orders/${placed.id}/invoice`,
      headers: { cookie: owner },
    });
    expect(invoice.statusCode).toBe(200);
    // The printed sheet (the page's data also holds the earlier version, for the desk); React
    // separates text it joins with empty comments, which the reader does not see.
    const text = /<article[\s\S]*<\/article>/.exec(invoice.body)![0].replaceAll("<!-- -->", "");
    expect(text).toContain("Quote version 2, approved by Ngozi Eze");
    expect(text).toContain("Ochre velvet");
    expect(text).not.toContain("Emerald velvet");
    // 420,000 + 15,000 delivery − 5,000 discount.
    expect(text).toContain("₦430,000.00");
  });
});
