import { describe, expect, it } from "vitest";
import { adminCookie, customerCookie } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { contactMessages } from "../../db/schema/contact";

const t = useTestApp();

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
    expect(summary.json()).toEqual({ products: 2, collections: 1, projects: 1, unreadMessages: 2 });

    expect((await t.app.inject({ method: "GET", url: "/api/admin/operations/summary" })).statusCode).toBe(401);
    const customer = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations/summary",
      headers: { cookie: await customerCookie(t) },
    });
    expect(customer.statusCode).toBe(403);
  });
});
