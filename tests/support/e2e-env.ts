/** What the end-to-end server and the tests agree on: its port, its DATA_DIR, its admin. */
import { tmpdir } from "node:os";
import path from "node:path";

// An unusual port (other services may hold the common ones), below Linux's range for
// ports handed out on demand (32768–60999), so no database or connection the tests
// start can happen to take it, or the owner's next one.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 29731);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(tmpdir(), `furnish-e2e-${E2E_PORT}`);
export const E2E_ADMIN = { email: "admin@furnish.test", password: "Admin12345" };

/**
 * A second app of its own (no demo catalogue) for the shop owner's journeys that change
 * the whole shop, such as its settings: on the shared server they would change what every
 * other journey sees.
 */
export const E2E_OWNER_PORT = E2E_PORT + 1;
export const E2E_OWNER_BASE_URL = `http://127.0.0.1:${E2E_OWNER_PORT}`;
export const E2E_OWNER_DATA_DIR = path.join(tmpdir(), `furnish-e2e-${E2E_OWNER_PORT}`);

/**
 * The payment providers' stand-in (tests/standins/payment-provider), one for both servers:
 * its webhooks go to the shared server, where the payment journeys run.
 */
export const E2E_STANDIN_PORT = E2E_PORT + 2;
export const E2E_STANDIN_URL = `http://127.0.0.1:${E2E_STANDIN_PORT}`;
/** What the stand-in sends as Flutterwave's webhook hash; the journeys save the same in Settings. */
export const E2E_FLUTTERWAVE_HASH = "e2e-flutterwave-hash";
/** What tests/support/e2e-servers.ts prints once the stand-in and both shops answer. */
export const E2E_SERVERS_READY = "e2e servers ready";
/** The servers' SECRETS_KEY: a test's own, never a deployment's. */
export const E2E_SECRETS_KEY = "7e57".repeat(16);
