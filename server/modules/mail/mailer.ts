/**
 * Outgoing e-mail: through the mail server the owner set in Settings → E-mail
 * (withMailServer), else through SMTP when SMTP_URL is set; otherwise every message is
 * written to an outbox folder as an .eml file, so a developer (and a test) can open a
 * password-reset link without a mail server. Either way the log names the recipient and
 * subject but never the body, which may hold a reset link, nor the server's password.
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
  /** Headers of its own: a reminder's List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes now: sent through SMTP, or written to the outbox folder (the setup checklist tells the owner). */
  delivery(): Promise<"smtp" | "files">;
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
    delivery: () => mailer.delivery(),
    send: async (message) => mailer.send({ fromName: await senderName(), ...message }),
  };
}

/** A mail server as the owner set it in Settings → E-mail, its password opened. */
export interface MailServer {
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  /** The address mail is sent from; the name is the one in Settings. */
  fromAddress: string;
}

/** Hosts on this machine: the only ones a password may be sent to without TLS. */
const isLoopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i.test(host);

/**
 * The transport for a server as a mail provider's help page describes it: port 465 speaks
 * TLS from the start; any other port must switch to TLS (STARTTLS) before the password is
 * sent, unless the server is on this machine.
 */
function transportFor(server: MailServer) {
  const secure = server.port === 465;
  return createTransport({
    host: server.host,
    port: server.port,
    secure,
    requireTLS: !secure && !isLoopback(server.host),
    ...(server.username ? { auth: { user: server.username, pass: server.password ?? "" } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * Sends through the server `current` answers at the time (Settings → E-mail, read through
 * the shop's cache, so a change reaches every instance without a restart), or through
 * `fallback` (SMTP_URL, or the outbox) while it answers none.
 */
export function withMailServer(fallback: Mailer, current: () => Promise<MailServer | null>, log: MailLog): Mailer {
  let kept: { key: string; transport: ReturnType<typeof transportFor> } | null = null;
  const transportOf = (server: MailServer) => {
    const key = JSON.stringify(server);
    if (kept?.key !== key) {
      kept?.transport.close();
      kept = { key, transport: transportFor(server) };
    }
    return kept.transport;
  };
  return {
    delivery: async () => ((await current()) ? "smtp" : fallback.delivery()),
    async send(message) {
      const server = await current();
      if (!server) return fallback.send(message);
      const { fromName, ...rest } = message;
      await transportOf(server).sendMail({
        ...rest,
        from: fromName ? { name: fromName, address: server.fromAddress } : server.fromAddress,
      });
      log.info(`Mail sent to ${recipient(message.to)}: ${JSON.stringify(message.subject)}`);
    },
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
      delivery: async () => "smtp",
      async send(message) {
        await transport.sendMail(sentFrom(from, message));
        log.info(`Mail sent to ${recipient(message.to)}: ${JSON.stringify(message.subject)}`);
      },
    };
  }

  const outbox = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    delivery: async () => "files",
    async send(message) {
      const { message: eml } = await outbox.sendMail(sentFrom(from, message));
      if (!Buffer.isBuffer(eml)) throw new Error("The outbox transport did not return the message as bytes.");
      // Written in a folder beside the outbox, then moved in: whoever lists and reads the
      // outbox sees whole messages only, never a file about to be renamed away.
      const writing = `${outboxDir}.part`;
      await mkdir(outboxDir, { recursive: true });
      await mkdir(writing, { recursive: true });
      // Time first, so a folder listing reads oldest to newest.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(path.join(writing, name), eml, { mode: 0o600 });
      await rename(path.join(writing, name), file);
      log.info(`Mail to ${recipient(message.to)}: ${JSON.stringify(message.subject)} written to ${file}`);
    },
  };
}
