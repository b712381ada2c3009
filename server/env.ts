/** The environment, validated once at start; README's Environment table lists every variable. */
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { EmailSchema, PasswordSchema } from "../domain/accounts/account-fields.schema";
import { DEMO_VALUES } from "../domain/setup/demo-values";
import { encoderNice } from "./modules/media/background-encoder";
import { secretsKeyBytes } from "./modules/payments/secrets";

const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional());

function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  if (rest.length > 0 || !isIP(address)) return false;
  // A subnet is written with a prefix length (10.0.0.0/8) or an IPv4 mask (10.0.0.0/255.0.0.0).
  return range === undefined || /^\d{1,3}$/.test(range) || isIP(range) === 4;
}

/**
 * CATALOG_IMPORT_ALLOWED_HOSTS: comma-separated "host:port" pairs ("images.local:8080,
 * 10.0.0.5:443"). A catalogue import fetches pictures from the public internet only
 * (docs/catalogue-csv.md, Pictures); these hosts are allowed even when they resolve to a
 * private or loopback address. The port is required: the scheme's default is not assumed.
 */
const HostPortListSchema = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) =>
        entry
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\](:\d+)$/, "$1$2"),
      )
      .filter(Boolean),
  )
  .refine((entries) => entries.length > 0 && entries.every((entry) => /^[^\s/,]+:\d{1,5}$/.test(entry)), {
    error: 'must be a comma-separated list of host:port pairs ("images.local:8080")',
  });

/**
 * Which proxies may tell the app the client's address and protocol (X-Forwarded-*):
 * "true" trusts any sender, otherwise a comma-separated list of proxy addresses or
 * subnets (or proxy-addr's names loopback, linklocal, uniquelocal). Off by default:
 * otherwise anyone could name their own address and slip past the rate limits. Fastify
 * no longer honours a bare hop count (it cannot check the nearest peer), so neither do we.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .refine((value) => !/^\d+$/.test(value), {
    error: "a number of hops is not supported: name the proxy addresses instead (loopback, 10.0.0.0/8, …)",
  })
  .transform((value): boolean | string[] => {
    if (value === "true" || value === "false") return value === "true";
    return value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
  })
  .refine((value) => typeof value === "boolean" || (value.length > 0 && value.every(isProxyAddress)), {
    error: 'must be "true", "false", or a comma-separated list of proxy addresses or subnets',
  });

/** Further origins the shop is served from ("https://www.shop.ng,https://shop.ng"), each an absolute http(s) origin. */
const OriginListSchema = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .url({ protocol: /^https?$/, error: "must be a comma-separated list of origins such as https://www.shop.ng" })
        .refine((url) => new URL(url).origin === url.replace(/\/$/, ""), {
          error: "each entry must be an origin only (scheme, host and port, no path)",
        }),
    ),
  )
  .transform((urls) => urls.map((url) => new URL(url).origin));

/** BACKUP_EVERY: a whole number of minutes, hours or days ("30m", "6h", "1d"), as minutes. */
const BackupIntervalSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}\s*[mhd]$/i, { error: "must be a duration such as 30m, 6h or 1d (minutes, hours or days)" })
  .transform((value) => Number.parseInt(value, 10) * { m: 1, h: 60, d: 1440 }[value.slice(-1).toLowerCase() as "m"])
  // Each backup copies the whole shop: more often than this only wears the disk.
  .refine((minutes) => minutes >= 5, { error: "must be at least 5m" })
  .refine((minutes) => minutes <= 366 * 1440, { error: "must be at most 366d" });

const KEEP_MESSAGE = "must be a whole number from 1 to 1000";
const STOP_GRACE_MESSAGE = "must be a whole number of seconds from 1 to 300";
const S3_BUCKET_MESSAGE = "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens";

