import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app";
import {
  CONNECTION_IDLE_MS,
  KEEP_ALIVE_MS,
  MAX_CONNECTIONS_PER_ADDRESS,
  REQUEST_TIMEOUT_MS,
} from "./connection-limits";

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Resolves with the socket once connected, and tells whether the server closed it soon after. */
function openConnection(): Promise<{ socket: Socket; closed: Promise<boolean> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("error", reject);
    socket.once("connect", () => {
      const closed = new Promise<boolean>((done) => {
        socket.once("close", () => done(true));
      });
      resolve({ socket, closed });
    });
  });
}

async function healthz(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  return response.status;
}

describe("connections", () => {
  it("time out a request that never finishes arriving, and a connection left silent", () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.app.server.timeout).toBe(CONNECTION_IDLE_MS);
    expect(t.app.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
  });

  it("one address may hold only so many open at once; the rest are closed, and freed places come back", async () => {
    const open = [];
    for (let n = 0; n < MAX_CONNECTIONS_PER_ADDRESS; n++) open.push(await openConnection());
    const extra = await openConnection();
    expect(await extra.closed).toBe(true);
    for (const { socket } of open.slice(0, 4)) socket.destroy();
    await Promise.all(open.slice(0, 4).map(({ closed }) => closed));
    expect(await healthz()).toBe(200);
    for (const { socket } of open) socket.destroy();
  });
});
