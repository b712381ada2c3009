/**
 * Two instances of the shop behind a balancer behave as one (README.md, Scaling out): two
 * app processes started as `npm start` starts them, on one PostgreSQL (a fresh database), one
 * Redis and one S3-compatible server (s3rver, started here), each with a DATA_DIR of its own,
 * behind nginx running README's site file.
 *
 * Where CI provides Redis and nginx (TEST_REDIS_EXPECTED=1, TEST_DEPLOY_TOOLS_EXPECTED=1), a
 * missing one fails these tests instead of skipping them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { imageDataUrl } from "../tests/support/admin-session";
import { insertProduct, makeImage } from "../tests/support/catalog-factory";
import {
  killAll,
  nginxPath,
  startBalancer,
  startInstance,
  type Balancer,
  type Instance,
} from "../tests/support/instances";
import { freePort } from "../tests/support/free-port";
import { portAnswers, redisExpected, TEST_REDIS_URL } from "../tests/support/redis-server";
import { startS3Server, type S3Server } from "../tests/support/s3-server";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { media } from "./db/schema/media";
import { storeImage, type StoredMedia } from "./modules/media/media.service";
import { createS3Storage } from "./modules/media/storage/s3-storage";
import { upsertAdmin } from "./modules/accounts/admins.service";
import { LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from "./plugins/rate-limits";

const nginxExpected = process.env.TEST_DEPLOY_TOOLS_EXPECTED === "1";
const redisAnswers = await portAnswers(TEST_REDIS_URL);
const canRun = (redisAnswers || redisExpected) && (nginxPath() !== undefined || nginxExpected);

it.runIf(redisExpected || nginxExpected)("finds the Redis and nginx the two instances need", () => {
  if (redisExpected) expect(redisAnswers, `no Redis answers at ${TEST_REDIS_URL}`).toBe(true);
  if (nginxExpected) expect(nginxPath(), "nginx is not installed").toBeDefined();
});

/**
 * Passes every request on to the S3 server unchanged (its signature included) and notes
 * which were made: what the instances wrote to the bucket, and how often.
 */
