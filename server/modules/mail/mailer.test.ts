import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpListener, type SmtpListener } from "../../../tests/support/smtp-listener";
import { createMailer } from "./mailer";

const FROM = "Furnish <no-reply@furnish.test>";
let outboxDir: string;
let smtp: SmtpListener;

beforeAll(async () => {
  outboxDir = path.join(await mkdtemp(path.join(tmpdir(), "furnish-mailer-")), "mail");
  smtp = await startSmtpListener();
});

afterAll(async () => {
  await smtp.close();
  await rm(path.dirname(outboxDir), { recursive: true, force: true });
});

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (line: string) => void lines.push(line) };
}

describe("createMailer without SMTP_URL", () => {
  it("writes each message to the outbox as an .eml file and logs recipient and subject, not the body", async () => {
    const log = recordingLog();
    const mailer = createMailer({ from: FROM, outboxDir, log });
    await mailer.send({
      to: "owner@furnish.test",
      replyTo: { name: "Ada Obi", address: "ada@example.com" },
      subject: "Reset your password",
      text: "Open https://furnish.test/reset-password/secret-token to choose a new password.",
    });
    await mailer.send({ to: { name: "Bayo", address: "bayo@example.com" }, subject: "Second", text: "Two" });

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith(".eml"))).toBe(true);
    const first = await readFile(path.join(outboxDir, files[0]!), "utf8");
    expect(first).toMatch(/^From: Furnish <no-reply@furnish\.test>$/m);
    expect(first).toMatch(/^To: owner@furnish\.test$/m);
    expect(first).toMatch(/^Reply-To: Ada Obi <ada@example\.com>$/m);
    expect(first).toMatch(/^Subject: Reset your password$/m);
    expect(first).toContain("https://furnish.test/reset-password/secret-token");
    expect(await readFile(path.join(outboxDir, files[1]!), "utf8")).toMatch(/^To: Bayo <bayo@example\.com>$/m);

    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toContain("owner@furnish.test");
    expect(log.lines[0]).toContain("Reset your password");
    expect(log.lines[0]).toContain(outboxDir);
    expect(log.lines.join("\n")).not.toContain("secret-token");
  });

  it("keeps a subject with line breaks on one header line", async () => {
    const dir = path.join(outboxDir, "injection");
    const mailer = createMailer({ from: FROM, outboxDir: dir, log: recordingLog() });
    await mailer.send({ to: "owner@furnish.test", subject: "Hello\r\nBcc: victim@example.com", text: "Hi" });
    const [file] = await readdir(dir);
    const eml = await readFile(path.join(dir, file!), "utf8");
    expect(eml).not.toMatch(/^Bcc:/im);
  });
});

describe("createMailer with SMTP_URL", () => {
  it("delivers through the SMTP server and writes no file", async () => {
    const dir = path.join(outboxDir, "unused");
    const log = recordingLog();
    const mailer = createMailer({ from: FROM, smtpUrl: smtp.url, outboxDir: dir, log });
    await mailer.send({
      to: "owner@furnish.test",
      replyTo: "ada@example.com",
      subject: "New contact message",
      text: "Do you deliver to Abuja?",
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe("no-reply@furnish.test");
    expect(mail!.to).toEqual(["owner@furnish.test"]);
    expect(mail!.data).toMatch(/^Subject: New contact message$/m);
    expect(mail!.data).toMatch(/^Reply-To: ada@example\.com$/m);
    expect(mail!.data).toContain("Do you deliver to Abuja?");
    expect(log.lines).toEqual([`Mail sent to owner@furnish.test: "New contact message"`]);
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });

  it("fails the send when the SMTP server cannot be reached", async () => {
    // Port 1 on localhost refuses connections at once.
    const mailer = createMailer({ from: FROM, smtpUrl: "smtp://127.0.0.1:1", outboxDir, log: recordingLog() });
    await expect(mailer.send({ to: "owner@furnish.test", subject: "Lost", text: "Lost" })).rejects.toThrow();
  });
});
