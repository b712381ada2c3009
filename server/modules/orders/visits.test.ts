import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosDay } from "../../../domain/dates";
import { adminCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_MAIL_FROM, TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { orders } from "../../db/schema/orders";
import { createMailer } from "../mail/mailer";
import { remindVisits } from "./visit-reminders.service";

const t = useTestApp();
const DESK = "/api/admin/operations/orders";
const DAY = 24 * 60 * 60 * 1000;

let admin: string;
beforeAll(async () => {
  admin = await adminCookie(t);
});

const desk = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${DESK}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
  });

/** A Lagos time `days` from today, "2026-12-02T10:00:00.000Z"-style ISO. */
const lagosAt = (days: number, time: string) =>
  new Date(`${lagosDay(new Date(Date.now() + days * DAY))}T${time}:00+01:00`).toISOString();

/** A quote of one piece of the owner's own at ₦850,000, valid for two weeks. */
const quoteFor = (name: string) => ({
  lines: [{ name, quantity: 1, unitPrice: 850_000 }],
  validUntil: new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10),
});

async function requestVisit(browser: Browser, brief = "Measure the living room for a sectional.") {
  const placed = await browser.call("POST", "/api/orders", {
    kind: "service",
    service: "Site visit",
    brief,
    area: "Yaba",
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, trackingUrl } = placed.json<{ order: { _id: string; visit: unknown }; trackingUrl: string }>();
  return { id: order._id, order, token: new URL(trackingUrl).pathname.split("/").pop()! };
}

describe("a service request's visit", () => {
  it("is proposed by the owner, booked by the customer on their order's page, then marked visited", async () => {
    const customer = new Browser(t.app);
    const { id, order, token } = await requestVisit(customer);
    expect(order.visit).toEqual({ proposed: [], bookedFor: null });

    const [early, late] = [lagosAt(3, "10:00"), lagosAt(4, "15:30")];
    const proposed = await desk("POST", `/${id}/visits`, { slots: [late, early] });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({
      status: "visit_proposed",
      visit: { proposed: [early, late], bookedFor: null },
    });
    // The visit's own steps are not a status to pick: the owner moves on to "Visited" from here.
    expect(proposed.json().nextStatuses).toEqual([
      "visited",
      "quoted",
      "deposit_paid",
      "in_production",
      "ready",
      "delivered",
      "closed",
      "cancelled",
    ]);

    const tracked = await customer.call("GET", `/api/orders/track/${token}`);
    expect(tracked.json()).toMatchObject({ status: "visit_proposed", visit: { proposed: [early, late] } });

    const wrong = await customer.call("POST", `/api/orders/track/${token}/visit`, { slot: lagosAt(5, "09:00") });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Choose one of the times we proposed.");

    // The same time written another way (Lagos time, no offset) is the one proposed.
    const booked = await customer.call("POST", `/api/orders/track/${token}/visit`, {
      slot: new Date(Date.parse(late) + 60 * 60 * 1000).toISOString().slice(0, 16),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ status: "visit_booked", visit: { bookedFor: late } });
    expect(booked.json().events.map((event: { status: string }) => event.status)).toEqual([
      "new",
      "visit_proposed",
      "visit_booked",
    ]);

    const visited = await desk("PUT", `/${id}`, { status: "visited" });
    expect(visited.statusCode, visited.body).toBe(200);
    expect(visited.json().status).toBe("visited");
    // Past the visit, its time no longer changes.
    const late2 = await customer.call("POST", `/api/orders/track/${token}/visit`, { slot: early });
    expect(late2.statusCode).toBe(409);

    // The measurements taken, the quote follows and the request is quoted.
    const quoted = await desk("POST", `/${id}/quotes`, quoteFor("Sectional sofa, made to measure"));
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ status: "quoted", total: 850_000 });
  });

  it("keeps a booked visit standing when a quote is sent ahead of it", async () => {
    const { id } = await requestVisit(new Browser(t.app));
    const booked = await desk("POST", `/${id}/visits`, { slots: [lagosAt(2, "11:00")], book: true });
    expect(booked.statusCode, booked.body).toBe(200);
    const quoted = await desk("POST", `/${id}/quotes`, quoteFor("Design consultation"));
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ status: "visit_booked", quote: { version: 1 } });
  });

  it("is booked by the owner after a call, and refuses past times, too many, a status jump and an order of items", async () => {
    const { id } = await requestVisit(new Browser(t.app));
    const past = await desk("POST", `/${id}/visits`, { slots: [lagosAt(-1, "10:00")] });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("Each time proposed must be in the future.");
    const six = await desk("POST", `/${id}/visits`, {
      slots: [1, 2, 3, 4, 5, 6].map((days) => lagosAt(days, "10:00")),
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe("Propose from 1 to 5 times for the visit.");
    const notATime = await desk("POST", `/${id}/visits`, { slots: ["next Tuesday"] });
    expect(notATime.statusCode).toBe(400);
    const twoToBook = await desk("POST", `/${id}/visits`, {
      slots: [lagosAt(2, "10:00"), lagosAt(3, "10:00")],
      book: true,
    });
    expect(twoToBook.statusCode).toBe(400);
    expect(twoToBook.json().message).toBe("To book the visit, give the one time agreed.");
    const jump = await desk("PUT", `/${id}`, { status: "visit_booked" });
    expect(jump.statusCode).toBe(409);

    const agreed = lagosAt(2, "11:00");
    const booked = await desk("POST", `/${id}/visits`, { slots: [agreed], book: true });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ status: "visit_booked", visit: { proposed: [agreed], bookedFor: agreed } });

    const item = await new Browser(t.app).call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: (await insertProduct(t.db, { name: "Side Table" })).id,
    });
    const itemId = item.json().order._id;
    const noVisit = await desk("POST", `/${itemId}/visits`, { slots: [agreed] });
    expect(noVisit.statusCode).toBe(409);
    expect(noVisit.json().message).toBe("Only a service request has a visit.");
    expect((await desk("PUT", `/${itemId}`, { status: "visited" })).statusCode).toBe(409);
    expect((await desk("GET", `/${itemId}`)).json().visit).toBeNull();
  });

  it("asks the visit fee from Settings once the visit is proposed, once; a fee of zero asks nothing", async () => {
    const settings = (visitFee: number) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/operations/settings",
        payload: { visitFee },
        headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
      });
    expect((await settings(15_000)).json().visitFee).toBe(15_000);
    expect((await settings(-1)).statusCode).toBe(400);

    const customer = new Browser(t.app);
    const { id, token } = await requestVisit(customer, "Measure the kitchen for cabinets.");
    await desk("POST", `/${id}/visits`, { slots: [lagosAt(2, "10:00")] });
    const again = await desk("POST", `/${id}/visits`, { slots: [lagosAt(3, "10:00")], book: true });
    expect(again.json()).toMatchObject({
      fees: [{ label: "Measurement visit", amount: 15_000 }],
      total: 15_000,
      requests: [{ kind: "visit", amount: 15_000, status: "pending" }],
    });
    expect(again.json().requests).toHaveLength(1);
    const tracked = (await customer.call("GET", `/api/orders/track/${token}`)).json();
    expect(tracked.requests).toMatchObject([{ kind: "visit", amount: 15_000, status: "pending" }]);

    await settings(0);
    const free = await requestVisit(new Browser(t.app), "Measure the study for shelves.");
    const proposed = await desk("POST", `/${free.id}/visits`, { slots: [lagosAt(2, "11:00")] });
    expect(proposed.json()).toMatchObject({ fees: [], total: 0, requests: [] });
  });

  it("reminds a customer with an e-mail address the day before, once", async () => {
    const customer = new Browser(t.app);
    const email = await customer.signUp("Bisi");
    const tomorrow = await requestVisit(customer);
    const later = await requestVisit(customer, "Measure the bedroom for wardrobes.");
    for (const [order, days] of [
      [tomorrow, 1],
      [later, 3],
    ] as const) {
      const booked = await desk("POST", `/${order.id}/visits`, { slots: [lagosAt(days, "10:00")], book: true });
      expect(booked.statusCode, booked.body).toBe(200);
      expect(booked.json().customer.email).toBe(email);
    }

    const mailer = createMailer({ from: TEST_MAIL_FROM, outboxDir: t.outboxDir, log: { info: () => {} } });
    const deps = {
      mailer,
      shop: { name: TEST_SITE.SHOP_NAME, inbox: "shop@furnish.test", publicUrl: TEST_SITE.PUBLIC_URL },
      log: { error: () => {} },
    };
    expect(await remindVisits(t.db, deps, new Date())).toBe(1);
    expect(await remindVisits(t.db, deps, new Date())).toBe(0);

    const reminders = await mailsTo(email, "A reminder from");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain(`/orders/t/${tomorrow.token}`);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, tomorrow.id));
    expect(row!.visitRemindedAt).not.toBeNull();
    const [other] = await t.db.select().from(orders).where(eq(orders.id, later.id));
    expect(other!.visitRemindedAt).toBeNull();
  });
});

/** The messages to `email` whose text contains `words`. */
async function mailsTo(email: string, words: string): Promise<string[]> {
  const files = await readdir(t.outboxDir);
  const mails = await Promise.all(files.map((file) => readFile(path.join(t.outboxDir, file), "utf8")));
  return mails
    .map((text) => text.replace(/=\r?\n/g, ""))
    .filter((text) => text.includes(email) && text.includes(words));
}