async function startBucketWatch(
  endpoint: string,
): Promise<{ endpoint: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((incoming, answer) => {
    // The path alone: the SDK adds its operation as a query (?x-id=PutObject).
    seen.push(`${incoming.method} ${new URL(incoming.url!, endpoint).pathname}`);
    const outgoing = httpRequest(
      new URL(incoming.url!, endpoint),
      { method: incoming.method, headers: incoming.headers },
      (upstream) => {
        answer.writeHead(upstream.statusCode!, upstream.headers);
        upstream.pipe(answer);
      },
    );
    outgoing.on("error", () => answer.destroy());
    incoming.pipe(outgoing);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ADMIN = { email: "scale-owner@furnish.test", password: "0wnerPassword" };

describe.runIf(canRun)("two instances behind a balancer", () => {
  let database: TestDatabase;
  let first: Instance;
  let second: Instance;
  let balancer: Balancer;
  let publicUrl = "";
  let s3: S3Server;
  let waiting: StoredMedia[] = [];
  let bucket: Awaited<ReturnType<typeof startBucketWatch>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await upsertAdmin(database.db, ADMIN);
    s3 = await startS3Server();
    bucket = await startBucketWatch(s3.endpoint);
    // Pictures stored before either instance starts, their AVIF not yet made: both
    // instances' encoders find them waiting the moment they start.
    const storage = createS3Storage(s3.settings, { warn: () => {} });
    waiting = await Promise.all(
      ["#7a4b2a", "#2a4b7a", "#4b7a2a", "#7a2a4b"].map(async (background) =>
        storeImage(
          database.db,
          storage,
          await sharp({ create: { width: 1200, height: 800, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      ),
    );
    const balancerPort = await freePort();
    publicUrl = `http://127.0.0.1:${balancerPort}`;
    // This run's own keys and channels in the machine's shared Redis.
    const shared = {
      databaseUrl: database.url,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: `furnish-scale-${randomBytes(6).toString("hex")}:`,
      publicUrl,
      env: { ...s3.env, S3_ENDPOINT: bucket.endpoint },
    };
    [first, second] = await Promise.all([startInstance(shared), startInstance(shared)]);
    balancer = await startBalancer([first.port, second.port], balancerPort);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([first?.stop(), second?.stop(), balancer?.stop()]);
    killAll();
    await Promise.allSettled([bucket?.close(), s3?.stop()]);
    await database?.close();
  });

  /** A call as the shop's own pages make it, from `address` (the balancer on this machine passes it on). */
  function call(
    base: string,
    method: string,
    url: string,
    options: { body?: unknown; cookie?: string; address?: string } = {},
  ) {
    return fetch(`${base}${url}`, {
      method,
      headers: {
        origin: publicUrl,
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.address ? { "x-forwarded-for": options.address } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  }

  const sessionOf = (response: Response) => {
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("furnish_session="));
    if (!cookie) throw new Error(`no session cookie (${response.status})`);
    return cookie.split(";")[0]!;
  };

  async function signIn(base: string): Promise<string> {
    const response = await call(base, "POST", "/api/admin/login", { body: ADMIN, address: "203.0.113.1" });
    expect(response.status, await response.clone().text()).toBe(200);
    return sessionOf(response);
  }

  async function signUp(base: string): Promise<string> {
    const response = await call(base, "POST", "/api/auth/signup", {
      body: {
        fullName: "Ada Obi",
        email: `scale-${randomUUID()}@example.com`,
        phoneNumber: "08012345678",
        password: "Str0ngPassword",
        anonymousId: "",
      },
      address: "203.0.113.2",
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return sessionOf(response);
  }

  function openSocket(base: string, cookie: string): Promise<Socket> {
    const socket = connectSocket(base, { transports: ["websocket"], reconnection: false, extraHeaders: { cookie } });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  }

  it("caps wrong passwords for one account from one address across both instances", async () => {
    const email = `guessed-${randomUUID()}@example.com`;
    const guess = (base: string) =>
      call(base, "POST", "/api/auth/login", { body: { email, password: "Guess-Pass1" }, address: "198.51.100.77" });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.max; i++) {
      expect((await guess(i % 2 ? second.url : first.url)).status, `guess ${i + 1}`).toBe(401);
    }
    expect((await guess(first.url)).status).toBe(429);
    expect((await guess(second.url)).status).toBe(429);
  });

  it("tells a shopper connected to one instance of a cart change made through the other", async () => {
    const cookie = await signUp(first.url);
    const product = await insertProduct(database.db, { name: "Two-Instance Sofa" });
    const onSecond = await openSocket(second.url, cookie);
    const throughBalancer = await openSocket(balancer.url, cookie);
    const heard = [onSecond, throughBalancer].map(
      (socket) => new Promise<void>((resolve) => socket.once("cart:changed", () => resolve())),
    );
    const added = await call(first.url, "PUT", "/api/cart/add", {
      body: { itemId: product.id, itemType: "Product" },
      cookie,
    });
    expect(added.status, await added.clone().text()).toBe(200);
    await Promise.all(heard);
    const cart = (await (await call(second.url, "GET", "/api/cart", { cookie })).json()) as {
      items: { item: string }[];
    };
    expect(cart.items.map((line) => line.item)).toEqual([product.id]);
  });

  it("shows a catalogue change and a settings change on both instances at once", async () => {
    // A picture, as the admin's form requires one: its file is not needed for this.
    const mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-scale-media-"));
    const image = await makeImage(database.db, mediaDir).finally(() => rm(mediaDir, { recursive: true, force: true }));
    const product = await insertProduct(database.db, { name: "Cached Armchair", images: [image] });
    const nameOn = async (base: string) =>
      ((await (await call(base, "GET", `/api/products/${product.id}`)).json()) as { name: string }).name;
    const homeOn = async (base: string) => (await call(base, "GET", "/")).text();
    // A guest's product page, as a phone asks for it: from each instance's page cache once kept.
    const pageOn = async (base: string) => (await call(base, "GET", `/product/${product.id}`)).text();
    // Both instances have the item, the home page and the product page in their caches.
    for (const instance of [first, second]) {
      expect(await nameOn(instance.url)).toBe("Cached Armchair");
      expect(await homeOn(instance.url)).not.toContain("Scaled Interiors");
      expect(await pageOn(instance.url)).toContain("Cached Armchair");
      // Kept: answered with the policy of a kept page, its scripts allowed by hash and not by a nonce.
      await expect
        .poll(async () =>
          (await call(instance.url, "GET", `/product/${product.id}`)).headers.get("content-security-policy"),
        )
        .toMatch(/'sha256-/);
    }

    const admin = await signIn(first.url);
    const renamed = await call(first.url, "PUT", `/api/admin/operations/updateProduct/${product.id}`, {
      body: { name: "Renamed Armchair" },
      cookie: admin,
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const settings = await call(second.url, "PUT", "/api/admin/operations/settings", {
      body: { shopName: "Scaled Interiors" },
      cookie: admin,
    });
    expect(settings.status, await settings.clone().text()).toBe(200);

    // The instance that wrote knows at once; the other hears PostgreSQL's notification a
    // moment after the commit.
    expect(await nameOn(first.url)).toBe("Renamed Armchair");
    expect(await pageOn(first.url)).toContain("Renamed Armchair");
    expect(await homeOn(second.url)).toContain("Scaled Interiors");
    await expect.poll(() => pageOn(second.url), { timeout: 2000 }).toContain("Renamed Armchair");
    expect(await pageOn(second.url)).not.toContain("Cached Armchair");
    await expect.poll(() => nameOn(second.url), { timeout: 2000 }).toBe("Renamed Armchair");
    await expect.poll(async () => (await homeOn(first.url)).includes("Scaled Interiors"), { timeout: 2000 }).toBe(true);
  });

  it("serves a picture uploaded through one instance from the other", { timeout: 45_000 }, async () => {
    const admin = await signIn(first.url);
    const added = await call(first.url, "POST", "/api/admin/operations/addProduct", {
      cookie: admin,
      body: {
        name: "Bucket Bench",
        description: "<p>Iroko slats.</p>",
        items: "1 bench",
        price: 120_000,
        category: "Living Room",
        style: "Modern",
        collectionId: null,
        images: [await imageDataUrl("#2a6f4e", { width: 900, height: 600 })],
        isBestSeller: false,
        isPromo: false,
        discountedPrice: null,
        isForeign: false,
        origin: "",
      },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const [image] = ((await added.json()) as { images: { public_id: string; widths: number[] }[] }).images;
    const file = `/media/${image!.public_id}/${Math.max(...image!.widths)}.webp`;
    const [fromFirst, fromSecond] = await Promise.all(
      [first, second].map(async (instance) => {
        const response = await fetch(`${instance.url}${file}`);
        expect(response.status, `${file} from ${instance.url}`).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(fromSecond!.length).toBeGreaterThan(0);
    expect(fromSecond!.equals(fromFirst!)).toBe(true);
  });

  it(
    "encodes each waiting picture's AVIF once, though both instances run the encoder",
    { timeout: 60_000 },
    async () => {
      const ids = waiting.map((image) => image.id);
      const ready = async () =>
        (await database.db.select({ ready: media.avifReady }).from(media).where(inArray(media.id, ids))).filter(
          (row) => row.ready,
        ).length;
      await expect.poll(ready, { timeout: 50_000, interval: 250 }).toBe(ids.length);
      const writes = bucket.seen.filter((line) => line.startsWith("PUT ") && line.endsWith(".avif"));
      const expected = waiting.flatMap((image) =>
        image.widths.map((width) => `PUT /${s3.bucket}/${image.id}/${width}.avif`),
      );
      expect(writes.filter((line) => expected.includes(line)).sort()).toEqual(expected.sort());
    },
  );

  it(
    "answers every request through the balancer, none with a 5xx, while one instance stops",
    { timeout: 60_000 },
    async () => {
      const cookie = await signUp(first.url);
      const product = await insertProduct(database.db, { name: "Busy Sideboard" });
      const requests: [method: string, url: string, body?: unknown][] = [
        ["GET", "/api/products?limit=12"],
        ["GET", `/api/products/${product.id}`],
        ["GET", "/"],
        ["PUT", "/api/cart/add", { itemId: product.id, itemType: "Product" }],
        ["PUT", "/api/cart/remove", { itemId: product.id, itemType: "Product" }],
      ];
      const answers: number[] = [];
      const failures: string[] = [];
      let running = true;
      const worker = async (offset: number) => {
        for (let i = offset; running; i++) {
          const [method, url, body] = requests[i % requests.length]!;
          try {
            const response = await call(balancer.url, method, url, { body, cookie });
            await response.arrayBuffer();
            answers.push(response.status);
            if (response.status >= 500) failures.push(`${method} ${url}: ${response.status}`);
          } catch (error) {
            failures.push(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      };
      const until = async (condition: () => boolean) => {
        while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      const before = (await balancer.upstreams()).length;
      const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
      await until(() => answers.length >= 60);
      const stopped = second.stop();
      await until(() => answers.length >= 120);
      expect(await stopped, second.output()).toBe(0);
      const atStop = answers.length;
      await until(() => answers.length >= atStop + 60);
      running = false;
      await load;

      expect(failures).toEqual([]);
      expect(answers.every((status) => status < 400)).toBe(true);
      const served = (await balancer.upstreams()).slice(before);
      // Both served some of it, and after the stop only the first.
      expect(served.some((line) => line.startsWith(String(second.port)))).toBe(true);
      expect(served.slice(-30).every((line) => line.endsWith(String(first.port)))).toBe(true);
    },
  );
});
