/**
 * The floor bench:webhooks measures the shop against: the least a webhook can cost here.
 * Fastify alone, the raw body, the HMAC-SHA512 signature checked with a key it holds, the
 * reference read from the JSON, one insert into the same payment_events table through a
 * pool of node-postgres connections as large as the app's, then 200 — no log, no hooks,
 * no settling. argv: database URL, the Paystack secret key. Sends its port to the bench
 * over the IPC channel.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const [databaseUrl, secret] = process.argv.slice(2) as [string, string];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

app.post("/api/payments/webhooks/paystack", async (request, reply) => {
  const raw = request.body as Buffer;
  const expected = createHmac("sha512", secret).update(raw).digest();
  const given = Buffer.from(String(request.headers["x-paystack-signature"] ?? ""), "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(401).send();
  const event = JSON.parse(raw.toString("utf8")) as { event: string; data: { reference: string } };
  await pool.query({
    name: "keep-event",
    text: "insert into payment_events (provider, reference, event) values ('paystack', $1, $2) returning id",
    values: [event.data.reference, event.event],
  });
  return { received: true };
});

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send!(String(typeof address === "object" && address ? address.port : 0));
process.on("SIGTERM", () => void app.close().then(() => pool.end()));
