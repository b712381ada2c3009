/**
 * A port nothing listens on now, for a server a test or bench starts afterwards (an app, a
 * proxy, Redis, a balancer).
 *
 * Not found by listening on port 0 and closing: the kernel may hand that port out again at
 * once to anything else that asks for port 0 meanwhile, and every app start asks, as its
 * embedded PostgreSQL looks for a port of its own. Once it took the port just chosen for
 * its app, and the app stopped on "address already in use". So the port is picked at
 * random outside the kernel's ephemeral range (net.ipv4.ip_local_port_range), where no
 * request for port 0 lands, and tried before it is answered.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const LOWEST = 10_000;

/** The kernel's ephemeral range, from which every request for port 0 is served. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (low! > 0 && high! >= low!) return [low!, high!];
  } catch {
    // Not Linux: the usual range stands.
  }
  return [32_768, 60_999];
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const [low, high] = ephemeralRange();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (65_536 - LOWEST));
    if ((port < low || port > high) && (await canListen(port))) return port;
  }
  throw new Error("No free port outside the kernel's ephemeral range");
}
