import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminCookie, customerCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertCollection, insertProduct, insertProject } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { contactMessages } from "../../db/schema/contact";
import { orders } from "../../db/schema/orders";

const t = useTestApp();

const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());

describe("the dashboard summary", () => {
  it("counts products, collections, projects and unread messages, for admins only", async () => {
    await insertProduct(t.db);
    await insertProduct(t.db);
    await insertCollection(t.db);
    await insertProject(t.db);
    const message = {
      name: "Ada",
      email: "ada@example.com",
      phoneNumber: "08012345678",
      subject: "Hi",
      message: "Hello",
    };
    await t.db.insert(contactMessages).values([message, message, { ...message, readAt: new Date() }]);

    const summary = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations/summary",
      headers: { cookie: await adminCookie(t) },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ products: 2, collections: 1, projects: 1, unreadMessages: 2 });

    expect((await t.app.inject({ method: "GET", url: "/api/admin/operations/summary" })).statusCode).toBe(401);
    const customer = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations/summary",
      headers: { cookie: await customerCookie(t) },
    });
    expect(customer.statusCode).toBe(403);
  });

  it("tells the owner what the orders need today: replies, deliveries, money owed and the last 30 days", async () => {
    const admin = await adminCookie(t);
    const desk = (method: "PUT" | "POST", url: string, payload: object) =>
      t.app.inject({
        method,
        url: `/api/admin/operations/orders${url}`,
        payload,
        headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
      });
    const table = await insertProduct(t.db, { name: "Iroko Table", priceKobo: 200_000_00 });
    const place = async (quantity: number) => {
      const response = await new Browser(t.app).call("POST", "/api/orders", {
        kind: "item",
        itemType: "Product",
        itemId: table.id,
        quantity,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ order: { _id: string; reference: string } }>().order;
    };
    // Waiting since two days ago, waiting since now, ready (₦400,000 paid ₦300,000), cancelled, quoted (₦200,000).
    const [old, fresh, ready, dropped, quoted] = [
      await place(1),
      await place(2),
      await place(2),
      await place(3),
      await place(1),
    ];
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(orders.id, old._id));
    expect((await desk("PUT", `/${ready._id}`, { depositDue: 150_000 })).statusCode).toBe(200);
    expect((await desk("POST", `/${ready._id}/payments`, { amount: 300_000, method: "cash" })).statusCode).toBe(200);
    expect((await desk("PUT", `/${ready._id}`, { status: "ready" })).statusCode).toBe(200);
    expect((await desk("PUT", `/${dropped._id}`, { status: "cancelled" })).statusCode).toBe(200);
    expect((await desk("PUT", `/${quoted._id}`, { status: "quoted" })).statusCode).toBe(200);

    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations/summary",
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const glance = response.json().orders;
    expect(glance.byStatus).toEqual({
      new: 2,
      visit_proposed: 0,
      visit_booked: 0,
      visited: 0,
      quoted: 1,
      deposit_paid: 0,
      in_production: 0,
      ready: 1,
      sent: 0,
      delivered: 0,
      closed: 0,
      cancelled: 1,
    });
    expect(glance.visitsTomorrow).toEqual([]);
    // Oldest first: the one waiting longest is the first to answer.
    expect(glance.waiting.map((order: { reference: string }) => order.reference)).toEqual([
      old.reference,
      fresh.reference,
    ]);
    expect(glance.ready).toMatchObject([{ reference: ready.reference, total: 400_000, balance: 100_000 }]);
    // Only quoted orders owe anything (a new one's price is not agreed yet): the quoted one
    // the order terms' deposit (half of ₦200,000); the ready one's deposit is paid.
    expect(glance.depositsOutstanding).toBe(100_000);
    // ₦200,000 + ₦100,000; the new and cancelled orders owe nothing.
    expect(glance.balancesOutstanding).toBe(300_000);
    expect(glance.perDay).toHaveLength(30);
    expect(glance.perDay.at(-1)).toEqual({ day: lagosToday(), count: 4 });
    expect(glance.perDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(5);
  });
});
