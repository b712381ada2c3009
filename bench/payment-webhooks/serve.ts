/**
 * The app alone, in its own process, with its payment clients pointed at the stand-in
 * (argv: database URL, media folder, stand-in URL, SECRETS_KEY). Sends its port to the
 * bench over the IPC channel; its stdout is the app's log.
 */
import path from "node:path";
import { buildApp } from "../../server/app";
import { connectDatabase } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { createMailer } from "../../server/modules/mail/mailer";

const [databaseUrl, mediaDir, standinUrl, secretsKey] = process.argv.slice(2) as [string, string, string, string];
const database = connectDatabase(databaseUrl);
const env = parseEnv({ SECRETS_KEY: secretsKey, PAYSTACK_API_URL: standinUrl, FLUTTERWAVE_API_URL: standinUrl });
const mailer = createMailer({ from: env.MAIL_FROM, outboxDir: path.join(mediaDir, "..", "mail"), log: console });
const app = await buildApp({ database, env, mediaDir, mailer, paymentSweepEveryMs: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send!(String(typeof address === "object" && address ? address.port : 0));