const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(["production", "development", "test"])).transform((v) => v ?? "production"),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((v) => v ?? 3000),
    HOST: optional(z.string()).transform((v) => v ?? "0.0.0.0"),
    DATA_DIR: optional(z.string()).transform((v) => v ?? "./data"),
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// connection string" }),
    ),
    PUBLIC_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://shop.example.ng" }),
    ),
    ADMIN_EMAIL: optional(EmailSchema),
    ADMIN_PASSWORD: optional(PasswordSchema),
    ADMIN_NAME: optional(z.string().trim().max(100)),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, { error: "must be an smtp:// or smtps:// URL" })),
    MAIL_FROM: optional(z.string()),
    REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, { error: "must be a redis:// or rediss:// URL" })),
    // What this shop's Redis keys and channels start with: two shops may share one Redis.
    REDIS_PREFIX: optional(
      z.string().regex(/^[\w:.-]{1,64}$/, { error: "must be 1 to 64 letters, digits, _ - . or :" }),
    ),
    WHATSAPP_NUMBER: optional(
      z.string().regex(/^\d{10,15}$/, { error: "must be digits only, with the country code (2348012345678)" }),
    ),
    SHOP_NAME: optional(z.string().trim().max(80)),
    SHOP_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    SHOP_PHONE: optional(z.string().trim().max(40)),
    SHOP_ADDRESS: optional(z.string().trim().max(200)),
    // https only, as Settings takes links: the values seed the settings the owner then saves.
    INSTAGRAM_URL: optional(z.url({ protocol: /^https$/, error: "must be an https:// URL" })),
    ECATALOG_URL: optional(z.url({ protocol: /^https$/, error: "must be an https:// URL" })),
    ALLOWED_ORIGINS: optional(OriginListSchema),
    // host:port pairs a catalogue import may fetch pictures from although they are on a private network.
    CATALOG_IMPORT_ALLOWED_HOSTS: optional(HostPortListSchema).transform((v) => v ?? []),
    TRUST_PROXY: optional(TrustProxySchema).transform((v) => v ?? false),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).transform(
      (v) => v ?? "info",
    ),
    // Unset: short readable lines on a terminal, JSON lines otherwise (server/start/logger.ts).
    LOG_FORMAT: optional(z.enum(["pretty", "json"], { error: "must be pretty or json" })),
    SEED_DEMO: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform((v) => v !== "false"),
    // Where backups go (npm run backup, the schedule, the admin's list); DATA_DIR/backups by default.
    BACKUP_DIR: optional(z.string()),
    // Set, the running shop takes a backup this often and keeps the newest BACKUP_KEEP.
    BACKUP_EVERY: optional(BackupIntervalSchema),
    // Set, pictures live in this S3-compatible bucket instead of DATA_DIR/media (docs/decisions/0009-media-storage.md).
    S3_BUCKET: optional(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: S3_BUCKET_MESSAGE }),
    ),
    S3_REGION: optional(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9-]{2,40}$/, { error: "must be a region name such as us-east-1 or auto" }),
    ),
    S3_ENDPOINT: optional(
      z.url({
        protocol: /^https?$/,
        error: "must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com",
      }),
    ),
    S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform(
      (v) => v === "true",
    ),
    S3_PUBLIC_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://cdn.shop.ng/media" }),
    ),
    // On SIGTERM or Ctrl-C: how long open requests may finish before their connections are closed.
    STOP_GRACE_SECONDS: optional(
      z.coerce
        .number({ error: STOP_GRACE_MESSAGE })
        .int({ error: STOP_GRACE_MESSAGE })
        .min(1, { error: STOP_GRACE_MESSAGE })
        .max(300, { error: STOP_GRACE_MESSAGE }),
    ).transform((v) => v ?? 20),
    // The background picture encoder's priority: checked here, read by the encoder as it
    // starts its process (server/modules/media/background-encoder.ts).
    PICTURE_ENCODER_NICE: optional(z.string())
      .refine((value) => encoderNice(value) !== null, {
        error: "must be a whole number from 0 (the app's own priority) to 19 (the lowest)",
      })
      .transform((value) => encoderNice(value) ?? 19),
    // Encrypts the payment providers' keys kept in the database: 32+ random bytes, hex or base64.
    SECRETS_KEY: optional(
      z
        .string()
        .trim()
        .refine((text) => secretsKeyBytes(text) !== null, {
          error: "must be at least 32 random bytes, written as hex or base64 (openssl rand -hex 32)",
        }),
    ),
    // Where the payment clients call: the providers' own hosts unless a stand-in answers (docs/product.md, Payments).
    PAYSTACK_API_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })).transform((v) =>
      (v ?? "https://api.paystack.co").replace(/\/+$/, ""),
    ),
    FLUTTERWAVE_API_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })).transform((v) =>
      (v ?? "https://api.flutterwave.com").replace(/\/+$/, ""),
    ),
    BACKUP_KEEP: optional(
      z.coerce
        .number({ error: KEEP_MESSAGE })
        .int({ error: KEEP_MESSAGE })
        .min(1, { error: KEEP_MESSAGE })
        .max(1000, { error: KEEP_MESSAGE }),
    ).transform((v) => v ?? 7),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
      });
    }
    for (const name of ["S3_REGION", "S3_ENDPOINT", "S3_PUBLIC_URL"] as const) {
      if (env[name] !== undefined && env.S3_BUCKET === undefined) {
        ctx.addIssue({ code: "custom", path: [name], message: "takes effect only with S3_BUCKET: set the bucket too" });
      }
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    // Without a PUBLIC_URL the shop is on this machine, reached as localhost or 127.0.0.1.
    ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? (env.PUBLIC_URL ? [] : [`http://127.0.0.1:${env.PORT}`]),
    BACKUP_DIR: env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"),
    WHATSAPP_NUMBER: env.WHATSAPP_NUMBER ?? DEMO_VALUES.whatsappNumber,
    MAIL_FROM: env.MAIL_FROM ?? "Furnish <no-reply@localhost>",
    // Demo business details, so a fresh install shows a complete shop.
    SHOP_NAME: env.SHOP_NAME ?? "Furnish",
    SHOP_EMAIL: env.SHOP_EMAIL ?? DEMO_VALUES.email,
    SHOP_PHONE: env.SHOP_PHONE ?? DEMO_VALUES.phone,
    SHOP_ADDRESS: env.SHOP_ADDRESS ?? DEMO_VALUES.address,
    INSTAGRAM_URL: env.INSTAGRAM_URL ?? "https://www.instagram.com/",
    ECATALOG_URL: env.ECATALOG_URL ?? "https://www.canva.com/",
  }));

export type Env = z.output<typeof EnvSchema>;

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}
