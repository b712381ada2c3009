/**
 * The key a client's address is counted under, for per-address limits (connections,
 * rate limits). An IPv4 address is one key. An IPv6 network hands a phone or a home a
 * whole /64 and lets it pick any address inside, so an IPv6 address counts as its /64:
 * otherwise one device could take a fresh address for every request.
 */
import { isIPv6 } from "node:net";

/** Expands "2001:db8::1" to its eight groups; null when it is not an IPv6 address. */
function ipv6Groups(address: string): string[] | null {
  if (!isIPv6(address)) return null;
  const [head = "", tail] = address.split("::");
  // A trailing dotted IPv4 part ("64:ff9b::192.0.2.1") stands for two groups.
  const split = (part: string) =>
    part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const start = split(head);
  const end = tail === undefined ? [] : split(tail);
  const missing = 8 - start.length - end.length;
  return [...start, ...Array<string>(Math.max(0, missing)).fill("0"), ...end];
}

export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  // An IPv4 client on a dual-stack socket arrives as ::ffff:203.0.113.9.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address.split("%")[0]!);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
