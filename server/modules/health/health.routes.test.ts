import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { connectDatabase } from "../../db/client";
import { createMailer } from "../mail/mailer";

const t = useTestApp();

describe("health", () => {
  it("answers /healthz and /readyz while the database answers", async () => {
    const { app } = t;
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("is alive but not ready when the database cannot be reached", async () => {
    // Port 1 on localhost refuses connections at once.
    const database = connectDatabase("postgres://nobody:nothing@127.0.0.1:1/none");
    const mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-health-"));
    const mailer = createMailer({ from: "test@furnish.test", outboxDir: path.join(mediaDir, "mail"), log: console });
    const app = await buildApp({ database, env: TEST_SITE, mediaDir, mailer });
    try {
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: "The database is not answering." });
    } finally {
      await app.close();
      await database.pool.end();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
