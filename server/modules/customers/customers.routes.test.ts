/**
 * The customer book through the API: the list's figures against the orders' own pages,
 * forgiving search, merging and splitting (and their journal entries), notes and tags,
 * the CSV, and who may do what.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "../../../domain/catalog/furniture";
import type { CustomerDetail, CustomerList } from "../../../domain/customers/customers.schema";
import { addDays } from "../../../domain/dates";
import { adminCookie, staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { users } from "../../db/schema/accounts";
import { journalEntries } from "../../db/schema/journal";

const t = useTestApp();
const BOOK = "/api/admin/operations/customers";
const DESK = "/api/admin/operations/orders";
let owner: string;
let sales: string;
let workshop: string;
let accounts: string;
let wardrobe: { id: string };

beforeAll(async () => {
  owner = await adminCookie(t);
  sales = await staffCookie(t, ["sales"]);
  workshop = await staffCookie(t, ["workshop"]);
  accounts = await staffCookie(t, ["accounts"]);
  wardrobe = await insertProduct(t.db, { name: "Oak Wardrobe", priceKobo: 600_000_00 });
});

const as = (cookie: string, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
  });

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: <J>() => J }>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}

async function place(name: string, phone: string) {
  const response = await new Browser(t.app).call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: wardrobe.id,
    customer: { name, phone },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ order: { _id: string; reference: string; lines: Array<{ _id: string }> } }>().order;
}

const find = async (search: string) =>
  (await ok<CustomerList>(as(owner, "GET", `${BOOK}?search=${encodeURIComponent(search)}`))).customers;

describe("the customer book", () => {
  it("shows what each customer paid and owes exactly as their orders' pages do", async () => {
    const first = await place("Folake Adeyemi", "0813 400 1001");
    const second = await place("Folake Adeyemi", "0813 400 1001");
    await ok(
      as(owner, "POST", `${DESK}/${first._id}/quotes`, {
        lines: [{ lineId: first.lines[0]!._id, quantity: 1, unitPrice: 550000 }],
        fees: [{ label: "Delivery", amount: 20000 }],
        discount: 0,
        validUntil: addDays(lagosToday(), 14),
      }),
    );
    await ok(as(owner, "POST", `${DESK}/${first._id}/payments`, { amount: 200000, method: "transfer" }));
    await ok(as(owner, "POST", `${DESK}/${first._id}/payments`, { amount: 85000.5, method: "cash" }));

    const [folake] = await find("Folake");
    const pages = await Promise.all(
      [first, second].map((order) =>
        ok<{ paid: number; balance: number; status: string }>(as(owner, "GET", `${DESK}/${order._id}`)),
      ),
    );
    expect(folake).toMatchObject({
      name: "Folake Adeyemi",
      phones: ["+2348134001001"],
      ordersCount: 2,
      paid: 285000.5,
      openQuotes: 1,
    });
    expect(folake!.paid).toBe(pages[0]!.paid + pages[1]!.paid);
    // The quoted order owes its balance; the new one, with no agreed price yet, nothing.
    expect(pages[1]!.status).toBe("new");
    expect(folake!.balance).toBe(pages[0]!.balance);
    expect(folake!.balance).toBe(570000 - 285000.5);

    const detail = await ok<CustomerDetail>(as(sales, "GET", `${BOOK}/${folake!._id}`));
    expect(detail.orders.map((order) => order.reference)).toEqual([second.reference, first.reference]);
    expect(detail.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(["order", "quote", "payment", "status"]),
    );
    expect(detail.timeline.filter((entry) => entry.kind === "payment")).toHaveLength(2);
  });

  it("finds a customer by a name typed with a slip, part of their number, or an order's reference", async () => {
    const order = await place("Chiamaka Okonkwo", "0902 555 7788");
    expect((await find("Chiamka")).map((c) => c.name)).toContain("Chiamaka Okonkwo");
    expect((await find("okonkow")).map((c) => c.name)).toContain("Chiamaka Okonkwo");
    expect((await find("0902 555")).map((c) => c.name)).toEqual(["Chiamaka Okonkwo"]);
    expect((await find(order.reference.toLowerCase())).map((c) => c.name)).toEqual(["Chiamaka Okonkwo"]);
    expect(await find("Zebedee")).toEqual([]);
  });

  it("sorts by spend and balance, and pages", async () => {
    const bySpend = await ok<CustomerList>(as(owner, "GET", `${BOOK}?sort=spend&limit=1`));
    expect(bySpend.customers[0]!.name).toBe("Folake Adeyemi");
    expect(bySpend.hasMore).toBe(true);
    const byBalance = await ok<CustomerList>(as(owner, "GET", `${BOOK}?sort=balance&limit=1&page=1`));
    expect(byBalance.customers[0]!.balance).toBeGreaterThan(0);
    const bad = await as(owner, "GET", `${BOOK}?sort=height`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "Sort by last_contact, spend or balance." });
  });

  it("adds notes, tags and who looks after them, journaled", async () => {
    await place("Emeka Nwosu", "0701 222 3344");
    const [emeka] = await find("Emeka Nwosu");
    const [salesMember] = await t.db
      .select()
      .from(users)
      .where(sql`${users.staffRoles} = array['sales']::text[]`);
    const [workshopMember] = await t.db
      .select()
      .from(users)
      .where(sql`${users.staffRoles} = array['workshop']::text[]`);
    const noted = await ok<CustomerDetail>(
      as(sales, "PUT", `${BOOK}/${emeka!._id}`, { notes: "Prefers calls after 4pm.", tags: ["Architect", " hotel "] }),
    );
    expect(noted.tags).toEqual(["architect", "hotel"]);
    expect(noted.timeline[0]).toMatchObject({ kind: "note", detail: "Prefers calls after 4pm." });
    const kept = await ok<CustomerDetail>(as(sales, "PUT", `${BOOK}/${emeka!._id}`, { ownerId: salesMember!.id }));
    expect(kept).toMatchObject({ ownerId: salesMember!.id, ownerName: salesMember!.username });
    // The workshop does not deal with customers: nobody can hand them one.
    const refused = await as(sales, "PUT", `${BOOK}/${emeka!._id}`, { ownerId: workshopMember!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { ownerId: "Choose a staff member from the list." } });
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.area, "customers"), eq(journalEntries.item, emeka!._id)));
    expect(entries.flatMap((entry) => entry.changes)).toEqual(
      expect.arrayContaining([
        { field: "tags", before: null, after: "architect, hotel" },
        { field: "note", before: null, after: "Prefers calls after 4pm." },
        { field: "lookedAfterBy", before: null, after: salesMember!.username },
      ]),
    );
    const second = await ok<CustomerDetail>(
      as(sales, "PUT", `${BOOK}/${emeka!._id}`, { notes: "Sent fabric samples." }),
    );
    expect(second.timeline.filter((entry) => entry.kind === "note").map((entry) => entry.detail)).toEqual([
      "Sent fabric samples.",
      "Prefers calls after 4pm.",
    ]);
    const empty = await as(sales, "PUT", `${BOOK}/${emeka!._id}`, { notes: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: "Write the note first." });
  });

  it("merges two records of one person and splits them again, each journaled", async () => {
    const work = await place("Kunle Ade", "0805 111 0001");
    const home = await place("Kunle Adebayo", "0805 111 0002");
    const [a] = await find("08051110001");
    const [b] = await find("08051110002");
    expect(a!._id).not.toBe(b!._id);
    await ok(as(owner, "PUT", `${BOOK}/${b!._id}`, { tags: ["hotel"], notes: "Second number is his office." }));

    const merged = await ok<CustomerDetail>(as(owner, "POST", `${BOOK}/merge`, { ids: [a!._id, b!._id] }));
    expect(merged._id).toBe(a!._id);
    expect(merged.phones.sort()).toEqual(["+2348051110001", "+2348051110002"]);
    expect(merged.ordersCount).toBe(2);
    expect(merged.tags).toEqual(["hotel"]);
    expect((await as(owner, "GET", `${BOOK}/${b!._id}`)).statusCode).toBe(404);
    // What arrives later from the second number joins the merged record.
    await place("Kunle", "08051110002");
    expect((await ok<CustomerDetail>(as(owner, "GET", `${BOOK}/${a!._id}`))).ordersCount).toBe(3);

    const later = (await ok<CustomerDetail>(as(owner, "GET", `${BOOK}/${a!._id}`))).orders
      .filter((order) => order._id !== work._id)
      .map((order) => order._id);
    expect(later).toContain(home._id);
    const split = await ok<CustomerDetail>(as(owner, "POST", `${BOOK}/${a!._id}/split`, { orderIds: later }));
    expect(split._id).not.toBe(a!._id);
    expect(split.phones).toEqual(["+2348051110002"]);
    expect(split.ordersCount).toBe(2);
    const left = await ok<CustomerDetail>(as(owner, "GET", `${BOOK}/${a!._id}`));
    expect(left.phones).toEqual(["+2348051110001"]);
    expect(left.orders.map((order) => order._id)).toEqual([work._id]);

    const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.item, a!._id));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["Customers merged", "Customer split"]),
    );

    const foreign = await as(owner, "POST", `${BOOK}/${a!._id}/split`, { orderIds: later });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: "Choose orders of this customer." });
    const same = await as(owner, "POST", `${BOOK}/merge`, { ids: [a!._id, a!._id] });
    expect(same.statusCode).toBe(400);
  });

  it("exports the list as CSV with cells a spreadsheet would run made harmless", async () => {
    await place('=HYPERLINK("http://evil")', "0806 999 0000");
    const response = await as(owner, "GET", `${BOOK}/export.csv?search=0806999`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const [header, row] = response.body.split("\r\n");
    expect(header).toBe(
      "id,name,phones,emails,areas,orders,paid,balance,open_quotes,first_contact,last_contact,looked_after_by,tags",
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain("+2348069990000");
  });

  it("lets Owner and Sales read the book, only the Owner merge and split, and refuses Workshop and Accounts", async () => {
    const [someone] = await find("Folake");
    for (const cookie of [workshop, accounts]) {
      for (const [method, url] of [
        ["GET", BOOK],
        ["GET", `${BOOK}/${someone!._id}`],
        ["GET", `${BOOK}/export.csv`],
      ] as const) {
        const response = await as(cookie, method, url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({ message: "This needs the Owner or Sales role." });
      }
      expect((await as(cookie, "PUT", `${BOOK}/${someone!._id}`, { tags: [] })).statusCode).toBe(403);
    }
    const merge = await as(sales, "POST", `${BOOK}/merge`, { ids: [someone!._id, someone!._id] });
    expect(merge.statusCode).toBe(403);
    expect(merge.json()).toMatchObject({ message: "This needs the Owner role." });
    expect((await as(sales, "POST", `${BOOK}/${someone!._id}/split`, { orderIds: [] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: BOOK })).statusCode).toBe(401);
  });
});
