/**
 * `npm start`: the server as one bundle, run by plain Node (server/bundle.js).
 * Plain JavaScript, so that it runs before anything is compiled.
 */
import { runBundled } from "./bundle.js";

await runBundled("main");
