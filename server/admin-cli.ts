/**
 * npm run admin -- --email E --password P [--name N]
 * Creates an admin or resets one; there is no admin sign-up over HTTP. Works against
 * DATABASE_URL, the embedded database of a Furnish process already running on DATA_DIR,
 * or, when none runs, the embedded database started just for this command.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { EmailSchema, PasswordSchema } from "../domain/accounts/account-fields.schema";
import { runCommand, withCliDatabase } from "./db/cli-database";
import { upsertAdmin } from "./modules/accounts/admins.service";

const USAGE = "Usage: npm run admin -- --email admin@example.com --password 'Secret123' [--name 'Ada Obi']";

const ArgsSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: z.string().trim().max(100).optional(),
});

async function main(): Promise<number> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }

  const result = await withCliDatabase((db) => upsertAdmin(db, parsed.data));
  const verb = { created: "Created admin", updated: "Updated admin", unchanged: "Admin already set up:" }[result];
  console.log(`${verb} ${parsed.data.email}`);
  return 0;
}

runCommand(main);
