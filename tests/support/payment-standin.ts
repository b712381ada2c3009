/**
 * The payment stand-in (tests/standins/payment-provider/) as its own process, for tests:
 *
 *   const standin = await startPaymentStandin({ shopUrl: app.url });
 *   providersFromEnv({ PAYSTACK_API_URL: standin.url, FLUTTERWAVE_API_URL: standin.url })
 *   const back = await standin.checkout(reference, "pay");   // where the customer is sent back
 *   await standin.stop();
 *
 * Also a tiny "shop" that only records the webhooks it receives (startWebhookReceiver),
 * for tests of the stand-in and of the clients' webhook reading.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTcpServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type CheckoutChoice = "pay" | "decline" | "abandon";

export interface StandinSwitches {
  duplicates?: number;
  webhookBeforeReturn?: boolean;
  holdWebhook?: boolean;
  badSignature?: boolean;
  amountDelta?: number;
  currency?: string;
  failInitialize?: 500 | "timeout";
  failVerify?: 500 | "timeout";
  transferPending?: boolean;
}

export interface StandinDelivery {
  reference: string;
  provider: "paystack" | "flutterwave";
  event: string;
  status: number | null;
  error: string | null;
  sentAt: string;
  answeredAt: string;
}

export interface PaymentStandin {
  /** "http://127.0.0.1:<port>": both PAYSTACK_API_URL and FLUTTERWAVE_API_URL. */
  url: string;
  setSwitches(switches: StandinSwitches): Promise<void>;
  resetSwitches(): Promise<void>;
  /** Presses a button on the checkout page (a plain form post) and returns where the customer is sent back. */
  checkout(reference: string, choice: CheckoutChoice): Promise<string>;
  /** Sends a webhook held back by `holdWebhook`, and waits for the shop's answers. */
  sendHeldWebhook(reference: string): Promise<StandinDelivery[]>;
  /** A pending transfer arrives: the transaction succeeds and its webhook is sent (and awaited). */
  settle(reference: string): Promise<StandinDelivery[]>;
  /** What the stand-in holds for a reference (no key), or null. */
  transaction(reference: string): Promise<Record<string, unknown> | null>;
  deliveries(): Promise<StandinDelivery[]>;
  /** Stops the process; safe to call twice. */
  stop(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MAIN = "tests/standins/payment-provider/main.ts";
const STARTUP_TIMEOUT_MS = 20_000;

export async function startPaymentStandin({
  shopUrl,
  flutterwaveHash = "standin-hash",
}: {
  shopUrl?: string | null;
  flutterwaveHash?: string;
} = {}): Promise<PaymentStandin> {
  const args = ["--import", "tsx", MAIN, "--port", "0", "--flutterwave-hash", flutterwaveHash];
  if (shopUrl) args.push("--shop", shopUrl);
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let url: string;
  try {
    url = await readyUrl(child);
  } catch (error) {
    child.kill("SIGKILL");
    process.off("exit", killOnExit);
    throw error;
  }

  const call = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as unknown;
    return { status: response.status, answer };
  };
  const expectOk = async (method: string, pathname: string, body?: unknown) => {
    const { status, answer } = await call(method, pathname, body);
    if (status !== 200) throw new Error(`stand-in ${method} ${pathname} answered ${status}: ${JSON.stringify(answer)}`);
    return answer as Record<string, unknown>;
  };
  const ref = (reference: string) => encodeURIComponent(reference);

  let stopped: Promise<void> | null = null;
  return {
    url,
    setSwitches: async (switches) => void (await expectOk("POST", "/__standin/switches", switches)),
    resetSwitches: async () => void (await expectOk("DELETE", "/__standin/switches")),
    async checkout(reference, choice) {
      const response = await fetch(`${url}/checkout/${ref(reference)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ outcome: choice }).toString(),
        redirect: "manual",
      });
      await response.arrayBuffer();
      const location = response.headers.get("location");
      if (response.status !== 303 || !location) {
        throw new Error(`the checkout page answered ${response.status} to ${choice}, with no way back`);
      }
      return location;
    },
    sendHeldWebhook: async (reference) =>
      (await expectOk("POST", `/__standin/webhooks/${ref(reference)}/send`)).deliveries as StandinDelivery[],
    settle: async (reference) =>
      (await expectOk("POST", `/__standin/transactions/${ref(reference)}/settle`)).deliveries as StandinDelivery[],
    async transaction(reference) {
      const { status, answer } = await call("GET", `/__standin/transactions/${ref(reference)}`);
      return status === 200 ? (answer as Record<string, unknown>) : null;
    },
    deliveries: async () => (await call("GET", "/__standin/deliveries")).answer as StandinDelivery[],
    stop: () =>
      (stopped ??= (async () => {
        process.off("exit", killOnExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        }
      })()),
  };
}

/** Waits for "payment stand-in listening on http://127.0.0.1:<port>". */
function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`the payment stand-in did not start: ${output}`)),
      STARTUP_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /payment stand-in listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off("data", read);
        // Keep draining its log, so a full pipe never blocks it.
        child.stdout?.resume();
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => fail(new Error(`the payment stand-in exited (${code}): ${output}`)));
  });
}

/** One webhook as the receiving "shop" got it: its path, headers and exact bytes. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The webhooks received whose body names this reference. */
  about(reference: string): ReceivedWebhook[];
  /** Resolves once `count` webhooks about the reference have arrived (fails after a while, saying how many did). */
  waitFor(reference: string, count?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP server that answers 200 to every post and records it: the shop, as far as webhooks go. */
export async function startWebhookReceiver({ timeoutMs = 10_000 } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const about = (reference: string) =>
    received.filter((w) => w.raw.toString("utf8").includes(JSON.stringify(reference)));
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "/", headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      for (const check of waiters) check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    about,
    waitFor: (reference, count = 1) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (about(reference).length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(about(reference));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhooks about ${reference}, got ${about(reference).length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An address where nothing listens (a port just taken and given back): a provider that is down. */
export async function closedAddress(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
