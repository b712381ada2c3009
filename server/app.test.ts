import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../tests/support/test-app";

/** Every line the app logs, as main.ts's pino would write it (level info, the default LOG_LEVEL). */
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

const t = useTestApp({ logger });

const TOKEN = "Zm9yZ290LXBhc3N3b3JkLXRva2VuLW9mLTQzLWNoYXJz";

describe("request logs", () => {
  it("never hold a password-reset or sign-in link token, from the e-mailed page link or the API call", async () => {
    lines.length = 0;
    const urls = [
      `/reset-password/${TOKEN}`,
      `/reset-password/${TOKEN}?from=mail`,
      `/api/auth/reset-password/${TOKEN}`,
      `/Reset-Password/${TOKEN}/`,
      `/api/auth/reset%2Dpassword/${TOKEN}`,
      `/sign-in-link/${TOKEN}`,
      `/Sign%2Din%2Dlink/${TOKEN}?from=mail`,
    ];
    for (const url of urls) {
      const method = url.startsWith("/api/") ? "POST" : "GET";
      // A weak password fails validation, so the token is still live afterwards.
      await t.app.inject({ method, url, payload: method === "POST" ? { newPassword: "weak" } : undefined });
    }
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const incoming = logged.filter((entry) => entry.msg === "incoming request").map((entry) => entry.req!.url);
    expect(incoming).toEqual([
      "/reset-password/[redacted]",
      "/reset-password/[redacted]?from=mail",
      "/api/auth/reset-password/[redacted]",
      "/Reset-Password/[redacted]/",
      "/api/auth/reset%2Dpassword/[redacted]",
      "/sign-in-link/[redacted]",
      "/Sign%2Din%2Dlink/[redacted]?from=mail",
    ]);
    expect(lines.join("\n")).not.toContain(TOKEN);
  });

  it("never hold an order's tracking token, from the tracking page, its data or the API", async () => {
    lines.length = 0;
    const urls = [
      `/orders/t/${TOKEN}`,
      `/orders/t/${TOKEN}.data`,
      `/Orders/T/${TOKEN}?from=whatsapp`,
      `/api/orders/track/${TOKEN}`,
      `/api/orders/track/${TOKEN}/quote`,
      `/api/orders%2Ftrack%2F${TOKEN}`,
    ];
    for (const url of urls) await t.app.inject({ method: "GET", url });
    const incoming = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((entry) => entry.msg === "incoming request")
      .map((entry) => entry.req!.url);
    expect(incoming).toEqual([
      "/orders/t/[redacted]",
      "/orders/t/[redacted]",
      "/Orders/T/[redacted]?from=whatsapp",
      "/api/orders/track/[redacted]",
      "/api/orders/track/[redacted]/quote",
      "/api/orders%2Ftrack%2F[redacted]",
    ]);
    expect(lines.join("\n")).not.toContain(TOKEN);
  });

  it("keep every other path as it was asked for", async () => {
    lines.length = 0;
    await t.app.inject({ method: "GET", url: "/api/products?search=sofa" });
    await t.app.inject({ method: "GET", url: "/product/reset-password" });
    await t.app.inject({ method: "GET", url: "/api/admin/operations/orders/t" });
    const incoming = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string } })
      .filter((entry) => entry.msg === "incoming request");
    expect(incoming.map((entry) => entry.req)).toEqual([
      expect.objectContaining({ method: "GET", url: "/api/products?search=sofa" }),
      expect.objectContaining({ method: "GET", url: "/product/reset-password" }),
      expect.objectContaining({ method: "GET", url: "/api/admin/operations/orders/t" }),
    ]);
  });
});
