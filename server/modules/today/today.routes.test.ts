/**
 * Today through the API (docs/product.md, Today): each queue's entry and exit rule, done
 * and snooze stamped with who, the WhatsApp message filled from the owner's templates, a
 * template naming an unknown field refused, and who may see it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "../../../domain/catalog/furniture";
import { addDays } from "../../../domain/dates";
import type { Today, TodayEntry, TodayQueue } from "../../../domain/today/today.schema";
import { adminCookie, customerCookie, staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { contactMessages } from "../../db/schema/contact";
import { journalEntries } from "../../db/schema/journal";
import { orderEvents, orders } from "../../db/schema/orders";
import { orderQuotes } from "../../db/schema/quotes";
import { addShopHours } from "../../../domain/today/shop-hours";

const t = useTestApp();
const OPS = "/api/admin/operations";
const DAY = 86_400_000;

let owner: string;
let sofa: { id: string };

beforeAll(async () => {
  owner = await adminCookie(t);
  sofa = await insertProduct(t.db, { name: "Today Sofa", priceKobo: 400_000_00 });
});

const as = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${OPS}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
  });

async function today(cookie = owner): Promise<Today> {
  const response = await as(cookie, "GET", "/today");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Today>();
}

const entriesOf = async (kind: TodayQueue) => (await today()).queues.find((queue) => queue.kind === kind)!.entries;
const entryFor = async (kind: TodayQueue, orderId: string): Promise<TodayEntry | undefined> =>
  (await entriesOf(kind)).find((entry) => entry.orderId === orderId);

interface Placed {
  id: string;
  reference: string;
  token: string;
  lineId: string;
  guest: Browser;
}

async function place(name: string): Promise<Placed> {
  const guest = new Browser(t.app);
  const response = await guest.call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: sofa.id,
    customer: { name, phone: "0803 555 0101" },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { order, trackingUrl } = response.json<{
    order: { _id: string; reference: string; lines: Array<{ _id: string }> };
    trackingUrl: string;
  }>();
  return {
    id: order._id,
    reference: order.reference,
    token: trackingUrl.split("/").at(-1)!,
    lineId: order.lines[0]!._id,
    guest,
  };
}

async function sendQuote(placed: Placed) {
  const response = await as(owner, "POST", `/orders/${placed.id}/quotes`, {
    lines: [{ lineId: placed.lineId, quantity: 1, unitPrice: 400000 }],
    fees: [],
    discount: 0,
    validUntil: addDays(lagosToday(), 14),
    depositPercent: 50,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Moves the order's times back by `days`: its creation, its quotes' sending, its timeline (an approval stays as given). */
async function ageOrder(id: string, days: number) {
  await t.db.execute(
    `update orders set created_at = created_at - interval '${days} days', updated_at = updated_at - interval '${days} days' where id = '${id}'`,
  );
  await t.db.execute(`update order_quotes set sent_at = sent_at - interval '${days} days' where order_id = '${id}'`);
  await t.db.execute(`update order_events set at = at - interval '${days} days' where order_id = '${id}'`);
}

const DEFAULTS = { newOrderHours: 2, quoteDays: 2, depositDays: 3, readyDays: 2, reviewDays: 7, cartHours: 24 };

