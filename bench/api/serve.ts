/** The API alone, in its own process so the load generator does not share its CPU time. */
import { buildApp } from "../../server/app";
import { connectDatabase } from "../../server/db/client";

const [databaseUrl, mediaDir] = process.argv.slice(2) as [string, string];
const database = connectDatabase(databaseUrl);
const app = await buildApp({
  database,
  env: { PUBLIC_URL: "http://localhost", WHATSAPP_NUMBER: "2348000000000" },
  mediaDir,
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
