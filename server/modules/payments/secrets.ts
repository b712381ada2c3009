/**
 * The payment providers' keys at rest (docs/architecture.md, Payments), and the mail
 * server's password (settings/mail-settings.service.ts): AES-256-GCM under a key from the
 * deployment's SECRETS_KEY, never the database's. A stored secret is
 * "v1.<iv>.<tag>.<ciphertext>" in base64url; the tag makes a changed or foreign value
 * fail to open rather than decrypt to nonsense.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** The key's bytes, written as hex or base64; null when it is not at least 32 bytes. */
export function secretsKeyBytes(text: string): Buffer | null {
  const bytes =
    /^[0-9a-f]+$/i.test(text) && text.length % 2 === 0 ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  return bytes.length >= 32 ? bytes : null;
}

export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when the value was sealed under another key or altered. */
  open(sealed: string): string | null;
}

/** A box for the deployment's key; null without one (the settings then refuse keys). */
export function secretBox(secretsKey: string | undefined): SecretBox | null {
  const bytes = secretsKey ? secretsKeyBytes(secretsKey) : null;
  if (!bytes) return null;
  // Any length of key material, one AES-256 key, kept apart from other uses by its label.
  const key = createHash("sha256").update("furnish payment keys\0").update(bytes).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