async function setFollowUps(change: Partial<typeof DEFAULTS>) {
  const saved = await as(owner, "PUT", "/settings", { followUps: { ...DEFAULTS, ...change } });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe("Today's queues", () => {
  it("lists a new order once the shop hours pass, marked late after a day, and drops it once answered", async () => {
    const placed = await place("Adaeze");
    expect(await entryFor("new_orders", placed.id)).toBeUndefined();
    await ageOrder(placed.id, 2);
    const entry = await entryFor("new_orders", placed.id);
    expect(entry).toMatchObject({ reference: placed.reference, late: true });
    const [row] = await t.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.customerId).not.toBeNull();
    expect(entry!.customerId).toBe(row!.customerId);
    expect(entry!.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348035550101\?text=/);
    expect(entry!.message).toContain(`Good day Adaeze, thank you for your order ${placed.reference}.`);
    await sendQuote(placed);
    expect(await entryFor("new_orders", placed.id)).toBeUndefined();
  });

  it("chases a quote with no answer after the owner's days, and lets it go once approved", async () => {
    const placed = await place("Bola");
    await sendQuote(placed);
    expect(await entryFor("quotes_waiting", placed.id)).toBeUndefined();
    await ageOrder(placed.id, 3);
    const entry = await entryFor("quotes_waiting", placed.id);
    expect(entry?.message).toBe(
      `Good day Bola, we trust you are well. We sent the quote for your order ${placed.reference} and would love to hear what you think. Any questions at all, please let us know.\n\nYou can read it here: ${TEST_SITE.PUBLIC_URL}/orders/t/${placed.token}`,
    );
    const approved = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 1,
      name: "Bola",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await entryFor("quotes_waiting", placed.id)).toBeUndefined();
  });

  it("lists a quote about to expire", async () => {
    const placed = await place("Chika");
    await sendQuote(placed);
    await t.db
      .update(orderQuotes)
      .set({ validUntil: addDays(lagosToday(), 1) })
      .where(eq(orderQuotes.orderId, placed.id));
    expect(await entryFor("quotes_expiring", placed.id)).toMatchObject({ reference: placed.reference });
  });

  it("chases an unpaid deposit days after the approval, and drops it when the payment arrives", async () => {
    const placed = await place("Dayo");
    await sendQuote(placed);
    const approved = await placed.guest.call("POST", `/api/orders/track/${placed.token}/approve`, {
      version: 1,
      name: "Dayo",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await entryFor("deposits_due", placed.id)).toBeUndefined();
    await setFollowUps({ depositDays: 0 });
    const entry = await entryFor("deposits_due", placed.id);
    expect(entry).toMatchObject({ detail: "Deposit owed ₦200,000.00" });
    expect(entry!.message).toContain("the deposit of ₦200,000.00");
    expect(entry!.message).toContain(`/orders/t/${placed.token}#pay`);
    // Part of it paid: still owed, the amount follows.
    const part = await as(owner, "POST", `/orders/${placed.id}/payments`, { amount: 50_000, method: "cash" });
    expect(part.statusCode, part.body).toBe(200);
    expect(await entryFor("deposits_due", placed.id)).toMatchObject({ detail: "Deposit owed ₦150,000.00" });
    const rest = await as(owner, "POST", `/orders/${placed.id}/payments`, { amount: 150_000, method: "transfer" });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await entryFor("deposits_due", placed.id)).toBeUndefined();
    await setFollowUps({});
  });

  it("lists a ready order with its balance after the owner's days, and drops it once delivered; then asks for a review", async () => {
    const placed = await place("Emeka");
    await sendQuote(placed);
    const paid = await as(owner, "POST", `/orders/${placed.id}/payments`, { amount: 300_000, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await as(owner, "PUT", `/orders/${placed.id}`, { status: "ready" })).statusCode).toBe(200);
    expect(await entryFor("ready_undelivered", placed.id)).toBeUndefined();
    await ageOrder(placed.id, 3);
    const entry = await entryFor("ready_undelivered", placed.id);
    expect(entry).toMatchObject({ detail: "Balance ₦100,000.00" });
    expect(entry!.message).toContain("The balance is ₦100,000.00.");
    const balance = await as(owner, "POST", `/orders/${placed.id}/payments`, { amount: 100_000, method: "cash" });
    expect(balance.statusCode, balance.body).toBe(200);
    const delivered = await as(owner, "PUT", `/orders/${placed.id}`, { status: "delivered" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await entryFor("ready_undelivered", placed.id)).toBeUndefined();
    // Delivered within the review days: ask, with the order's own review link; after them, the moment has passed.
    const ask = await entryFor("review_asks", placed.id);
    const { reviewUrl } = (await as(owner, "GET", `/orders/${placed.id}`)).json<{ reviewUrl: string | null }>();
    expect(reviewUrl).toMatch(/\/reviews\/[0-9a-f]{64}$/);
    expect(ask!.message).toContain(`You can write it here: ${reviewUrl}`);
    await t.db
      .update(orderEvents)
      .set({ at: new Date(Date.now() - 8 * DAY) })
      .where(eq(orderEvents.orderId, placed.id));
    expect(await entryFor("review_asks", placed.id)).toBeUndefined();
  });

  it("counts a ready order's days from when it became ready, whatever changed on it since", async () => {
    const placed = await place("Ifeoma");
    await sendQuote(placed);
    const paid = await as(owner, "POST", `/orders/${placed.id}/payments`, { amount: 300_000, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    const ready = await as(owner, "PUT", `/orders/${placed.id}`, { status: "ready" });
    expect(ready.statusCode, ready.body).toBe(200);
    // Ready three days ago; a note added today changed the order since.
    await t.db.execute(`update order_events set at = at - interval '3 days' where order_id = '${placed.id}'`);
    await t.db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, placed.id));
    expect(await entryFor("ready_undelivered", placed.id)).toBeDefined();
  });

  it("lists tomorrow's visits and unanswered contact messages until they are read", async () => {
    const placed = await place("Funmi");
    const tomorrow = new Date(`${addDays(lagosToday(), 1)}T11:00:00+01:00`);
    await t.db.update(orders).set({ status: "visit_booked", visitBookedFor: tomorrow }).where(eq(orders.id, placed.id));
    expect(await entryFor("visits_tomorrow", placed.id)).toBeDefined();

    const [message] = await t.db
      .insert(contactMessages)
      .values({
        name: "Gbenga",
        email: "g@example.com",
        phoneNumber: "08034445566",
        subject: "Dining set",
        message: "Price?",
      })
      .returning();
    const listed = (await entriesOf("messages_unanswered")).find((entry) => entry._id.includes(message!.id));
    expect(listed).toMatchObject({ title: "Gbenga", detail: "Dining set" });
    expect(listed!.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348034445566\?text=Good%20day%20Gbenga/);
    await t.db.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, message!.id));
    expect((await entriesOf("messages_unanswered")).find((entry) => entry._id.includes(message!.id))).toBeUndefined();
  });
});

