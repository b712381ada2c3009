/**
 * The shop with its production pages, in its own process so the load generator does not
 * share its CPU time. Arguments: the database URL, the media folder and the page cache's
 * bound in bytes (0: no page cache, every page rendered).
 */
import path from "node:path";
import { buildApp } from "../../server/app";
import { connectDatabase } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { createMailer } from "../../server/modules/mail/mailer";
import { WEB_BUILD_DIR } from "../../server/web-build";

const [databaseUrl, mediaDir, pageCacheSize] = process.argv.slice(2) as [string, string, string];
const database = connectDatabase(databaseUrl);
const env = parseEnv({});
// The load test sends no mail; anything that did would land beside the media.
const mailer = createMailer({ from: env.MAIL_FROM, outboxDir: path.join(mediaDir, "..", "mail"), log: console });
const app = await buildApp({
  database,
  env,
  mediaDir,
  mailer,
  web: { mode: "production", buildDir: WEB_BUILD_DIR },
  pageCacheSize: Number(pageCacheSize),
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
