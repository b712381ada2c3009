/**
 * The customer on an order, per role (docs/product.md, Staff and roles): Owner and Sales
 * read the customer (name, phone, e-mail); Accounts reads the name its invoices and
 * receipts are made out to, not how to reach them; the Workshop reads neither, only the
 * area the pieces go to; Catalogue reads no orders. The server sends each only that, in
 * the API's answers, the dashboard and the pages alike, and a search finds no order by
 * what the searcher cannot see.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROLES, type StaffRole } from "../../../domain/staff/permissions";
import { staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { TEST_SITE } from "../../../tests/support/test-site";

const t = useTestApp({ pages: true });
const cookies = {} as Record<StaffRole, string>;
const NAME = "Adaeze Okonkwo-Readers";
const PHONE_DIGITS = "8039871234";
let orderId = "";
let reference = "";

beforeAll(async () => {
  for (const role of STAFF_ROLES) cookies[role] = await staffCookie(t, [role]);
  const table = await insertProduct(t.db, { name: "Iroko Side Table", priceKobo: 85_000_00 });
  const placed = await new Browser(t.app).call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: table.id,
    customer: { name: NAME, phone: `0${PHONE_DIGITS}`, area: "Surulere", note: "Dark stain, please." },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  ({ _id: orderId, reference } = placed.json<{ order: { _id: string; reference: string } }>().order);
});

const call = (role: StaffRole, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: cookies[role], origin: TEST_SITE.PUBLIC_URL },
    ...(payload ? { payload } : {}),
  });

async function json<T>(role: StaffRole, method: "GET" | "POST" | "PUT", url: string, payload?: object): Promise<T> {
  const response = await call(role, method, url, payload);
  expect(response.statusCode, `${role} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

type Customer = { name: string | null; phone: string | null; area: string | null; note: string | null };
type OrderAnswer = { customer: Customer; total?: number };
type Row = { _id: string; customerName: string | null; customerPhone: string | null };

/** What each role reads of the customer: name, and phone. */
const READS: Record<Exclude<StaffRole, "catalogue">, { name: boolean; phone: boolean }> = {
  owner: { name: true, phone: true },
  sales: { name: true, phone: true },
  accounts: { name: true, phone: false },
  workshop: { name: false, phone: false },
};
const phoneOf = (reads: { phone: boolean }) => (reads.phone ? `+234${PHONE_DIGITS}` : null);

describe("the customer on an order", () => {
  it("reaches each role as far as its line allows: the order, the list, the dashboard", async () => {
    for (const [role, reads] of Object.entries(READS) as [keyof typeof READS, (typeof READS)["owner"]][]) {
      const order = await json<OrderAnswer>(role, "GET", `/api/admin/operations/orders/${orderId}`);
      expect(order.customer, role).toMatchObject({
        name: reads.name ? NAME : null,
        phone: phoneOf(reads),
        area: "Surulere",
        note: "Dark stain, please.",
      });
      // Nor anywhere else in the order: the timeline, a quote's approval.
      expect(JSON.stringify(order).includes(NAME), role).toBe(reads.name);

      const { orders } = await json<{ orders: Row[] }>(role, "GET", `/api/admin/operations/orders?search=${reference}`);
      expect(
        orders.find((row) => row._id === orderId),
        role,
      ).toMatchObject({
        customerName: reads.name ? NAME : null,
        customerPhone: phoneOf(reads),
      });

      const summary = await json<{ orders: { waiting: Row[] } }>(role, "GET", "/api/admin/operations/summary");
      expect(
        summary.orders.waiting.find((row) => row._id === orderId),
        role,
      ).toMatchObject({
        customerName: reads.name ? NAME : null,
        customerPhone: phoneOf(reads),
      });
    }
  });

  it("is no way to find an order for a role that may not read it", async () => {
    for (const [role, reads] of Object.entries(READS) as [keyof typeof READS, (typeof READS)["owner"]][]) {
      const byPhone = await json<{ orders: Row[] }>(role, "GET", `/api/admin/operations/orders?search=${PHONE_DIGITS}`);
      expect(
        byPhone.orders.some((row) => row._id === orderId),
        `${role} by phone`,
      ).toBe(reads.phone);
      const byName = await json<{ orders: Row[] }>(role, "GET", `/api/admin/operations/orders?search=Okonkwo`);
      expect(
        byName.orders.some((row) => row._id === orderId),
        `${role} by name`,
      ).toBe(reads.name);
    }
  });

  it("is left out of the workshop's sheet, and the Catalogue's dashboard has no orders", async () => {
    const sheet = await json<{ customerName: string | null; customerArea: string | null }>(
      "workshop",
      "GET",
      `/api/admin/operations/orders/${orderId}/workshop-sheet`,
    );
    expect(sheet).toMatchObject({ customerName: null, customerArea: "Surulere" });
    const owners = await json<{ customerName: string | null }>(
      "owner",
      "GET",
      `/api/admin/operations/orders/${orderId}/workshop-sheet`,
    );
    expect(owners.customerName).toBe(NAME);

    const summary = await json<{ orders: unknown }>("catalogue", "GET", "/api/admin/operations/summary");
    expect(summary.orders).toBeNull();
    expect((await call("catalogue", "GET", `/api/admin/operations/orders/${orderId}`)).statusCode).toBe(403);
  });

  it("reaches the pages as it reaches the API: the order page and the list", async () => {
    for (const [role, reads] of Object.entries(READS) as [keyof typeof READS, (typeof READS)["owner"]][]) {
      for (const url of [`/admin/orders/${orderId}`, `/admin/orders?search=${reference}`, "/admin/dashboard"]) {
        const page = await call(role, "GET", url);
        expect(page.statusCode, `${role} ${url}`).toBe(200);
        expect(page.body.includes(NAME), `${role} ${url} name`).toBe(reads.name);
        expect(page.body.includes(PHONE_DIGITS), `${role} ${url} phone`).toBe(reads.phone);
      }
    }
  });

  it("leaves the phone out of what Accounts gets back from a payment it records or asks for", async () => {
    await json("owner", "PUT", `/api/admin/operations/orders/${orderId}`, { status: "quoted", depositDue: 40000 });
    const paid = await json<OrderAnswer>("accounts", "POST", `/api/admin/operations/orders/${orderId}/payments`, {
      amount: 10000,
      method: "cash",
    });
    expect(paid.customer).toMatchObject({ name: NAME, phone: null });
    const asked = await json<OrderAnswer>("accounts", "POST", `/api/admin/operations/orders/${orderId}/requests`, {
      amount: 5000,
    });
    expect(asked.customer).toMatchObject({ name: NAME, phone: null });
  });
});