describe("the review queue's second ask", () => {
  /** An order placed, quoted, paid in full and delivered through the desk, as the owner does. */
  async function delivered(name: string): Promise<Placed> {
    const placed = await place(name);
    await sendQuote(placed);
    const paid = await as(owner, "POST", `/orders/${placed.id}/payments`, { amount: 400_000, method: "cash" });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const status of ["ready", "delivered"]) {
      const moved = await as(owner, "PUT", `/orders/${placed.id}`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return placed;
  }

  /**
   * Moves the order's story `days` back, all of it at once: its timeline (the delivery) and
   * the review queue's marks on it, whose ids name the moments they were made for.
   */
  async function goBack(id: string, days: number) {
    await t.db.execute(`update order_events set at = at - interval '${days} days' where order_id = '${id}'`);
    await t.db.execute(
      `update today_marks set done_at = done_at - interval '${days} days',
         entry_id = 'review_asks.${id}.' || (split_part(entry_id, '.', 3)::bigint - ${days * DAY})
       where entry_id like 'review_asks.${id}.%'`,
    );
  }

  const done = async (entry: TodayEntry) => {
    const marked = await as(owner, "POST", `/today/${entry._id}/done`);
    expect(marked.statusCode, marked.body).toBe(200);
  };

  it("asks once on delivery, once more 7 days after that ask with no review, and never a third time", async () => {
    const placed = await delivered("Kelechi");
    const { reviewUrl } = (await as(owner, "GET", `/orders/${placed.id}`)).json<{ reviewUrl: string }>();
    const first = (await entryFor("review_asks", placed.id))!;
    expect(first).toMatchObject({ reference: placed.reference, detail: null });
    expect(first.message).toContain(`You can write it here: ${reviewUrl}`);
    await done(first);
    expect(await entryFor("review_asks", placed.id)).toBeUndefined();

    // Six days after the ask: not yet.
    await goBack(placed.id, 6);
    expect(await entryFor("review_asks", placed.id)).toBeUndefined();
    // Seven: asked once more, with the same link, named as the second ask.
    await goBack(placed.id, 1);
    const again = (await entryFor("review_asks", placed.id))!;
    expect(again).toBeDefined();
    expect(again._id).not.toBe(first._id);
    expect(again.detail).toMatch(/^Asked on .+, no review yet: ask once more$/);
    expect(again.message).toContain(`You can write it here: ${reviewUrl}`);
    expect(Date.parse(again.dueAt)).toBeLessThanOrEqual(Date.now());
    const queue = (await today()).queues.find((listed) => listed.kind === "review_asks")!;
    expect(queue.entries.filter((entry) => entry.orderId === placed.id)).toHaveLength(1);

    await done(again);
    expect(await entryFor("review_asks", placed.id)).toBeUndefined();
    // Weeks later, still no review: the shop does not ask a third time.
    await goBack(placed.id, 7);
    expect(await entryFor("review_asks", placed.id)).toBeUndefined();
    await goBack(placed.id, 30);
    expect(await entryFor("review_asks", placed.id)).toBeUndefined();
  });

  it("leaves the queue when the customer reviews, before the first ask or while the second waits", async () => {
    const writeReview = async (placed: Placed) => {
      const [row] = await t.db.select({ token: orders.reviewToken }).from(orders).where(eq(orders.id, placed.id));
      const written = await new Browser(t.app).call("POST", `/api/reviews/${row!.token}`, {
        lineId: placed.lineId,
        rating: 5,
        title: "Lovely sofa",
        text: "It came on time and it is very comfortable.",
        displayName: "Ngozi, Yaba",
      });
      expect(written.statusCode, written.body).toBeLessThan(300);
    };

    // Reviewed straight from the delivery message: nobody needs to ask.
    const early = await delivered("Lami");
    expect(await entryFor("review_asks", early.id)).toBeDefined();
    await writeReview(early);
    expect(await entryFor("review_asks", early.id)).toBeUndefined();

    // Asked, then a week on asked again; the review arrives: the second ask leaves by itself.
    const late = await delivered("Musa");
    await done((await entryFor("review_asks", late.id))!);
    await goBack(late.id, 7);
    expect(await entryFor("review_asks", late.id)).toBeDefined();
    await writeReview(late);
    expect(await entryFor("review_asks", late.id)).toBeUndefined();
  });

  it("counts the second asks with the first, and the marked ones with neither", async () => {
    const before = (await today()).queues.find((queue) => queue.kind === "review_asks")!.count;
    const placed = await delivered("Obinna");
    const counted = async () => (await today()).queues.find((queue) => queue.kind === "review_asks")!.count;
    expect(await counted()).toBe(before + 1);
    await done((await entryFor("review_asks", placed.id))!);
    expect(await counted()).toBe(before);
    await goBack(placed.id, 7);
    expect(await counted()).toBe(before + 1);
  });
});

describe("done and snooze", () => {
  it("hide an entry, stamped with who and journaled; a snooze ends by itself", async () => {
    const placed = await place("Hauwa");
    await ageOrder(placed.id, 2);
    const entry = (await entryFor("new_orders", placed.id))!;

    const early = await as(owner, "POST", `/today/${entry._id}/snooze`, { until: "2001-01-01" });
    expect(early.statusCode).toBe(400);
    const snoozed = await as(owner, "POST", `/today/${entry._id}/snooze`, { until: addDays(lagosToday(), 2) });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(snoozed.json()).toMatchObject({ _id: entry._id, snoozedBy: expect.any(String), doneAt: null });
    expect(await entryFor("new_orders", placed.id)).toBeUndefined();
    // The snooze over (moved back for the test), the entry is back.
    await t.db.execute(
      `update today_marks set snoozed_until = now() - interval '1 minute' where entry_id = '${entry._id}'`,
    );
    expect(await entryFor("new_orders", placed.id)).toBeDefined();

    const done = await as(owner, "POST", `/today/${entry._id}/done`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().doneAt).not.toBeNull();
    expect(await entryFor("new_orders", placed.id)).toBeUndefined();
    const journal = await t.db.select().from(journalEntries).where(eq(journalEntries.item, placed.id));
    expect(journal.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Follow-up snoozed until /),
        "Follow-up done: New orders and requests waiting for a reply",
      ]),
    );
  });

  it("refuses an entry whose cause is gone (404) and an id that is none (400)", async () => {
    const placed = await place("Ife");
    await ageOrder(placed.id, 2);
    const entry = (await entryFor("new_orders", placed.id))!;
    await sendQuote(placed);
    expect((await as(owner, "POST", `/today/${entry._id}/done`)).statusCode).toBe(404);
    expect((await as(owner, "POST", "/today/not-an-entry/done")).statusCode).toBe(400);
  });
});

