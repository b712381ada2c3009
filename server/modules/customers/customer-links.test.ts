import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { users } from "../../db/schema/accounts";
import { contactMessages } from "../../db/schema/contact";
import { customerAccounts, customerContacts, customers } from "../../db/schema/customers";
import { orders } from "../../db/schema/orders";
import { linkUnlinked } from "./customer-links.service";

const t = useTestApp();
let stool: { id: string };
beforeAll(async () => {
  stool = await insertProduct(t.db, { name: "Carved Stool", priceKobo: 35_000_00 });
});

async function order(browser: Browser, customer: object) {
  const response = await browser.call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: stool.id,
    customer,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { order } = response.json<{ order: { _id: string } }>();
  const [row] = await t.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, order._id));
  return row!.customerId!;
}

const contactsOf = async (customerId: string) =>
  (await t.db.select().from(customerContacts).where(eq(customerContacts.customerId, customerId)))
    .map((contact) => `${contact.kind}:${contact.value}`)
    .sort();

describe("joining arrivals to one customer", () => {
  it("joins guest orders from two phones with one number, the account signed up later, and a second number it adds", async () => {
    // Two devices, one number written two ways.
    const first = await order(new Browser(t.app), { name: "Ngozi Eze", phone: "0803 555 0101" });
    const second = await order(new Browser(t.app), { name: "Ngozi Eze", phone: "+234 803 555 0101" });
    expect(second).toBe(first);

    const phone = new Browser(t.app);
    const signUp = await phone.call("POST", "/api/auth/signup", {
      fullName: "Ngozi Eze",
      email: "Ngozi.Eze@Example.com",
      phoneNumber: "08035550101",
      password: "Str0ngPassword",
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const [account] = await t.db.select().from(users).where(eq(users.email, "ngozi.eze@example.com"));
    const [linked] = await t.db.select().from(customerAccounts).where(eq(customerAccounts.userId, account!.id));
    expect(linked?.customerId).toBe(first);

    const update = await phone.call(
      "PUT",
      "/api/auth/update",
      { username: "Ngozi Eze", email: "Ngozi.Eze@Example.com", phoneNumber: "0812 777 0202" },
      { origin: TEST_SITE.PUBLIC_URL },
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(await contactsOf(first)).toEqual([
      "email:ngozi.eze@example.com",
      "phone:+2348035550101",
      "phone:+2348127770202",
    ]);

    // A guest order from the second number, and the account's own order, are hers too.
    expect(await order(new Browser(t.app), { name: "Ngozi", phone: "08127770202" })).toBe(first);
    expect(await order(phone, { name: "Ngozi Eze", phone: "08127770202" })).toBe(first);
    expect(await t.db.select().from(customers).where(eq(customers.id, first))).toHaveLength(1);
  });

  it("joins a contact message to its sender by e-mail, and someone new gets a record of their own", async () => {
    const customerId = await order(new Browser(t.app), { name: "Tunde Bakare", phone: "0809 111 2233" });
    const sent = await new Browser(t.app).call(
      "POST",
      "/api/contact",
      {
        name: "Tunde",
        email: "tunde@example.com",
        phoneNumber: "08091112233",
        subject: "Delivery",
        message: "When will my stool arrive, please?",
      },
      { origin: TEST_SITE.PUBLIC_URL },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const [message] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, "tunde@example.com"));
    expect(message!.customerId).toBe(customerId);
    expect(await contactsOf(customerId)).toContain("email:tunde@example.com");

    const stranger = await order(new Browser(t.app), { name: "Bola", phone: "0705 000 0001" });
    expect(stranger).not.toBe(customerId);
  });

  it("joins at start what came before the book, once however often it runs", async () => {
    const [old] = await t.db
      .insert(orders)
      .values({
        reference: "FN-OLD01",
        trackingToken: "old-token-for-a-test-order-0000000000000000",
        kind: "item",
        customerName: "Old Customer",
        customerPhone: "+2348060000001",
        depositPercent: 50,
        fingerprint: "old-order",
      })
      .returning();
    expect(old!.customerId).toBeNull();
    await linkUnlinked(t.db);
    await linkUnlinked(t.db);
    const [joined] = await t.db.select().from(orders).where(eq(orders.id, old!.id));
    expect(joined!.customerId).not.toBeNull();
    expect(await contactsOf(joined!.customerId!)).toEqual(["phone:+2348060000001"]);
  });
});
