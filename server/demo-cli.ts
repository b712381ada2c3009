/**
 * npm run demo -- --remove
 * Removes what is left of the demo catalogue, as the dashboard's Remove demo catalogue
 * does (server/modules/setup/demo-catalogue.service.ts), and prints what went. Works with
 * the app running or stopped, against whichever database the app uses; a running app's
 * catalogue cache hears of it from the database, while pages already open show the
 * removed items until they are reloaded.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { describeDemoItems } from "../domain/setup/demo-catalogue.schema";
import { cliMediaStorage, runCommand, withCliDatabase } from "./db/cli-database";
import { deleteDemoCatalogue, removedCounts } from "./modules/setup/demo-catalogue.service";

const USAGE = "Usage: npm run demo -- --remove   (removes the demo catalogue; what you added or edited stays)";

/** The command's arguments, or the words that refuse them. */
function readArgs(args: string[]): { remove: true } | { refused: string } {
  try {
    const { values } = parseArgs({ args, options: { remove: { type: "boolean" } }, strict: true });
    return values.remove ? { remove: true } : { refused: "Nothing to do: say --remove to remove the demo catalogue." };
  } catch (error) {
    // parseArgs names the argument it does not know: "Unknown option '--all'…".
    return { refused: (error as Error).message.split(". ")[0]!.trim() + "." };
  }
}

async function main(): Promise<number> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const args = readArgs(process.argv.slice(2));
  if ("refused" in args) {
    console.error(args.refused);
    console.error(USAGE);
    return 2;
  }
  const storage = cliMediaStorage();
  const removed = removedCounts(await withCliDatabase((db) => deleteDemoCatalogue(db, storage)));
  if (removed.products + removed.collections + removed.projects + removed.pictures === 0) {
    console.log("No demo catalogue left to remove.");
  } else {
    const pictures = `${removed.pictures} picture${removed.pictures === 1 ? "" : "s"}`;
    const items = removed.products + removed.collections + removed.projects;
    // Only pictures left: a removal stopped part-way, now finished.
    console.log(
      items === 0
        ? `Removed ${pictures} left from the demo catalogue.`
        : `Removed the demo catalogue: ${describeDemoItems(removed)}, with ${pictures}.`,
    );
  }
  return 0;
}

runCommand(main);
