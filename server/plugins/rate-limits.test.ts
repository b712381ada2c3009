import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portAnswers, redisExpected, startRedisServer, TEST_REDIS_URL } from "../../tests/support/redis-server";
import { createTestApp, type TestApp, useTestApp } from "../../tests/support/test-app";
import { upsertAdmin } from "../modules/accounts/admins.service";
import { clientNetwork, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, LOGIN_RATE_LIMIT } from "./rate-limits";

const t = useTestApp();

describe("clientNetwork", () => {
  it("counts an IPv6 address by its /64, however it is written", () => {
    const phone = clientNetwork("2001:db8:aa:bb::1");
    for (const sameNetwork of [
      "2001:db8:aa:bb:ffff:ffff:ffff:ffff",
      "2001:0db8:00aa:00bb:1:2:3:4",
      "2001:DB8:AA:BB::9",
    ])
      expect(clientNetwork(sameNetwork), sameNetwork).toBe(phone);
    for (const otherNetwork of ["2001:db8:aa:bc::1", "2001:db8:ab:bb::1", "::1"])
      expect(clientNetwork(otherNetwork), otherNetwork).not.toBe(phone);
  });

  it("counts IPv4, also written as IPv6, by the address", () => {
    expect(clientNetwork("10.1.2.3")).toBe("10.1.2.3");
    expect(clientNetwork("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(clientNetwork("10.1.2.4")).not.toBe(clientNetwork("10.1.2.3"));
  });

  it("counts a request whose connection closed before it was handled (no address left) without failing it", () => {
    // Under load a phone may give up before its request is handled: Node then reports no
    // address, and counting it used to throw (a 500 and an error line in the soak).
    expect(clientNetwork(undefined)).toBe("unknown");
  });
});

describe("per-address limits over IPv6", () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("lock a guesser out by their /64, not by each address they can take from it", async () => {
    const email = "owner@furnish.test";
    await upsertAdmin(t.db, { email, password: "0wnerPassword" });
    for (let i = 1; i <= 10; i++) {
      expect((await login(email, `Guess-Pass${i}`, `2001:db8:aa:bb::${i.toString(16)}`)).statusCode).toBe(401);
    }
    const nextAddress = await login(email, "Guess-Pass11", "2001:db8:aa:bb:1234::1");
    expect(nextAddress.statusCode).toBe(429);
    // Another network, the owner's, is not held back.
    expect((await login(email, "0wnerPassword", "2001:db8:aa:cc::1")).statusCode).toBe(200);
  });

  it("limit sign-in attempts from one /64 to 30 per 15 minutes across accounts", async () => {
    for (let i = 1; i <= 30; i++) {
      const response = await login(`nobody${i}@example.com`, "Guess-Pass1", `2001:db8:dd:1::${i.toString(16)}`);
      expect(response.statusCode).toBe(401);
    }
    const limited = await login("nobody31@example.com", "Guess-Pass1", "2001:db8:dd:1:ffff::1");
    expect(limited.statusCode).toBe(429);
  });
});

const redisAnswers = await portAnswers(TEST_REDIS_URL);

it.runIf(redisExpected)("finds the Redis server CI expects", () => {
  expect(redisAnswers, `no Redis answers at ${TEST_REDIS_URL}`).toBe(true);
});

describe.runIf(redisAnswers || redisExpected)("with REDIS_URL, counts shared by every instance", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    // Two instances of one shop: one Redis (and this file's key prefix), nothing else shared.
    [first, second] = await Promise.all([
      createTestApp({ redisUrl: TEST_REDIS_URL }),
      createTestApp({ redisUrl: TEST_REDIS_URL }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  const loginAt = (app: TestApp, email: string, remoteAddress: string) =>
    app.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Guess-Pass1" },
      remoteAddress,
    });

  it("counts wrong passwords for one account from one address across both instances", async () => {
    const email = `shared-${randomUUID()}@example.com`;
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.max; i++) {
      const response = await loginAt(i % 2 ? second : first, email, "198.51.100.20");
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await loginAt(app, email, "198.51.100.20");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another address guessing at the same account has its own count.
    expect((await loginAt(second, email, "198.51.100.21")).statusCode).toBe(401);
  });

  it("counts one address's sign-in attempts across both instances", async () => {
    const address = "198.51.100.30";
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++) {
      const response = await loginAt(i % 2 ? second : first, `nobody-${i}-${randomUUID()}@example.com`, address);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await loginAt(first, `late-${randomUUID()}@example.com`, address)).statusCode).toBe(429);
    expect((await loginAt(second, `late-${randomUUID()}@example.com`, address)).statusCode).toBe(429);
  });
});

describe("with REDIS_URL, when Redis stops answering", () => {
  it("keeps limiting in the instance's memory, warns once, and answers no 5xx", async () => {
    const redis = await startRedisServer();
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
          done();
        },
      }),
    );
    const app = await createTestApp({ redisUrl: redis.url, logger });
    try {
      const email = `outage-${randomUUID()}@example.com`;
      for (let i = 0; i < 3; i++) expect((await loginAt(app, email)).statusCode).toBe(401);
      await redis.kill();
      // The instance counts afresh in its own memory: a whole allowance, then 429.
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.max; i++) {
        expect((await loginAt(app, email)).statusCode, `attempt ${i + 1} after the outage`).toBe(401);
      }
      expect((await loginAt(app, email)).statusCode).toBe(429);
      await expect.poll(() => lines.filter((line) => line.includes("redis: connection lost")).length).toBe(1);
    } finally {
      await app.close();
      await redis.kill();
    }
  });

  const loginAt = (app: TestApp, email: string) =>
    app.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Guess-Pass1" },
      remoteAddress: "198.51.100.40",
    });
});
