/**
 * Runs the payment stand-in (Paystack and Flutterwave on one local port):
 *
 *   npm run payments:standin -- --port 4500 --shop http://localhost:3000
 *
 * then start the shop with PAYSTACK_API_URL and FLUTTERWAVE_API_URL set to
 * http://127.0.0.1:4500. Options may also come from the environment:
 * PAYMENT_STANDIN_PORT, PAYMENT_STANDIN_SHOP, PAYMENT_STANDIN_FLUTTERWAVE_HASH.
 * Prints "payment stand-in listening on http://127.0.0.1:<port>" once it answers.
 */
import { parseArgs } from "node:util";
import { createPaymentStandin } from "./server";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    shop: { type: "string" },
    "flutterwave-hash": { type: "string" },
  },
});

const port = Number(values.port ?? process.env.PAYMENT_STANDIN_PORT ?? 4500);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number (0 for any free one), not ${values.port}`);
  process.exit(2);
}
const shopUrl = values.shop ?? process.env.PAYMENT_STANDIN_SHOP ?? null;
if (shopUrl !== null && !URL.canParse(shopUrl)) {
  console.error(`--shop must be the shop's address, like http://localhost:3000, not ${shopUrl}`);
  process.exit(2);
}
const flutterwaveHash = values["flutterwave-hash"] ?? process.env.PAYMENT_STANDIN_FLUTTERWAVE_HASH ?? "standin-hash";

const standin = createPaymentStandin({
  shopUrl,
  flutterwaveHash,
  log: (line) => console.log(line),
});

standin.server.listen(port, "127.0.0.1", () => {
  const address = standin.server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(`payment stand-in listening on http://127.0.0.1:${actual}`);
  if (!shopUrl) console.log("no --shop given: webhooks are recorded, not sent");
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
