/**
 * E-mail reminders (docs/product.md, E-mail reminders): off unless the owner turns them on
 * and the customer ticked the box; a quote waiting and a balance due; at most one per
 * order every 3 days, even when runs race; a link that stops them without signing in,
 * answered by the page and by a mail program's one-click post.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "../../../domain/catalog/furniture";
import { addDays } from "../../../domain/dates";
import { DEFAULT_FOLLOW_UPS, DEFAULT_TEMPLATES } from "../../../domain/today/today.schema";
import { adminCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { users } from "../../db/schema/accounts";
import { orders } from "../../db/schema/orders";
import { orderReminders } from "../../db/schema/today";
import { createMailer } from "../mail/mailer";
import { TEST_MAIL_FROM } from "../../../tests/support/test-app";
import { sendEmailReminders, unsubscribePath } from "./email-reminders.service";

const t = useTestApp({ pages: true });
const DESK = "/api/admin/operations/orders";
const DAY = 86_400_000;
let owner: string;
let chair: { id: string };

beforeAll(async () => {
  owner = await adminCookie(t);
  chair = await insertProduct(t.db, { name: "Reminder Chair", priceKobo: 100_000_00 });
});

const desk = (method: "POST" | "PUT", url: string, payload: object) =>
  t.app.inject({ method, url: `${DESK}${url}`, payload, headers: { cookie: owner, origin: TEST_SITE.PUBLIC_URL } });

let nextEmail = 0;

/** A customer signed up and ordering, with or without ticking the box; the quote sent 3 days ago. */
async function quotedOrder(agreed: boolean) {
  const customer = new Browser(t.app);
  const email = `reminded${nextEmail++}-${Date.now()}@example.com`;
  const signed = await customer.call("POST", "/api/auth/signup", {
    fullName: "Kemi Ade",
    email,
    phoneNumber: "08031112222",
    password: "Str0ngPassword",
  });
  expect(signed.statusCode, signed.body).toBe(201);
  const placed = await customer.call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: chair.id,
    customer: { name: "Kemi", emailReminders: agreed },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order } = placed.json<{ order: { _id: string; reference: string; lines: Array<{ _id: string }> } }>();
  const quoted = await desk("POST", `/${order._id}/quotes`, {
    lines: [{ lineId: order.lines[0]!._id, quantity: 1, unitPrice: 100000 }],
    fees: [],
    discount: 0,
    validUntil: addDays(lagosToday(), 14),
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  await t.db.execute(`update order_quotes set sent_at = sent_at - interval '3 days' where order_id = '${order._id}'`);
  return { id: order._id, reference: order.reference, email };
}

const deps = (enabled: boolean) => ({
  mailer: createMailer({ from: TEST_MAIL_FROM, outboxDir: t.outboxDir, log: { info: () => {} } }),
  shop: { name: TEST_SITE.SHOP_NAME, inbox: null, publicUrl: TEST_SITE.PUBLIC_URL },
  settings: { followUps: DEFAULT_FOLLOW_UPS, messageTemplates: DEFAULT_TEMPLATES, publicUrl: TEST_SITE.PUBLIC_URL },
  enabled,
  log: { error: () => {} },
});

async function mailsTo(email: string): Promise<string[]> {
  const files = await readdir(t.outboxDir);
  const mails = await Promise.all(files.map((file) => readFile(path.join(t.outboxDir, file), "utf8")));
  return mails.map((text) => text.replace(/=\r?\n/g, "")).filter((text) => text.includes(email));
}

describe("e-mail reminders", () => {
  it("go only when the owner turned them on and the customer agreed, once per order every 3 days", async () => {
    const agreed = await quotedOrder(true);
    const declined = await quotedOrder(false);

    expect(await sendEmailReminders(t.db, deps(false))).toBe(0);
    expect(await mailsTo(agreed.email)).toEqual([]);

    // Two runs at once (two instances): one e-mail.
    const [first, second] = await Promise.all([
      sendEmailReminders(t.db, deps(true)),
      sendEmailReminders(t.db, deps(true)),
    ]);
    expect(first + second).toBe(1);
    const mails = await mailsTo(agreed.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`the quote for your order ${agreed.reference} is waiting for your answer`);
    expect(mails[0]).toMatch(/List-Unsubscribe:\s+<https?:\/\/[^>]+\/reminders\/stop\/[0-9a-f]{64}>/);
    expect(mails[0]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(await mailsTo(declined.email)).toEqual([]);

    // Again the next day: still within the 3 days.
    expect(await sendEmailReminders(t.db, deps(true), new Date(Date.now() + DAY))).toBe(0);
    expect(await mailsTo(agreed.email)).toHaveLength(1);
    // Three days on, the quote still unanswered: the next one.
    await t.db
      .update(orderReminders)
      .set({ sentAt: new Date(Date.now() - 3 * DAY - 1000) })
      .where(eq(orderReminders.orderId, agreed.id));
    expect(await sendEmailReminders(t.db, deps(true))).toBe(1);
    expect(await mailsTo(agreed.email)).toHaveLength(2);
  });

  it("stop by the link, without signing in: the page asks first, a post (or a one-click post) stops them", async () => {
    const agreed = await quotedOrder(true);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, agreed.id));
    const url = unsubscribePath(row!.reminderToken);

    const opened = await t.app.inject({ method: "GET", url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("Stop e-mail reminders?");
    expect((await t.db.select().from(orders).where(eq(orders.id, agreed.id)))[0]!.emailReminders).toBe(true);

    const oneClick = await t.app.inject({
      method: "POST",
      url,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain("Reminders stopped");
    const [after] = await t.db.select().from(orders).where(eq(orders.id, agreed.id));
    expect(after!.emailReminders).toBe(false);
    const [account] = await t.db.select().from(users).where(eq(users.id, after!.userId!));
    expect(account!.emailReminders).toBe(false);
    expect(await sendEmailReminders(t.db, deps(true))).toBe(0);

    const made = await t.app.inject({ method: "POST", url: unsubscribePath("0".repeat(64)) });
    expect(made.statusCode).toBe(404);
  });

  it("ignore a guest's yes: a guest gave no address", async () => {
    const guest = new Browser(t.app);
    const placed = await guest.call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: chair.id,
      customer: { name: "Guest", emailReminders: true },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.json().order._id));
    expect(row!.emailReminders).toBe(false);
  });
});
