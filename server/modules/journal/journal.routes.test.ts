/**
 * The journal over HTTP: one entry per write, written in the write's own transaction (a
 * refused write leaves none), with the fields before → after; read newest first and
 * filtered by the owner, the money entries alone by Accounts, and exported as CSV.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { JournalEntry, JournalPage } from "../../../domain/journal/journal.schema";
import { adminCookie, freshAddress, staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { journalEntries } from "../../db/schema/journal";
import { pruneJournal } from "./journal.service";

const t = useTestApp();
let owner: string;
let accounts: string;

beforeAll(async () => {
  owner = await adminCookie(t);
  accounts = await staffCookie(t, ["accounts"], "amaka@furnish.test");
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}), remoteAddress: freshAddress() });

const entriesOf = async (query: string, cookie = owner) => {
  const response = await call("GET", `/api/admin/operations/journal?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JournalPage>();
};

/** A product the admin form can save (it has a picture), at this price in naira. */
const pricedProduct = async (name: string, naira: number) =>
  insertProduct(t.db, { name, priceKobo: naira * 100, images: [await makeImage(t.db, t.storage)] });

const entryCount = async () => (await t.db.select({ n: count() }).from(journalEntries))[0]!.n;

async function placeOrder() {
  const product = await pricedProduct("Journal Sofa", 250_000);
  const guest = new Browser(t.app);
  const placed = await guest.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: product.id });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ order: { _id: string; reference: string } }>().order;
}

describe("the journal", () => {
  it("records a product's price before → after, once, by the owner's name", async () => {
    const product = await pricedProduct("Oak Console", 180_000);
    const changed = await call("PUT", `/api/admin/operations/updateProduct/${product.id}`, owner, { price: 195_000 });
    expect(changed.statusCode, changed.body).toBe(200);

    const { entries, total } = await entriesOf(`area=catalogue&item=${product.id}`);
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      area: "catalogue",
      item: product.id,
      itemLabel: "Oak Console",
      action: "Product changed",
      by: { name: expect.any(String) },
      changes: [{ field: "price", before: "180000", after: "195000" }],
    });
  });

  it("writes nothing for a refused write", async () => {
    const product = await pricedProduct("Teak Bench", 90_000);
    const before = await entryCount();
    const refused = await call("PUT", `/api/admin/operations/updateProduct/${product.id}`, owner, { price: -5 });
    expect(refused.statusCode).toBe(400);
    // Refused inside the write's transaction: the status change is checked after the order is locked.
    const order = await placeOrder();
    const afterPlacing = await entryCount();
    const backwards = await call("PUT", `/api/admin/operations/orders/${order._id}`, owner, { status: "delivered" });
    expect(backwards.statusCode).toBe(409);
    expect(await entryCount()).toBe(afterPlacing);
    expect(afterPlacing).toBe(before);
  });

  it("records an order's status change and a payment, and shows Accounts the payment alone", async () => {
    const order = await placeOrder();
    const quoted = await call("PUT", `/api/admin/operations/orders/${order._id}`, owner, { status: "quoted" });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const paid = await call("POST", `/api/admin/operations/orders/${order._id}/payments`, accounts, {
      amount: 100_000,
      method: "transfer",
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const { entries } = await entriesOf(`item=${order._id}`);
    expect(entries.map((entry) => [entry.area, entry.action])).toEqual([
      ["payments", "Payment recorded"],
      ["orders", "Order status changed"],
    ]);
    expect(entries[1]!.itemLabel).toBe(order.reference);
    expect(entries[1]!.changes).toContainEqual({ field: "status", before: "new", after: "quoted" });
    expect(entries[0]!.changes).toContainEqual({ field: "amount", before: null, after: "100000" });
    expect(entries[0]!.by.name).toBe("Staff accounts");

    const seenByAccounts = await entriesOf(`item=${order._id}`, accounts);
    expect(seenByAccounts.entries.map((entry: JournalEntry) => entry.action)).toEqual(["Payment recorded"]);
    const catalogueOnly = await staffCookie(t, ["catalogue"]);
    expect((await call("GET", "/api/admin/operations/journal", catalogueOnly)).statusCode).toBe(403);
  });

  it("assigns an order to a salesperson, never to a member outside sales", async () => {
    const order = await placeOrder();
    const idOf = async (cookie: string) => (await call("GET", "/api/auth/check", cookie)).json<{ _id: string }>()._id;
    const sales = await idOf(await staffCookie(t, ["sales"], "sam@furnish.test"));
    const workshop = await idOf(await staffCookie(t, ["workshop"]));

    const assigned = await call("PUT", `/api/admin/operations/orders/${order._id}`, owner, { assigneeId: sales });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignee).toEqual({ _id: sales, name: "Staff sales", whatsappNumber: null });
    expect(assigned.json().events.at(-1).note).toBe("Assigned to Staff sales.");
    const { entries } = await entriesOf(`item=${order._id}&area=orders`);
    expect(entries[0]!.changes).toContainEqual({ field: "assignee", before: null, after: "Staff sales" });

    const refused = await call("PUT", `/api/admin/operations/orders/${order._id}`, owner, { assigneeId: workshop });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty("assigneeId");
  });

  it("filters by person and days, pages newest first, and exports CSV", async () => {
    const product = await pricedProduct("=Formula Chair", 10_000);
    for (const price of [11_000, 12_000, 13_000])
      await call("PUT", `/api/admin/operations/updateProduct/${product.id}`, owner, { price });
    const first = await entriesOf(`item=${product.id}&limit=2`);
    expect(first.total).toBe(3);
    expect(first.hasMore).toBe(true);
    expect(first.entries.map((entry) => entry.changes[0]!.after)).toEqual(["13000", "12000"]);
    const second = await entriesOf(`item=${product.id}&limit=2&page=2`);
    expect(second.entries.map((entry) => entry.changes[0]!.after)).toEqual(["11000"]);
    expect(second.hasMore).toBe(false);

    const person = first.entries[0]!.by._id!;
    expect((await entriesOf(`person=${person}&item=${product.id}`)).total).toBe(3);
    expect((await entriesOf(`item=${product.id}&from=2001-01-01&to=2001-12-31`)).total).toBe(0);
    expect((await call("GET", "/api/admin/operations/journal?from=2026-02-30", owner)).statusCode).toBe(400);

    const csv = await call("GET", `/api/admin/operations/journal/export.csv?item=${product.id}`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("at,by,area,item,item_label,action,field,before,after");
    expect(lines).toHaveLength(4);
    // The name starts with "=": a spreadsheet must not run it.
    expect(lines[1]).toContain(",'=Formula Chair,");
  });

  it("is pruned past the years kept, by one instance at a time", async () => {
    const [old] = await t.db
      .insert(journalEntries)
      .values({ byName: "Someone", area: "settings", item: "settings", itemLabel: "Shop settings", action: "Old" })
      .returning();
    await t.db
      .update(journalEntries)
      .set({ at: new Date(Date.now() - 3 * 366 * 24 * 60 * 60 * 1000) })
      .where(eq(journalEntries.id, old!.id));
    const kept = await entryCount();
    expect(await pruneJournal(t.db, 2)).toBe(1);
    expect(await entryCount()).toBe(kept - 1);
  });
});
