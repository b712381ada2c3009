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

/** The ports no request for port 0 is given: below and above the ephemeral range. */
function portsOutsideEphemeralRange(): Array<[number, number]> {
  let [low, high] = [32_768, 60_999];
  try {
    const [first, last] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    if (Number(first) > 0 && Number(last) >= Number(first)) [low, high] = [Number(first), Number(last)];
  } catch {
    // Not Linux: the usual range stands.
  }
  const ranges: Array<[number, number]> = [];
  if (low - 1 >= LOWEST) ranges.push([LOWEST, low - 1]);
  if (high + 1 <= 65_535) ranges.push([high + 1, 65_535]);
  return ranges;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const ranges = portsOutsideEphemeralRange();
  const size = ranges.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  for (let attempt = 0; attempt < 100 && size > 0; attempt += 1) {
    let pick = Math.floor(Math.random() * size);
    for (const [from, to] of ranges) {
      if (pick <= to - from) {
        if (await canListen(from + pick)) return from + pick;
        break;
      }
      pick -= to - from + 1;
    }
  }
  throw new Error("No free port outside the kernel's ephemeral range");
}
