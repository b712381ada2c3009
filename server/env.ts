/** The environment, validated once at start (PRODUCT.md's operational contract). */
import { z } from "zod";
import { EmailSchema, PasswordSchema } from "../domain/accounts/account-fields.schema";

const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional());

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
    WHATSAPP_NUMBER: optional(
      z.string().regex(/^\d{10,15}$/, { error: "must be digits only, with the country code (2348012345678)" }),
    ),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).transform(
      (v) => v ?? "info",
    ),
    SEED_DEMO: optional(z.enum(["true", "false"], { error: "must be true or false" })).transform((v) => v !== "false"),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    WHATSAPP_NUMBER: env.WHATSAPP_NUMBER ?? "2348000000000",
    MAIL_FROM: env.MAIL_FROM ?? "Furnish <no-reply@localhost>",
  }));

export type Env = z.output<typeof EnvSchema>;

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}
