/**
 * Fetching a picture named by a web address in an imported catalogue, without letting
 * the address reach inside the shop's own network (docs/catalogue-csv.md, Pictures).
 *
 * The host name is resolved here and the connection is made to the very address that
 * was checked (Node's `lookup` hook of the socket), so a name cannot resolve to a public
 * address for the check and a private one for the connection. Loopback, private,
 * link-local, carrier-grade NAT, multicast, documentation and other non-public ranges
 * are refused, IPv4 and IPv6 alike, unless the operator allows that host and port by
 * CATALOG_IMPORT_ALLOWED_HOSTS. Redirects are followed by hand (at most 3), each checked
 * the same way; the body is counted while it streams and cut at the size limit; the
 * whole fetch has a time limit.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { MAX_IMAGE_BYTES } from "../../../domain/catalog/input-fields";
import { Refusal } from "../../../domain/refusal";

export const PICTURE_FETCH_TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 3;

/** Why a picture's address gave no picture, and the refusal it makes. */
const KIND_OF_REASON = { refused: "forbidden", tooLarge: "too-large", failed: "invalid" } as const;

/**
 * A picture that could not be fetched: an address that reaches inside the shop's network
 * (refused), a body over the size limit (tooLarge), or any other failure of the address.
 */
export class PictureFetchError extends Refusal {
  constructor(
    message: string,
    readonly reason: keyof typeof KIND_OF_REASON,
  ) {
    super(KIND_OF_REASON[reason], message);
  }
}

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // Unspecified, loopback and IPv4-compatible (::a.b.c.d, deprecated, but an IPv4 address to some stacks).
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether an address is outside the public internet; an IPv4 address written as IPv6 is judged as IPv4. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return NON_PUBLIC.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  // Any other IPv4-mapped form (::ffff:7f00:1) is refused whole.
  if (family === 6 && /^::ffff:/i.test(address)) return true;
  return NON_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

const REFUSED =
  "The picture's address is on a private network: the shop fetches pictures from the public internet only.";

/** "host:port" of a URL, with the scheme's default port written out. */
export function hostAndPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return `${host}:${port}`;
}

/** The socket's lookup: resolves the name and hands the socket only an address that passed the check. */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const usable = addresses.filter((entry) => allowed || !isNonPublicAddress(entry.address));
      if (usable.length === 0) {
        const refusal = Object.assign(new Error(REFUSED), { code: "EPICTUREREFUSED" });
        return callback(refusal, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export interface PictureFetchOptions {
  /** "host:port" entries the operator allows even on a private network (CATALOG_IMPORT_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
}

/** The picture's bytes, or a PictureFetchError saying why not. */
export async function fetchPicture(address: string, options: PictureFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? PICTURE_FETCH_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PictureFetchError("This is not a web address.", "failed");
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await requestOnce(url, options, signal);
    if (answer.kind === "bytes") return answer.bytes;
    try {
      url = new URL(answer.location, url);
    } catch {
      throw new PictureFetchError("The picture's address redirects to something that is not a web address.", "failed");
    }
  }
  throw new PictureFetchError(`The picture's address redirects more than ${MAX_REDIRECTS} times.`, "failed");
}

type Answer = { kind: "bytes"; bytes: Buffer } | { kind: "redirect"; location: string };

function requestOnce(url: URL, options: PictureFetchOptions, signal: AbortSignal): Promise<Answer> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const tooLarge = `The picture is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(
      new PictureFetchError("Pictures are fetched from http:// or https:// addresses only.", "failed"),
    );
  }
  if (url.username || url.password) {
    return Promise.reject(new PictureFetchError("A picture's address may not hold a user name or password.", "failed"));
  }
  const allowed = options.allowedHosts.includes(hostAndPort(url));
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  // An address written as digits is connected to without a lookup: checked here instead.
  if (isIP(literal) && !allowed && isNonPublicAddress(literal)) {
    return Promise.reject(new PictureFetchError(REFUSED, "refused"));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(allowed),
        signal,
        agent: false,
        headers: { accept: "image/*", "user-agent": "Furnish catalogue import" },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ kind: "redirect", location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new PictureFetchError(`The picture's address answered ${status}.`, "failed"));
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          reject(new PictureFetchError(tooLarge, "tooLarge"));
          return;
        }
        const chunks: Buffer[] = [];
        let length = 0;
        response.on("data", (chunk: Buffer) => {
          length += chunk.length;
          if (length > maxBytes) {
            response.destroy();
            reject(new PictureFetchError(tooLarge, "tooLarge"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ kind: "bytes", bytes: Buffer.concat(chunks) }));
        response.on("error", (error) => reject(describe(error, signal)));
      },
    );
    request.on("error", (error) => reject(describe(error, signal)));
  });
}

function describe(error: Error & { code?: string }, signal: AbortSignal): PictureFetchError {
  if (error instanceof PictureFetchError) return error;
  if (error.code === "EPICTUREREFUSED") return new PictureFetchError(REFUSED, "refused");
  if (signal.aborted) {
    return new PictureFetchError(
      `The picture did not arrive within ${Math.round(PICTURE_FETCH_TIMEOUT_MS / 1000)} seconds.`,
      "failed",
    );
  }
  if (error.code === "ENOTFOUND") return new PictureFetchError("The picture's host name does not exist.", "failed");
  return new PictureFetchError(`The picture could not be fetched (${error.code ?? error.message}).`, "failed");
}
