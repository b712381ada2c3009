/**
 * A local stand-in for Paystack and Flutterwave on one port, so the shop's payments can be
 * tried and tested with no internet: each provider's API paths the shop calls, a hosted
 * checkout page with Pay / Decline / Abandon, webhooks to the shop signed as each provider
 * signs them, and switches that make it misbehave as real providers sometimes do.
 *
 * The stand-in's own paths, for tests, are under /__standin/ (see README, Payments).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { checkoutPage, notFoundPage } from "./checkout-page";
import {
  flutterwaveTransaction,
  parseSwitches,
  paystackTransaction,
  returnAddress,
  webhookBody,
  type ProviderName,
  type Switches,
  type Transaction,
} from "./transactions";

export interface StandinOptions {
  /** The shop's address; webhooks go to {shopUrl}/api/payments/webhooks/{provider}. None: webhooks are only recorded. */
  shopUrl: string | null;
  /** What it sends as Flutterwave's verif-hash (the owner saves the same in the shop). */
  flutterwaveHash: string;
  /** One line per webhook sent, for a person watching. */
  log?: (line: string) => void;
}

/** One webhook sent to the shop, as the tests read it. */
export interface Delivery {
  reference: string;
  provider: ProviderName;
  event: string;
  /** The HTTP status the shop answered, or null when it could not be reached. */
  status: number | null;
  error: string | null;
  sentAt: string;
  answeredAt: string;
}

/** A webhook ready to go: its exact bytes and headers, and how many copies to send at once. */
interface PreparedWebhook {
  reference: string;
  provider: ProviderName;
  event: string;
  body: Buffer;
  headers: Record<string, string>;
  copies: number;
}

const WRONG_KEY = "standin-wrong-key";
const WEBHOOK_TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 1_000_000;

