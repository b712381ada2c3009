/**
 * The salesperson answers: an order assigned to a member of staff who has given a WhatsApp
 * number sends its customer's questions there (the tracking page's "Ask about this order",
 * the owner's updates from the order desk), and to the shop's number otherwise. Members
 * set their own number; the owner sets anyone's. The owner's update asks for what is owed
 * now, with the amounts the desk's answer carries.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderUpdateMessage } from "../../../domain/orders/order-update-message";
import { DEFAULT_TEMPLATES } from "../../../domain/today/today.schema";
import { adminCookie, freshAddress, staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { users } from "../../db/schema/accounts";

const t = useTestApp();
const OPERATIONS = "/api/admin/operations";

let owner: string;
let sales: string;
let salesId: string;
beforeAll(async () => {
  owner = await adminCookie(t);
  sales = await staffCookie(t, ["sales"], "ngozi-sales@furnish.test");
  [{ id: salesId }] = (await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "ngozi-sales@furnish.test"))) as [{ id: string }];
});

const as = (cookie: string, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${OPERATIONS}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
    remoteAddress: freshAddress(),
  });

const digits = (number: string) => number.replace(/\D/g, "");

describe("a member's WhatsApp number", () => {
  it("is theirs to set, in any role, and the owner's to set for anyone; a number that is not one is refused", async () => {
    const set = await as(sales, "PUT", "/staff/me/whatsapp", { whatsappNumber: "0803 555 1234" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ _id: salesId, whatsappNumber: "+2348035551234" });
    expect((await as(sales, "GET", "/staff/me")).json().whatsappNumber).toBe("+2348035551234");

    const workshop = await staffCookie(t, ["workshop"]);
    expect((await as(workshop, "PUT", "/staff/me/whatsapp", { whatsappNumber: "" })).json().whatsappNumber).toBeNull();
    const wrong = await as(sales, "PUT", "/staff/me/whatsapp", { whatsappNumber: "call me" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      "Enter a WhatsApp number such as 0803 123 4567 or +234 803 123 4567, or leave it blank.",
    );
    // The sales member cannot set another's; the owner can, and the journal keeps the change.
    expect((await as(sales, "PUT", `/staff/${salesId}`, { whatsappNumber: "08030000000" })).statusCode).toBe(403);
    const byOwner = await as(owner, "PUT", `/staff/${salesId}`, { whatsappNumber: "+234 803 555 9999" });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().whatsappNumber).toBe("+2348035559999");
    const journal = await as(owner, "GET", "/journal?area=staff");
    expect(journal.body).toContain("Member's WhatsApp number changed");
  });
});

describe("an order's WhatsApp", () => {
  it("goes to the assigned salesperson's number while they are active, and to the shop's otherwise", async () => {
    await as(sales, "PUT", "/staff/me/whatsapp", { whatsappNumber: "0803 555 1234" });
    const product = await insertProduct(t.db, { name: "Assigned Armchair" });
    const guest = new Browser(t.app);
    const placed = await guest.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: product.id });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, trackingUrl } = placed.json<{ order: { _id: string }; trackingUrl: string }>();
    const track = async () => {
      const response = await guest.call("GET", `/api/orders/track/${trackingUrl.split("/").at(-1)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ whatsappNumber: string }>().whatsappNumber;
    };
    expect(digits(await track())).toBe(digits(TEST_SITE.WHATSAPP_NUMBER));

    const assigned = await as(owner, "PUT", `/orders/${order._id}`, { assigneeId: salesId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const desk = assigned.json();
    expect(desk.assignee).toMatchObject({ _id: salesId, whatsappNumber: "+2348035551234" });
    expect(digits(await track())).toBe("2348035551234");
    // The owner's update to the customer names the salesperson and their chat.
    const update = orderUpdateMessage(desk, DEFAULT_TEMPLATES, { customerName: null, salesperson: desk.assignee });
    expect(update).toContain(`Questions? Staff sales looks after your order: https://wa.me/2348035551234?text=`);

    // Suspended, they answer no one: the shop's number is back, on the page and in the desk's message.
    expect((await as(owner, "PUT", `/staff/${salesId}`, { status: "suspended" })).statusCode).toBe(200);
    expect(digits(await track())).toBe(digits(TEST_SITE.WHATSAPP_NUMBER));
    const after = (await as(owner, "GET", `/orders/${order._id}`)).json();
    expect(after.assignee.whatsappNumber).toBeNull();
    expect(
      orderUpdateMessage(after, DEFAULT_TEMPLATES, { customerName: null, salesperson: after.assignee }),
    ).not.toContain("looks after your order");
    await as(owner, "PUT", `/staff/${salesId}`, { status: "active" });
  });
});

describe("the owner's update asks for what is owed", () => {
  it("at the quote the deposit still owed, once ready the balance, each with the tracking page's pay link", async () => {
    const product = await insertProduct(t.db, { name: "Owed Ottoman", priceKobo: 100_000_00 });
    const guest = new Browser(t.app);
    const placed = await guest.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: product.id });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, trackingUrl } = placed.json<{ order: { _id: string }; trackingUrl: string }>();
    const change = async (method: "PUT" | "POST", url: string, payload: object) => {
      const response = await as(owner, method, url, payload);
      expect(response.statusCode, response.body).toBe(200);
      const desk = response.json();
      expect(desk.trackingUrl).toBe(trackingUrl);
      return { status: desk.status, message: orderUpdateMessage(desk, DEFAULT_TEMPLATES, { customerName: null }) };
    };
    const pay = (amount: number) =>
      change("POST", `/orders/${order._id}/payments`, { amount, method: "transfer", paidOn: "2026-11-20" });

    let update = await change("PUT", `/orders/${order._id}`, { status: "quoted", depositDue: 50_000 });
    // The quote waits for the customer's answer: the link opens it, where it is approved and paid.
    expect(update.message).toContain(
      `Deposit to start: ₦50,000.00\nYou can pay here: ${trackingUrl}#quote-section\n\n`,
    );
    // Part of the deposit paid: what is left of it, never the whole deposit again.
    update = await pay(20_000);
    expect(update.status).toBe("quoted");
    expect(update.message).toContain(`Deposit to start: ₦30,000.00\nYou can pay here: ${trackingUrl}#pay`);
    // The deposit in, the order is made before the balance is asked for.
    update = await pay(30_000);
    expect(update.status).toBe("deposit_paid");
    expect(update.message).not.toContain("#pay");
    update = await change("PUT", `/orders/${order._id}`, { status: "ready" });
    expect(update.message).toContain(`Balance: ₦50,000.00\nYou can pay here: ${trackingUrl}#pay\n\n`);
    update = await pay(50_000);
    // Paid in full: the update asks for nothing.
    expect(update.message).not.toContain("Balance:");
    expect(update.message).not.toContain("#pay");
  });
});
