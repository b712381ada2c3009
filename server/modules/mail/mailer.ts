/**
 * Outgoing e-mail: through SMTP when SMTP_URL is set; otherwise every
 * message is written to an outbox folder as an .eml file, so a developer (and a test)
 * can open a password-reset link without a mail server. Either way the log names the
 * recipient and subject but never the body, which may hold a reset link.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";

export type MailAddress = string | { name: string; address: string };

export interface MailMessage {
  to: MailAddress;
  subject: string;
  text: string;
  replyTo?: MailAddress;
  /** The sender's name, in place of MAIL_FROM's; the address stays MAIL_FROM's. */
  fromName?: string;
}

export interface Mailer {
  /** Where mail goes: sent through SMTP, or written to the outbox folder (the setup checklist tells the owner). */
  readonly delivery: "smtp" | "files";
  /** Resolves once the message is handed to the SMTP server or written to the outbox. */
  send(message: MailMessage): Promise<void>;
}

interface MailLog {
  info(message: string): void;
}

export interface MailerOptions {
  /** The sender, MAIL_FROM: "Furnish <hello@furnish.ng>". */
  from: string;
  /** SMTP_URL; without it mail goes to `outboxDir`. */
  smtpUrl?: string;
  /** DATA_DIR/mail. */
  outboxDir: string;
  log: MailLog;
}

const recipient = (to: MailAddress) => (typeof to === "string" ? to : to.address);

/** The message as nodemailer takes it: MAIL_FROM, under the name the message asks for. */
function sentFrom(from: string, { fromName, ...message }: MailMessage) {
  const address = addressparser(from, { flatten: true })[0]?.address;
  return { ...message, from: fromName && address ? { name: fromName, address } : from };
}

/** Every message sent through `mailer` bears the name `senderName` answers at the time (Settings). */
export function withSenderName(mailer: Mailer, senderName: () => Promise<string>): Mailer {
  return {
    delivery: mailer.delivery,
    send: async (message) => mailer.send({ fromName: await senderName(), ...message }),
  };
}

export function createMailer({ from, smtpUrl, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = createTransport({
      url: smtpUrl,
      // Nodemailer waits two minutes by default; a request that sends mail should not.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      delivery: "smtp",
      async send(message) {
        await transport.sendMail(sentFrom(from, message));
        log.info(`Mail sent to ${recipient(message.to)}: ${JSON.stringify(message.subject)}`);
      },
    };
  }

  const outbox = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    delivery: "files",
    async send(message) {
      const { message: eml } = await outbox.sendMail(sentFrom(from, message));
      if (!Buffer.isBuffer(eml)) throw new Error("The outbox transport did not return the message as bytes.");
      await mkdir(outboxDir, { recursive: true });
      // Time first, so a folder listing reads oldest to newest.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(outboxDir, name);
      // Written aside, then renamed: whoever reads the outbox sees a whole message or none.
      await writeFile(`${file}.part`, eml, { mode: 0o600 });
      await rename(`${file}.part`, file);
      log.info(`Mail to ${recipient(message.to)}: ${JSON.stringify(message.subject)} written to ${file}`);
    },
  };
}