export function createPaymentStandin(options: StandinOptions): { server: Server; close(): Promise<void> } {
  const transactions = new Map<string, Transaction>();
  const held = new Map<string, PreparedWebhook[]>();
  const deliveries: Delivery[] = [];
  /** Answers kept open on purpose (failInitialize/failVerify: "timeout"), closed when the stand-in stops. */
  const hanging = new Set<ServerResponse>();
  let switches: Switches = {};
  let nextId = 5_000_001;

  // ——— Webhooks ———

  function prepare(t: Transaction): PreparedWebhook | null {
    const shape = webhookBody(t);
    if (!shape) return null;
    const body = Buffer.from(JSON.stringify(shape));
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (t.provider === "paystack") {
      // Paystack: hex HMAC-SHA512 of the raw body, keyed with the secret key used at initialize.
      const key = switches.badSignature ? WRONG_KEY : t.secretKey;
      headers["x-paystack-signature"] = createHmac("sha512", key).update(body).digest("hex");
    } else {
      // Flutterwave: the owner's secret hash itself, in verif-hash.
      headers["verif-hash"] = switches.badSignature ? `wrong-${options.flutterwaveHash}` : options.flutterwaveHash;
    }
    return {
      reference: t.reference,
      provider: t.provider,
      event: shape.event,
      body,
      headers,
      copies: switches.duplicates ?? 1,
    };
  }

  async function sendOne(webhook: PreparedWebhook): Promise<Delivery> {
    const sentAt = new Date().toISOString();
    const done = (status: number | null, error: string | null): Delivery => {
      const delivery = {
        reference: webhook.reference,
        provider: webhook.provider,
        event: webhook.event,
        status,
        error,
        sentAt,
        answeredAt: new Date().toISOString(),
      };
      deliveries.push(delivery);
      options.log?.(`webhook ${webhook.provider} ${webhook.event} ${webhook.reference} → ${status ?? error}`);
      return delivery;
    };
    if (!options.shopUrl) return done(null, "no shop address given (--shop)");
    try {
      const response = await fetch(`${options.shopUrl.replace(/\/+$/, "")}/api/payments/webhooks/${webhook.provider}`, {
        method: "POST",
        headers: webhook.headers,
        body: new Uint8Array(webhook.body),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return done(response.status, null);
    } catch (error) {
      return done(null, error instanceof Error ? error.message : String(error));
    }
  }

  /** All copies at once, as a provider retrying in a hurry would. */
  function send(webhook: PreparedWebhook): Promise<Delivery[]> {
    return Promise.all(Array.from({ length: webhook.copies }, () => sendOne(webhook)));
  }

  /**
   * What happens to a transaction's webhook under the switches: held back, sent and
   * awaited (returns once the shop answered), or sent right after `answered` settles.
   */
  async function dispatch(t: Transaction, answered: Promise<void> | null): Promise<void> {
    const webhook = prepare(t);
    if (!webhook) return;
    if (switches.holdWebhook) {
      held.set(t.reference, [...(held.get(t.reference) ?? []), webhook]);
      return;
    }
    if (switches.webhookBeforeReturn || !answered) {
      await send(webhook);
      return;
    }
    void answered.then(() => setImmediate(() => void send(webhook)));
  }

  // ——— The providers' APIs ———

  function bearer(req: IncomingMessage): string | null {
    const match = /^Bearer\s+(\S.*)$/i.exec(req.headers.authorization ?? "");
    return match?.[1]?.trim() || null;
  }

  /** A failure switch: true when it answered (or chose never to). */
  function failed(res: ServerResponse, setting: Switches["failInitialize"], provider: ProviderName): boolean {
    if (setting === 500) {
      json(
        res,
        500,
        provider === "paystack"
          ? { status: false, message: "Stand-in: server error" }
          : { status: "error", message: "Stand-in: server error", data: null },
      );
      return true;
    }
    if (setting === "timeout") {
      // Never answer; the client's deadline ends it (or stopping the stand-in does).
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return true;
    }
    return false;
  }

  function ownAddress(req: IncomingMessage): string {
    return `http://${req.headers.host ?? "127.0.0.1"}`;
  }

  function open(
    t: Omit<
      Transaction,
      "id" | "outcome" | "reportedAmountKobo" | "reportedCurrency" | "channel" | "paidAt" | "createdAt"
    >,
  ): Transaction {
    const transaction: Transaction = {
      ...t,
      id: nextId++,
      outcome: "open",
      reportedAmountKobo: t.amountKobo,
      reportedCurrency: t.currency,
      channel: null,
      paidAt: null,
      createdAt: new Date().toISOString(),
    };
    transactions.set(t.reference, transaction);
    return transaction;
  }

  /** Paystack's "initialize transaction" (JSON body; amount in kobo). */
  async function paystackInitialize(req: IncomingMessage, res: ServerResponse) {
    const key = bearer(req);
    if (!key) return json(res, 401, { status: false, message: "Invalid key" });
    if (failed(res, switches.failInitialize, "paystack")) return;
    const body = record(await readJson(req));
    const refuse = (message: string) => json(res, 400, { status: false, message });
    const email = typeof body?.email === "string" ? body.email : "";
    const amount = body?.amount;
    const reference = typeof body?.reference === "string" ? body.reference : "";
    const callbackUrl = typeof body?.callback_url === "string" ? body.callback_url : "";
    if (!email.includes("@")) return refuse("Invalid Email Address Passed");
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0)
      return refuse("Invalid Amount Sent");
    if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return refuse("Invalid transaction reference");
    if ((body?.currency ?? "NGN") !== "NGN") return refuse("Currency not supported by merchant");
    if (!isUrl(callbackUrl)) return refuse("Stand-in: give a callback_url (the return address)");
    if (transactions.has(reference)) return refuse("Duplicate Transaction Reference");
    const fields = record(body?.metadata)?.custom_fields;
    const described = Array.isArray(fields)
      ? fields.map(record).find((field) => field?.variable_name === "description")?.value
      : undefined;
    open({
      provider: "paystack",
      reference,
      secretKey: key,
      amountKobo: amount,
      currency: "NGN",
      email,
      customerName: null,
      description: typeof described === "string" ? described : "",
      returnUrl: callbackUrl,
    });
    json(res, 200, {
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: `${ownAddress(req)}/checkout/${encodeURIComponent(reference)}`,
        access_code: `standin_${reference}`,
        reference,
      },
    });
  }

  /** Paystack's "verify transaction"; a reference it does not hold (for this key) is a 404. */
  function paystackVerify(req: IncomingMessage, res: ServerResponse, reference: string) {
    const key = bearer(req);
    if (!key) return json(res, 401, { status: false, message: "Invalid key" });
    if (failed(res, switches.failVerify, "paystack")) return;
    const t = transactions.get(reference);
    if (!t || t.provider !== "paystack" || t.secretKey !== key) {
      return json(res, 404, { status: false, message: "Transaction reference not found" });
    }
    json(res, 200, { status: true, message: "Verification successful", data: paystackTransaction(t) });
  }

  /** Flutterwave's "create payment" for its hosted page (JSON body; amount in naira). */
  async function flutterwaveInitialize(req: IncomingMessage, res: ServerResponse) {
    const key = bearer(req);
    if (!key) return json(res, 401, { status: "error", message: "Invalid authorization key", data: null });
    if (failed(res, switches.failInitialize, "flutterwave")) return;
    const body = record(await readJson(req));
    const refuse = (message: string) => json(res, 400, { status: "error", message, data: null });
    const reference = typeof body?.tx_ref === "string" ? body.tx_ref : "";
    const amount = body?.amount;
    const redirectUrl = typeof body?.redirect_url === "string" ? body.redirect_url : "";
    const customer = record(body?.customer);
    const email = typeof customer?.email === "string" ? customer.email : "";
    const customizations = record(body?.customizations);
    if (!reference) return refuse("tx_ref is required");
    if (typeof amount !== "number" || !(amount > 0) || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) {
      return refuse("amount must be a positive number of naira, to the kobo");
    }
    if ((body?.currency ?? "NGN") !== "NGN") return refuse("Invalid currency");
    if (!isUrl(redirectUrl)) return refuse("redirect_url is required");
    if (!email.includes("@")) return refuse("customer.email is required");
    const existing = transactions.get(reference);
    if (existing && (existing.outcome !== "open" || existing.provider !== "flutterwave")) {
      return refuse("Duplicate tx_ref");
    }
    const description = customizations?.description ?? customizations?.title;
    open({
      provider: "flutterwave",
      reference,
      secretKey: key,
      amountKobo: Math.round(amount * 100),
      currency: "NGN",
      email,
      customerName: typeof customer?.name === "string" ? customer.name : null,
      description: typeof description === "string" ? description : "",
      returnUrl: redirectUrl,
    });
    json(res, 200, {
      status: "success",
      message: "Hosted Link",
      data: { link: `${ownAddress(req)}/checkout/${encodeURIComponent(reference)}` },
    });
  }

  /**
   * Flutterwave's "verify by reference". A checkout nobody acted on is no transaction to
   * Flutterwave yet, so it is "not found", as is one started with another key.
   */
  function flutterwaveVerify(req: IncomingMessage, res: ServerResponse, reference: string) {
    const key = bearer(req);
    if (!key) return json(res, 401, { status: "error", message: "Invalid authorization key", data: null });
    if (failed(res, switches.failVerify, "flutterwave")) return;
    const t = transactions.get(reference);
    if (!t || t.provider !== "flutterwave" || t.secretKey !== key || t.outcome === "open") {
      return json(res, 400, { status: "error", message: "No transaction was found for this id", data: null });
    }
    json(res, 200, { status: "success", message: "Transaction fetched successfully", data: flutterwaveTransaction(t) });
  }

  // ——— The checkout page ———

  async function checkoutOutcome(req: IncomingMessage, res: ServerResponse, t: Transaction) {
    const form = new URLSearchParams((await readBody(req)).toString("utf8"));
    const choice = form.get("outcome");
    if (choice !== "pay" && choice !== "decline" && choice !== "abandon") {
      return html(res, 400, "<!doctype html><title>Choose</title><p>Choose Pay, Decline or Abandon.</p>");
    }
    // Paid (or a transfer on its way) stays so: pressing a button again only goes back to the shop.
    const settled = t.outcome === "success" || t.outcome === "pending";
    if (!settled) {
      const now = new Date().toISOString();
      t.reportedAmountKobo = t.amountKobo + (switches.amountDelta ?? 0);
      t.reportedCurrency = switches.currency ?? t.currency;
      if (choice === "pay" && switches.transferPending) {
        Object.assign(t, { outcome: "pending", channel: "bank_transfer", paidAt: null });
      } else if (choice === "pay") {
        Object.assign(t, { outcome: "success", channel: "card", paidAt: now });
      } else if (choice === "decline") {
        Object.assign(t, { outcome: "failed", channel: "card", paidAt: null });
      } else {
        Object.assign(t, { outcome: "abandoned", channel: null, paidAt: null });
      }
    }
    const location = returnAddress(t);
    const answered = new Promise<void>((resolve) => res.once("finish", () => resolve()));
    // Abandon sends nothing; a transfer still pending sends nothing until it settles.
    if (!settled && choice !== "abandon" && t.outcome !== "pending") {
      await dispatch(t, switches.webhookBeforeReturn ? null : answered);
    }
    res.writeHead(303, { location, "cache-control": "no-store" }).end();
  }

  // ——— The stand-in's own paths, for tests ———

  function publicView(t: Transaction) {
    const { secretKey: _key, ...rest } = t;
    return { ...rest, heldWebhooks: (held.get(t.reference) ?? []).length };
  }

  async function settle(res: ServerResponse, t: Transaction) {
    if (t.outcome !== "pending") return json(res, 409, { message: `the transaction is ${t.outcome}, not pending` });
    Object.assign(t, { outcome: "success", paidAt: new Date().toISOString() });
    const before = deliveries.length;
    await dispatch(t, null);
    json(res, 200, { transaction: publicView(t), deliveries: deliveries.slice(before) });
  }

  async function sendHeld(res: ServerResponse, reference: string) {
    const waiting = held.get(reference);
    if (!waiting?.length) return json(res, 404, { message: "no webhook held for this reference" });
    held.delete(reference);
    const sent = (await Promise.all(waiting.map(send))).flat();
    json(res, 200, { deliveries: sent });
  }

  // ——— Routing ———

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://standin");
    const method = req.method ?? "GET";
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const at = (...expected: string[]) =>
      parts.length === expected.length && expected.every((part, i) => part === "*" || part === parts[i]);
    const last = parts[parts.length - 1] ?? "";

    if (method === "POST" && at("transaction", "initialize")) return paystackInitialize(req, res);
    if (method === "GET" && at("transaction", "verify", "*")) return paystackVerify(req, res, last);
    if (method === "POST" && at("v3", "payments")) return flutterwaveInitialize(req, res);
    if (method === "GET" && at("v3", "transactions", "verify_by_reference")) {
      return flutterwaveVerify(req, res, url.searchParams.get("tx_ref") ?? "");
    }

    if (at("checkout", "*")) {
      const t = transactions.get(last);
      if (!t) return html(res, 404, notFoundPage());
      if (method === "GET") return html(res, 200, checkoutPage(t));
      if (method === "POST") return checkoutOutcome(req, res, t);
    }

    if (at("__standin", "switches")) {
      if (method === "GET") return json(res, 200, switches);
      if (method === "DELETE") {
        switches = {};
        return json(res, 200, switches);
      }
      if (method === "POST") {
        const parsed = parseSwitches(await readJson(req));
        if (typeof parsed === "string") return json(res, 400, { message: parsed });
        switches = parsed;
        return json(res, 200, switches);
      }
    }
    if (method === "GET" && at("__standin", "deliveries")) return json(res, 200, deliveries);
    if (at("__standin", "transactions", "*") || at("__standin", "transactions", "*", "settle")) {
      const t = transactions.get(parts[2] ?? "");
      if (!t) return json(res, 404, { message: "no such transaction" });
      if (method === "GET" && parts.length === 3) return json(res, 200, publicView(t));
      if (method === "POST" && parts.length === 4) return settle(res, t);
    }
    if (method === "POST" && at("__standin", "webhooks", "*", "send")) return sendHeld(res, parts[2] ?? "");

    json(res, 404, { message: `the stand-in has no ${method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof BadRequest) return json(res, 400, { message: error.message });
      if (res.headersSent) return res.destroy();
      json(res, 500, { message: error instanceof Error ? error.message : String(error) });
    });
  });

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

class BadRequest extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BadRequest("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = (await readBody(req)).toString("utf8");
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequest("expected a JSON body");
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function isUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}
