import { createConnection } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminCookie, imageDataUrl } from "../../tests/support/admin-session";
import { createTestApp, TEST_SITE, useTestApp } from "../../tests/support/test-app";
import { sessions, users } from "../db/schema/accounts";
import { LIVE_MESSAGE_LIMIT, userRoom } from "./realtime";
import { SESSION_COOKIE } from "./session";

const t = useTestApp();
let url = "";
beforeAll(async () => {
  url = await listen(t.app);
});
const PASSWORD = "Str0ngPassword";
let nextEmail = 1;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (typeof address !== "object" || !address) throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

async function signUp(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: {
      fullName: "Ada",
      email: `live${nextEmail++}@example.com`,
      phoneNumber: "08012345678",
      password: PASSWORD,
    },
    remoteAddress: `10.4.0.${nextEmail}`,
  });
  return response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

/** A live connection as a browser with this session cookie (or none) would open it. */
async function openSocket(url: string, cookie?: string, origin?: string): Promise<Socket> {
  const socket = connect(url, {
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: { ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...(origin ? { origin } : {}) },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

const nextEvent = (socket: Socket, event: string) =>
  new Promise<void>((resolve) => socket.once(event, () => resolve()));

/** The payloads of an event as a visitor receives them, in order. */
function collect(socket: Socket, event: string): unknown[] {
  const received: unknown[] = [];
  socket.on(event, (payload: unknown) => received.push(payload));
  return received;
}

describe("the live connection", () => {
  it("connects guests, and on logout tells that session's tabs and closes them, leaving others open", async () => {
    const cookie = await signUp(t.app);
    const otherCookie = await signUp(t.app);
    const tab = await openSocket(url, cookie);
    const otherAccount = await openSocket(url, otherCookie);
    const guest = await openSocket(url);

    const told = nextEvent(tab, "auth:changed");
    const closed = nextEvent(tab, "disconnect");
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(logout.statusCode).toBe(200);
    await told;
    await closed;
    expect(tab.connected).toBe(false);
    expect(otherAccount.connected).toBe(true);
    expect(guest.connected).toBe(true);
  });

  it("is in the visitor's rooms by the time it says it is connected: an event sent at once reaches it", async () => {
    const cookie = await signUp(t.app);
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `live${nextEmail - 1}@example.com`));
    const socket = connect(url, {
      transports: ["websocket"],
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    sockets.push(socket);
    const told = nextEvent(socket, "cart:changed");
    // Sent the moment the client hears it is connected (the server runs in this process).
    socket.once("connect", () => t.app.realtime.emit(userRoom(user!.id), "cart:changed"));
    await told;
  });

  it("signs out the account's other devices when the password changes, but not the one that changed it", async () => {
    const cookie = await signUp(t.app);
    const email = `live${nextEmail - 1}@example.com`;
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: PASSWORD },
      remoteAddress: "10.4.1.1",
    });
    const phoneCookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const laptop = await openSocket(url, cookie);
    const phone = await openSocket(url, phoneCookie);

    const phoneTold = nextEvent(phone, "auth:changed");
    const phoneClosed = nextEvent(phone, "disconnect");
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/auth/change-password",
      payload: { oldPassword: PASSWORD, newPassword: "N3wPassword" },
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(changed.statusCode).toBe(200);
    await phoneTold;
    await phoneClosed;
    expect(phone.connected).toBe(false);
    expect(laptop.connected).toBe(true);
  });

  it("tells every visitor which item the admin saved or deleted", async () => {
    const visitor = await openSocket(url);
    const changes = collect(visitor, "catalog:changed");
    const cookie = await adminCookie(t);
    const admin = (method: "POST" | "PUT" | "DELETE", path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/admin/operations${path}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });

    const project = await admin("POST", "/addProject", {
      title: "Live villa",
      location: "Ikoyi, Lagos",
      category: "Residential",
      price: 1000000,
      description: "<p>Calm.</p>",
      images: [await imageDataUrl()],
    });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = project.json<{ _id: string }>()._id;
    const product = await admin("POST", "/addProduct", {
      name: "Live sofa",
      description: "<p>Soft.</p>",
      items: "1 sofa",
      price: 500000,
      category: "Living Room",
      style: "Modern",
      images: [await imageDataUrl("#123123")],
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json<{ _id: string }>()._id;
    const collection = await admin("POST", "/addCollection", {
      name: "Live set",
      description: "<p>A room.</p>",
      price: 900000,
      style: "Modern",
      productIds: [productId],
      coverImage: await imageDataUrl("#321321"),
    });
    expect(collection.statusCode, collection.body).toBe(201);
    const collectionId = collection.json<{ _id: string }>()._id;
    expect((await admin("DELETE", `/delCollection/${collectionId}`)).statusCode).toBe(200);
    expect((await admin("DELETE", `/delProduct/${productId}`)).statusCode).toBe(200);
    expect((await admin("DELETE", `/delProject/${projectId}`)).statusCode).toBe(200);

    await vi.waitFor(() =>
      expect(changes).toEqual([
        { kind: "project", id: projectId, action: "saved" },
        { kind: "product", id: productId, action: "saved" },
        { kind: "collection", id: collectionId, action: "saved" },
        { kind: "collection", id: collectionId, action: "deleted" },
        { kind: "product", id: productId, action: "deleted" },
        { kind: "project", id: projectId, action: "deleted" },
      ]),
    );
  });

  it("tells admins alone of drafts: no shopper's page hears a draft's id", async () => {
    const cookie = await adminCookie(t);
    const visitor = await openSocket(url);
    const owner = await openSocket(url, cookie.slice(`${SESSION_COOKIE}=`.length));
    const heard = collect(visitor, "catalog:changed");
    const ownerHeard = collect(owner, "catalog:changed");
    const admin = async (method: "POST" | "PUT" | "DELETE", path: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url: `/api/admin/operations${path}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<{ _id: string }>();
    };
    const addProduct = async (fields: object) =>
      (
        await admin("POST", "/addProduct", {
          name: "Hidden sofa",
          description: "<p>Soft.</p>",
          items: "1 sofa",
          price: 500000,
          category: "Living Room",
          style: "Modern",
          images: [await imageDataUrl("#445566")],
          ...fields,
        })
      )._id;
    const saved = (kind: string, id: string) => ({ kind, id, action: "saved" });
    const deleted = (kind: string, id: string) => ({ kind, id, action: "deleted" });

    // Drafts: made, edited, copied (a copy is a draft), a draft project, a draft deleted.
    const draft = await addProduct({ status: "draft" });
    await admin("PUT", `/updateProduct/${draft}`, { name: "Hidden sofa, longer" });
    const shown = await addProduct({ name: "Shown sofa" });
    const copy = (await admin("POST", `/products/${shown}/duplicate`))._id;
    const project = (
      await admin("POST", "/addProject", {
        title: "Hidden villa",
        location: "Ikoyi, Lagos",
        category: "Residential",
        price: 1000000,
        description: "<p>Calm.</p>",
        images: [await imageDataUrl("#654321")],
        status: "draft",
      })
    )._id;
    await admin("DELETE", `/delProject/${project}`);
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import",
      headers: { cookie, "content-type": "text/csv" },
      payload: `id,name\r\n${draft},"Hidden sofa, imported"\r\n`,
    });
    expect(imported.json()).toMatchObject({ created: 0, updated: 1, errors: [] });
    // Published, and back to a draft: shoppers saw it, so their pages hear both.
    await admin("POST", "/products/bulk", { ids: [draft], action: "status", value: "published" });
    await admin("PUT", `/updateProduct/${draft}`, { status: "draft" });
    await admin("DELETE", `/delProduct/${copy}`);
    await admin("DELETE", `/delProduct/${shown}`);

    const toEveryone = [saved("product", shown), saved("product", draft), saved("product", draft)];
    const toAdmins = [
      saved("product", draft),
      saved("product", draft),
      saved("product", shown),
      saved("product", copy),
      saved("project", project),
      deleted("project", project),
      saved("product", draft),
      saved("product", draft),
      saved("product", draft),
      deleted("product", copy),
      deleted("product", shown),
    ];
    await vi.waitFor(() => expect(ownerHeard).toEqual(toAdmins));
    // The last change reached every page, so whatever a shopper's page was to hear, it has.
    expect(heard).toEqual([...toEveryone, deleted("product", shown)]);
  });

  it("refuses a connection opened by another site's page", async () => {
    await expect(openSocket(url, undefined, "https://evil.example")).rejects.toThrow();
  });

  it("refuses a page whose origin is the address it connected to but not the shop's (DNS rebinding)", async () => {
    // The socket's URL is http://127.0.0.1:port; the shop is served from TEST_SITE.PUBLIC_URL.
    await expect(openSocket(url, undefined, url)).rejects.toThrow();
    const own = await openSocket(url, undefined, TEST_SITE.PUBLIC_URL);
    own.close();
  });

  it("closes a connection whose client sends more than the protocol's small packets", async () => {
    const socket = await openSocket(url);
    const closed = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    socket.emit("hello", "x".repeat(LIVE_MESSAGE_LIMIT * 2));
    expect(await closed).toMatch(/transport (close|error)/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const probe = createConnection({ host: hostname, port: Number(port || 6379) });
  probe.once("connect", () => (probe.destroy(), resolve(true)));
  probe.once("error", () => resolve(false));
});

// Needs a Redis server: every machine of ours runs one on 127.0.0.1:6379 (or set TEST_REDIS_URL).
// Where one is expected (CI sets TEST_REDIS_EXPECTED=1), a Redis that does not answer fails
// these tests instead of skipping them.
const redisExpected = process.env.TEST_REDIS_EXPECTED === "1";

it.runIf(redisExpected)("finds the Redis server CI expects", () => {
  expect(redisAnswers, `no Redis answers at ${redisUrl}`).toBe(true);
});

describe.runIf(redisAnswers || redisExpected)("with REDIS_URL, across instances", () => {
  it("an event raised by one instance reaches a visitor connected to another", async () => {
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    try {
      const cookie = await signUp(first.app);
      // The second instance shares nothing with the first but Redis: give it the same session row.
      const [user] = await first.db.select().from(users);
      const [session] = await first.db.select().from(sessions);
      await second.db.insert(users).values(user!);
      await second.db.insert(sessions).values(session!);

      const socket = await openSocket(await listen(second.app), cookie);
      const told = nextEvent(socket, "auth:changed");
      await first.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      await told;
    } finally {
      await first.close();
      await second.close();
    }
  });
});
