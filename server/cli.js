/**
 * `node server/cli.js TOOL [ARGUMENTS…]`: one of the command-line tools, run from its bundle
 * as `npm start` runs the server (server/bundle.js). `npm run admin`, `backup`, `restore`,
 * `demo`, `catalog` and `media` call it; the tool reads its own arguments after TOOL.
 * Plain JavaScript, so that it runs before anything is compiled.
 */
import console from "node:console";
import process from "node:process";
import { ENTRIES, runBundled } from "./bundle.js";

const TOOLS = Object.keys(ENTRIES).filter((entry) => entry !== "main" && entry !== "encoder");
const [tool] = process.argv.splice(2, 1);
if (!TOOLS.includes(tool)) {
  console.error(`Usage: node server/cli.js ${TOOLS.join("|")} [ARGUMENTS…]`);
  process.exit(2);
}
await runBundled(tool);
