/**
 * npm run admin -- --email E [--name N]
 * Creates an admin or resets one; there is no admin sign-up over HTTP. Works against
 * DATABASE_URL, the embedded database of a Furnish process already running on DATA_DIR,
 * or, when none runs, the embedded database started just for this command.
 *
 * The password is asked for, so it stays out of the shell history: typed twice without
 * echo at a terminal, or the first line of stdin when that is a pipe. `--password P` still
 * works for scripts, but what is typed on a command line is kept in the shell history.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { EmailSchema, PasswordSchema } from "../domain/accounts/account-fields.schema";
import { promptHidden, readFirstLine } from "./cli-password";
import { runCommand, withCliDatabase } from "./db/cli-database";
import { upsertAdmin } from "./modules/accounts/admins.service";

const USAGE = [
  "Usage: npm run admin -- --email admin@example.com [--name 'Ada Obi']",
  "  asks for the password (or reads the first line of stdin when it is piped in).",
  "  In a script: --password 'Secret123' instead; it stays in the shell history.",
].join("\n");

const ArgsSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema.optional(),
  name: z.string().trim().max(100).optional(),
});

/** The password typed at the terminal (twice) or piped in, or the exit code when it is refused or abandoned. */
async function askPassword(): Promise<string | number> {
  const terminal = process.stdin.isTTY;
  const password = terminal ? await promptHidden("Password: ") : await readFirstLine();
  if (password === null) return 130; // Ctrl-C, as a shell reports an interrupted command
  const checked = PasswordSchema.safeParse(password);
  if (!checked.success) {
    for (const issue of checked.error.issues) console.error(`Password: ${issue.message}`);
    return 2;
  }
  if (terminal) {
    const again = await promptHidden("Repeat the password: ");
    if (again === null) return 130;
    if (again !== password) {
      console.error("The two passwords differ; nothing was changed. Run the command again.");
      return 2;
    }
  }
  return checked.data;
}

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
  const password = parsed.data.password ?? (await askPassword());
  if (typeof password === "number") return password;

  const admin = { ...parsed.data, password };
  const result = await withCliDatabase((db) => upsertAdmin(db, admin));
  const verb = { created: "Created admin", updated: "Updated admin", unchanged: "Admin already set up:" }[result];
  console.log(`${verb} ${admin.email}`);
  return 0;
}

runCommand(main);
