/** What the end-to-end server and the tests agree on: its port, its DATA_DIR, its admin. */
import { tmpdir } from "node:os";
import path from "node:path";

// An unusual port: other services on these machines may hold the common ones.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 41731);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(tmpdir(), `furnish-e2e-${E2E_PORT}`);
export const E2E_ADMIN = { email: "admin@furnish.test", password: "Admin12345" };
