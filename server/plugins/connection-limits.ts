/**
 * Bounds on connections, so that slow or idle clients cannot hold the server's sockets:
 * - a request must arrive whole within REQUEST_TIMEOUT_MS (a client trickling a body a
 *   byte at a time is cut off), and a connection silent for CONNECTION_IDLE_MS is closed;
 * - one address (an IPv6 /64) may hold at most MAX_CONNECTIONS_PER_ADDRESS open at once.
 *   The cap is generous: many phones share one carrier address, each with a few
 *   connections and the live one. Behind a reverse proxy (TRUST_PROXY) every connection
 *   comes from the proxy, so the cap is the proxy's to apply and is off here.
 */
import type { Server } from "node:http";
import { clientNetwork } from "./rate-limits";

export const REQUEST_TIMEOUT_MS = 120_000;
export const CONNECTION_IDLE_MS = 30_000;
/** Below the idle timeout, so an idle kept-alive connection is closed politely first. */
export const KEEP_ALIVE_MS = 20_000;
export const MAX_CONNECTIONS_PER_ADDRESS = 128;

export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  log: { warn(details: object, message: string): void },
) {
  const open = new Map<string, number>();
  let lastWarning = 0;
  server.on("connection", (socket) => {
    const key = clientNetwork(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      // At most one line a minute, however many are refused.
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        log.warn({ address: key, max }, "connections refused: too many open from one address");
      }
      return;
    }
    open.set(key, count);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
