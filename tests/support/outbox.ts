/**
 * The mail a test app wrote to its outbox folder (no SMTP in tests): the last message to
 * an address, quoted-printable undone, and the staff invitation link in it.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The text of the last message sent to `email`, or null when none was. */
export async function lastMailTo(outboxDir: string, email: string): Promise<string | null> {
  const files = (await readdir(outboxDir)).filter((file) => file.endsWith(".eml")).sort();
  const mails = await Promise.all(files.map((file) => readFile(path.join(outboxDir, file), "utf8")));
  return (
    mails
      .filter((text) => text.includes(`<${email}>`))
      .map((text) =>
        text
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      )
      .at(-1) ?? null
  );
}

/** The token of the staff invitation last e-mailed to `email`, or null when there is none. */
export async function invitationTokenTo(outboxDir: string, email: string): Promise<string | null> {
  const mail = await lastMailTo(outboxDir, email);
  return /https?:\/\/\S+\/staff\/invitation\/([\w-]{43})/.exec(mail ?? "")?.[1] ?? null;
}
