/**
 * npm run catalog -- export FILE
 *   Writes the whole catalogue to FILE as the admin's Export does (docs/catalogue-csv.md).
 * npm run catalog -- import FILE [--pictures ZIP] [--dry-run]
 *   Imports the spreadsheet as the admin's Import does: every row checked first, then
 *   everything written in one transaction, or nothing. --dry-run only checks. Prints the
 *   report: what was (or would be) created and updated and how many rows changed nothing,
 *   or each refusal with its row and column, and exits non-zero when there were refusals.
 * Works with the shop running or stopped, against whichever database it uses. Pictures
 * are exported on PUBLIC_URL (http://localhost:PORT without it); whatever the host, an
 * import recognises the shop's own /media/ addresses and reuses them.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { cliMediaStorage, runCommand, withCliDatabase } from "./db/cli-database";
import { parseEnv } from "./env";
import { exportCatalogueCsv } from "./modules/catalog-transfer/catalog-export.service";
import { importCatalogue, MAX_CSV_BYTES, MAX_ZIP_BYTES } from "./modules/catalog-transfer/catalog-import.service";

const USAGE = [
  "Usage: npm run catalog -- export FILE",
  "       npm run catalog -- import FILE [--pictures ZIP] [--dry-run]",
].join("\n");

type Command =
  | { command: "export"; file: string }
  | { command: "import"; file: string; pictures: string | undefined; dryRun: boolean }
  | { refused: string };

function readArgs(args: string[]): Command {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { "dry-run": { type: "boolean" }, pictures: { type: "string" } },
      strict: true,
    });
    const [command, file, ...rest] = positionals;
    if (command !== "export" && command !== "import") return { refused: "Say export or import." };
    if (!file) return { refused: `Name the file to ${command}.` };
    if (rest.length) return { refused: `Unexpected argument '${rest[0]}'.` };
    if (command === "export") {
      if (values["dry-run"] || values.pictures) return { refused: "export takes no options." };
      return { command, file };
    }
    return { command, file, pictures: values.pictures, dryRun: values["dry-run"] ?? false };
  } catch (error) {
    return { refused: (error as Error).message.split(". ")[0]!.trim() + "." };
  }
}

async function readLimited(file: string, limit: number, what: string): Promise<Buffer> {
  const bytes = await readFile(file).catch(() => {
    throw new Error(`Cannot read ${file}.`);
  });
  if (bytes.length > limit) throw new Error(`${what} is larger than ${limit / 1024 / 1024} MB.`);
  return bytes;
}

async function main(): Promise<number> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const args = readArgs(process.argv.slice(2));
  if ("refused" in args) {
    console.error(args.refused);
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const storage = cliMediaStorage();
  if (args.command === "export") {
    const csv = await withCliDatabase((db) => exportCatalogueCsv(db, env.PUBLIC_URL));
    await writeFile(args.file, csv);
    const rows = csv.split(/\r\n(?=(?:product|collection),)/).length - 1;
    console.log(`Exported ${rows} ${rows === 1 ? "row" : "rows"} to ${args.file}.`);
    return 0;
  }
  const csv = await readLimited(args.file, MAX_CSV_BYTES, "The CSV");
  const zip = args.pictures ? await readLimited(args.pictures, MAX_ZIP_BYTES, "The ZIP") : null;
  const report = await withCliDatabase((db) =>
    importCatalogue(
      {
        db,
        storage,
        publicUrl: env.PUBLIC_URL,
        origins: env.ALLOWED_ORIGINS,
        allowedHosts: env.CATALOG_IMPORT_ALLOWED_HOSTS,
      },
      { csv, zip },
      { dryRun: args.dryRun },
    ),
  );
  if (report.errors.length) {
    for (const error of report.errors) console.error(`Row ${error.row}, ${error.field}: ${error.message}`);
    const count = report.errors.length;
    console.error(`${count} ${count === 1 ? "problem" : "problems"}: nothing was imported.`);
    return 1;
  }
  const verb = args.dryRun ? "Checked: would create" : "Imported: created";
  console.log(
    `${verb} ${report.created}, ${args.dryRun ? "would update" : "updated"} ${report.updated}, unchanged ${report.unchanged}.`,
  );
  return 0;
}

runCommand(main);