describe("the owner's thresholds and templates", () => {
  it("fill the messages, and refuse a field we cannot fill", async () => {
    const refused = await as(owner, "PUT", "/settings", {
      messageTemplates: { deposits_due: "Hello {name}, pay {amount} now" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("{amount}");

    const saved = await as(owner, "PUT", "/settings", {
      followUps: { ...DEFAULTS, newOrderHours: 0 },
      messageTemplates: { new_orders: "Hi {name}! {reference} is in. {tracking_link}" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().messageTemplates.new_orders).toBe("Hi {name}! {reference} is in. {tracking_link}");
    // The others keep their defaults.
    expect(saved.json().messageTemplates.quotes_waiting).toContain("We sent the quote");

    const placed = await place("Jide");
    // 0 hours: at once.
    expect((await entryFor("new_orders", placed.id))?.message).toBe(
      `Hi Jide! ${placed.reference} is in. ${TEST_SITE.PUBLIC_URL}/orders/t/${placed.token}`,
    );
    await setFollowUps({});
  });

  it("counts shop hours: Monday to Saturday, 8 am to 6 pm in Lagos", () => {
    // Saturday 17:00 Lagos + 2 h → Monday 09:00 Lagos.
    expect(addShopHours(new Date("2026-11-28T16:00:00Z"), 2).toISOString()).toBe("2026-11-30T08:00:00.000Z");
    // Tuesday 03:00 Lagos + 2 h → Tuesday 10:00.
    expect(addShopHours(new Date("2026-12-01T02:00:00Z"), 2).toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });
});

describe("who sees Today", () => {
  it("the Owner and Sales; not Accounts, Workshop, Catalogue or customers", async () => {
    expect((await as(await staffCookie(t, ["sales"]), "GET", "/today")).statusCode).toBe(200);
    for (const role of ["accounts", "workshop", "catalogue"] as const) {
      expect((await as(await staffCookie(t, [role]), "GET", "/today")).statusCode).toBe(403);
    }
    expect((await as(await customerCookie(t), "GET", "/today")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `${OPS}/today` })).statusCode).toBe(401);
  });
});
