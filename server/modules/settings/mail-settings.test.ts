/**
 * Settings → E-mail: the Owner sets the mail server the shop sends through, a test e-mail
 * reaches a real SMTP server (tests/support/smtp-listener.ts) that asks for the username
 * and password, every instance sends through it at once without a restart, and the
 * password never appears in an answer, a page, the log, the journal, the database in
 * clear or a backup.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailSettings } from "../../../domain/settings/mail-settings.schema";
import { adminCookie, freshAddress, staffCookie } from "../../../tests/support/admin-session";
import { startSmtpListener, type SmtpListener } from "../../../tests/support/smtp-listener";
import { createTestApp, TEST_MAIL_FROM, TEST_SITE, type TestApp } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { mailSettings } from "../../db/schema/settings";
import { takeBackup } from "../backups/backups.service";
import { createMailer } from "../mail/mailer";

const SECRETS_KEY = randomBytes(32).toString("hex");
const PASSWORD = `app-password-${randomBytes(8).toString("hex")}`;
const USERNAME = "orders@adaeze-interiors.ng";
const OWNER = "owner@furnish.test";
const DESK = "/api/admin/operations";

const logLines: string[] = [];
const logger = pino(
  { level: "debug" },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

let t: TestApp;
let second: FastifyInstance;
let smtp: SmtpListener;
let owner: string;

beforeAll(async () => {
  smtp = await startSmtpListener({ username: USERNAME, password: PASSWORD });
  t = await createTestApp({ env: { SECRETS_KEY }, logger, pages: true });
  // A second instance of the same shop, on the same database.
  second = await buildApp({
    database: t,
    env: { ...TEST_SITE, SECRETS_KEY },
    mediaDir: t.mediaDir,
    backups: { dir: t.backupsDir, keep: 7 },
    mailer: createMailer({ from: TEST_MAIL_FROM, outboxDir: t.outboxDir, log: { info: () => {} } }),
  });
  owner = await adminCookie(t, OWNER);
});

afterAll(async () => {
  await second?.close();
  await t?.close();
  await smtp?.close();
});

const call = (app: FastifyInstance, method: "GET" | "PUT" | "POST", url: string, payload?: object, cookie = owner) =>
  app.inject({
    method,
    url: `${DESK}${url}`,
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
    remoteAddress: freshAddress(),
    ...(payload ? { payload } : {}),
  });

const server = (password?: string) => ({
  server: {
    host: "127.0.0.1",
    port: smtp.port,
    username: USERNAME,
    ...(password === undefined ? {} : { password }),
    fromAddress: "hello@adaeze-interiors.ng",
  },
});

describe("the mail server in Settings → E-mail", () => {
  it("starts as the server's own setting: mail to files, and the test e-mail says so", async () => {
    const settings = await call(t.app, "GET", "/settings/email");
    expect(settings.json<MailSettings>()).toEqual({ server: null, serverDefault: "files", canKeepPassword: true });
    const test = await call(t.app, "POST", "/settings/email/test");
    expect(test.statusCode).toBe(200);
    expect(test.json<{ message: string }>().message).toContain("saved as a file on the server, not sent");
    expect(smtp.received).toHaveLength(0);
  });

  it("asks for the password with a username, and keeps it sealed once given", async () => {
    const without = await call(t.app, "PUT", "/settings/email", server());
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      message: "Type the password for this username.",
      errors: { password: "Type the password for this username." },
    });

    const saved = await call(t.app, "PUT", "/settings/email", server(PASSWORD));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MailSettings>()).toEqual({
      server: {
        host: "127.0.0.1",
        port: smtp.port,
        username: USERNAME,
        fromAddress: "hello@adaeze-interiors.ng",
        hasPassword: true,
      },
      serverDefault: "files",
      canKeepPassword: true,
    });
    const [row] = await t.db.select().from(mailSettings);
    expect(row!.passwordSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);

    // Saved again without the password: the one kept stays.
    const again = await call(t.app, "PUT", "/settings/email", server(""));
    expect(again.statusCode, again.body).toBe(200);
    const [kept] = await t.db.select().from(mailSettings);
    expect(kept!.passwordSealed).toBe(row!.passwordSealed);
  });

  it("sends the test e-mail through it, signed in, and the shop's other e-mails too, on every instance", async () => {
    const test = await call(t.app, "POST", "/settings/email/test");
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({
      message: `Test e-mail sent to ${OWNER}. If it is not in that inbox within a few minutes, look in its spam folder.`,
    });
    expect(smtp.logins.at(-1)).toEqual({ username: USERNAME, password: PASSWORD, accepted: true });
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe("hello@adaeze-interiors.ng");
    expect(mail.to).toEqual([OWNER]);
    expect(mail.data).toMatch(/^Subject: Test e-mail from Furnish$/m);
    expect(mail.data).toMatch(/^From: Furnish <hello@adaeze-interiors\.ng>$/m);

    // A password reset asked for on the other instance goes through the same server, no restart.
    const before = smtp.received.length;
    const reset = await second.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: OWNER },
      headers: { origin: TEST_SITE.PUBLIC_URL },
      remoteAddress: freshAddress(),
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual([OWNER]);

    // The checklist no longer lists mail.
    const dashboard = await t.app.inject({ method: "GET", url: "/admin/dashboard", headers: { cookie: owner } });
    expect(dashboard.body).not.toContain("E-mails are saved as files");
  });

  it("says what went wrong when the mail server refuses the password", async () => {
    const wrong = await call(t.app, "PUT", "/settings/email", server("not-the-password"));
    expect(wrong.statusCode).toBe(200);
    // The other instance hears of the change from PostgreSQL a moment after the save.
    let test = await call(second, "POST", "/settings/email/test");
    await expect.poll(async () => (test = await call(second, "POST", "/settings/email/test")).statusCode).toBe(400);
    expect(test.json<{ message: string }>().message).toBe(
      "The mail server did not accept the username and password. Check them, and whether your mail provider asks for an app password.",
    );
    expect((await call(t.app, "PUT", "/settings/email", server(PASSWORD))).statusCode).toBe(200);
  });

  it("is the Owner's alone", async () => {
    for (const role of ["sales", "accounts", "catalogue", "workshop"] as const) {
      const cookie = await staffCookie(t, [role]);
      for (const [method, url, payload] of [
        ["GET", "/settings/email", undefined],
        ["PUT", "/settings/email", server(PASSWORD)],
        ["POST", "/settings/email/test", undefined],
      ] as const) {
        const refused = await call(t.app, method, url, payload, cookie);
        expect(refused.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({ message: "This needs the Owner role." });
      }
    }
  });

  it("never shows the password: not in an answer, the page, the log, the journal or a backup", async () => {
    const answers = [
      await call(t.app, "GET", "/settings/email"),
      await call(t.app, "GET", "/settings"),
      await call(t.app, "GET", "/journal?area=settings"),
    ];
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    for (const answer of answers) expect(answer.body).not.toContain(PASSWORD);
    const journal = answers[2]!.body;
    expect(journal).toContain("Mail server changed");
    expect(journal).toContain("(changed)");

    const page = await t.app.inject({ method: "GET", url: "/admin/settings/email", headers: { cookie: owner } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("A password is saved.");
    expect(page.body).not.toContain(PASSWORD);

    expect(logLines.join("")).toContain("Mail sent to");
    expect(logLines.join("")).not.toContain(PASSWORD);

    const folder = await mkdtemp(path.join(tmpdir(), "furnish-mail-backup-"));
    const client = await t.pool.connect();
    try {
      const { file } = await takeBackup(client, { storage: t.storage, dir: folder });
      const archive = gunzipSync(await readFile(file)).toString("latin1");
      expect(archive).toContain("mail_settings");
      expect(archive).toContain(USERNAME);
      expect(archive).not.toContain(PASSWORD);
    } finally {
      client.release();
      await rm(folder, { recursive: true, force: true });
    }
    for (const name of await readdir(t.outboxDir).catch(() => [])) {
      expect(await readFile(path.join(t.outboxDir, name), "utf8")).not.toContain(PASSWORD);
    }
  });

  it("goes back to the server's own setting when the owner stops using it", async () => {
    const off = await call(t.app, "PUT", "/settings/email", { server: null });
    expect(off.json<MailSettings>().server).toBeNull();
    const test = await call(t.app, "POST", "/settings/email/test");
    expect(test.json<{ message: string }>().message).toContain("saved as a file");
  });

  it("refuses a password on a server without a SECRETS_KEY, saying how to set one", async () => {
    const keyless = await createTestApp();
    try {
      const cookie = await adminCookie(keyless);
      const refused = await keyless.app.inject({
        method: "PUT",
        url: `${DESK}/settings/email`,
        payload: server(PASSWORD),
        headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain("SECRETS_KEY");
      // A server that needs no sign-in (a relay on the same machine) needs no key.
      const relay = await keyless.app.inject({
        method: "PUT",
        url: `${DESK}/settings/email`,
        payload: { server: { host: "localhost", port: 25, fromAddress: "shop@localhost.test" } },
        headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
      });
      expect(relay.statusCode, relay.body).toBe(200);
    } finally {
      await keyless.close();
    }
  });
});
