/**
 * The one way the provider clients call a provider: `fetch` with a deadline, the answer
 * read as JSON. Whatever goes wrong on the way (no connection, the deadline, a 5xx, an
 * answer that is not JSON) becomes ProviderUnavailable, whose message names the call and
 * the HTTP status but never the key we sent.
 */
import { timingSafeEqual } from "node:crypto";
import { ProviderUnavailable, type ProviderName, type Verification } from "./provider";

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ProviderClientOptions {
  /** The provider's base address, without a trailing slash needed (the stand-in's in tests). */
  apiUrl: string;
  /** How long one call may take, answer included; 10 s unless told. */
  timeoutMs?: number;
}

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

interface Call {
  provider: ProviderName;
  method: "GET" | "POST";
  /** The path after the base address, for the request and for messages. */
  path: string;
  secretKey: string;
  json?: unknown;
  timeoutMs: number;
  /** Statuses other than 2xx that the caller reads itself (a reference the provider does not know). */
  alsoRead?: (status: number) => boolean;
}

export function baseUrl(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "");
}

export async function callProvider(apiUrl: string, call: Call): Promise<ProviderAnswer> {
  const what = `${call.method} ${call.path.split("?")[0]}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl(apiUrl)}${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${call.secretKey}`,
        accept: "application/json",
        ...(call.json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: "error",
    });
    // The deadline covers the body too: the same signal aborts a body that never ends.
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new ProviderUnavailable(
      call.provider,
      timedOut ? `${what} gave no answer within ${call.timeoutMs} ms` : `${what} could not be sent (${causeOf(error)})`,
    );
  }
  const readable = response.ok || (call.alsoRead?.(response.status) ?? false);
  if (!readable) throw new ProviderUnavailable(call.provider, `${what} answered HTTP ${response.status}`);
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderUnavailable(call.provider, `${what} answered HTTP ${response.status} with no JSON`);
  }
}

/** The network's own reason (ECONNREFUSED…), never a message that could carry our headers. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return cause.code;
  return error instanceof Error ? error.name : "unknown error";
}

/** A plain object, or null. */
export function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

export function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The first value of a header as Node gives headers (string, list, or absent). */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first !== "" ? first : null;
}

/** Compares two secrets in constant time; different lengths are simply unequal. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body of a webhook as JSON, or null. */
export function parseJson(raw: Buffer): Record<string, unknown> | null {
  try {
    return record(JSON.parse(raw.toString("utf8")));
  } catch {
    return null;
  }
}

/** What we say of a reference the provider does not know: it failed, and nothing was paid. */
export function unknownReference(reference: string): Verification {
  return {
    reference,
    status: "failed",
    amountKobo: 0,
    currency: "NGN",
    feeKobo: null,
    providerId: null,
    paidAt: null,
    channel: null,
  };
}
