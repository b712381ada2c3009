/**
 * The payments' door (server/door.ts, docs/product.md Payments). The customer's side goes
 * by the order's tracking token (pay, "I have paid", the return from a checkout, a
 * receipt); the staff's side names a permission per call; the providers' webhooks are
 * read here once their signature holds. Every credit, whichever path found it, is settled
 * by payments.service.ts `settle`, journaled in its transaction, and told to the admin
 * panel and the customer after the commit, with a receipt e-mailed to a customer with an
 * address.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { formatNaira, koboToNaira, nairaToKobo } from "../../../domain/money";
import { ORDERS_CHANGED_EVENT } from "../../../domain/orders/order-events";
import type { PaymentActions, PaymentDeskActions } from "../../../domain/payments/payments.actions";
import {
  HeldNoteSchema,
  PartRequestSchema,
  PAYMENT_MESSAGES,
  PaymentSettingsUpdateSchema,
  PayReferenceSchema,
  PayRequestSchema,
  PROVIDER_LABELS,
  PROVIDER_NAMES,
  RejectTransferSchema,
  TransferNoticeSchema,
  type ProviderName,
  type Receipt,
  type ReturnOutcome,
} from "../../../domain/payments/payments.schema";
import { PAYMENT_METHOD_LABELS } from "../../../domain/orders/orders.schema";
import { refuse } from "../../../domain/refusal";
import { allows } from "../../../domain/staff/permissions";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import type { orders } from "../../db/schema/orders";
import { journaled, staffMember, type Actor, type JournalNote, writePartsOf } from "../../door";
import type { ActionDeps } from "../../load-context";
import { ADMINS_ROOM, guestRoom, userRoom } from "../../plugins/realtime";
import { requireStaff } from "../../plugins/session";
import { readBody } from "../catalog/admin-writes";
import { tooManyPixels, saveImageInputs, withNewImages } from "../media/image-uploads.service";
import { sendInBackground, statusEmail } from "../orders/order-mail";
import { moneyOrderFor } from "../orders/order-readers";
import { orderLimit } from "../orders/orders.actions";
import { adminView, findOrderByToken, publicViews, receiptUrlOf, trackingUrlOf } from "../orders/orders.service";
import { findOrder } from "../orders/order-desk.service";
import { receiptEmail } from "./payment-mail";
import {
  readPaymentSettings,
  readyProviders,
  updatePaymentSettings,
  type ReadyProvider,
} from "./payment-settings.service";
import {
  askForPart,
  cancelRequest,
  confirmTransfer,
  findReceipt,
  findRequest,
  keepCheckout,
  keepEvents,
  keepTransferNotice,
  markEvent,
  moneyAtAGlance,
  noteHeldRefund,
  planCheckout,
  referenceFor,
  rejectTransfer,
  releaseHeld,
  requestsToCheck,
  settle,
  waitingEvents,
  type Settled,
} from "./payments.service";
import { ProviderUnavailable, type PaymentProvider } from "./providers/provider";
import type { SecretBox } from "./secrets";

type OrderRow = typeof orders.$inferSelect;

/** What the payments' door is made of, beyond every door's parts. */
export interface PaymentParts {
  /** Opens the providers' keys; null without a SECRETS_KEY. */
  box: SecretBox | null;
  providers: Record<ProviderName, PaymentProvider>;
}

export type PaymentDeps = Pick<ActionDeps, "app" | "db" | "mailer" | "shop" | "settings" | "cache" | "storage"> & {
  payments: PaymentParts;
};

const RECEIPT_MESSAGES = {
  field: "receiptImage",
  unreadable: "The receipt must be a picture: a JPEG, PNG or WebP.",
  tooLarge: "The receipt's picture is larger than 10 MB.",
  tooManyPixels: tooManyPixels("The receipt's picture"),
};

const unavailable = (provider: ProviderName) =>
  `${PROVIDER_LABELS[provider]} is not answering just now. Try again in a minute, or pay by bank transfer.`;

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

/** The shared part of both sides: tell who should hear of an order's change, and settle a reference. */
function paymentsCore({ app, db, mailer, shop, settings, cache, storage, payments }: PaymentDeps) {
  const parts = writePartsOf({ app, db, cache, storage });
  const { box, providers } = payments;

  /** Tells the admin panel and the customer's open pages that the order changed. */
  function tell(order: OrderRow) {
    app.realtime.emit(ADMINS_ROOM, ORDERS_CHANGED_EVENT);
    if (order.guestKeyHash) app.realtime.emit(guestRoom(order.guestKeyHash), ORDERS_CHANGED_EVENT);
    if (order.userId) app.realtime.emit(userRoom(order.userId), ORDERS_CHANGED_EVENT);
  }

  async function customerEmail(order: OrderRow): Promise<string | null> {
    if (!order.userId) return null;
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    return account?.email ?? null;
  }

  async function receiptOf(receiptToken: string): Promise<Receipt | null> {
    const found = await findReceipt(db, receiptToken);
    if (!found) return null;
    const { payment, order, sums } = found;
    const [current, details] = await Promise.all([settings.cached(), shop()]);
    return {
      shop: { name: current.shopName, address: current.address, phone: current.phone, email: current.email },
      orderReference: order.reference,
      trackingUrl: trackingUrlOf(details.publicUrl, order.trackingToken),
      customerName: order.customerName,
      amount: koboToNaira(payment.amountKobo),
      method: PAYMENT_METHOD_LABELS[payment.method],
      reference: payment.providerReference,
      paidOn: payment.paidOn,
      orderTotal: koboToNaira(sums.totalKobo),
      paidToDate: koboToNaira(sums.paidKobo),
      balance: koboToNaira(sums.balanceKobo),
    };
  }

  /** After a credit is committed: the panel and the customer hear of it; a receipt and a status e-mail go out. */
  async function afterCredit(
    credited: { order: OrderRow | null; payment: { receiptToken: string } | null; movedFrom: unknown },
    log: FastifyInstance["log"],
  ) {
    if (!credited.order) return;
    tell(credited.order);
    if (!credited.payment) return;
    const email = await customerEmail(credited.order);
    if (!email) return;
    const details = await shop();
    const receipt = await receiptOf(credited.payment.receiptToken);
    if (receipt) {
      const url = receiptUrlOf(details.publicUrl, credited.payment.receiptToken);
      void sendInBackground(mailer, receiptEmail(receipt, email, url), log, credited.order.reference);
    }
    if (credited.movedFrom) {
      const [view] = await publicViews(db, [credited.order], details.publicUrl);
      void sendInBackground(mailer, statusEmail(view!, email, details), log, credited.order.reference);
    }
  }

  const creditNotes = (settled: {
    order: OrderRow | null;
    payment: { amountKobo: number; method: string; providerReference: string | null } | null;
    movedFrom: string | null;
  }): JournalNote[] => {
    const { order, payment, movedFrom } = settled;
    if (!order || !payment) return [];
    return [
      {
        area: "payments",
        item: order.id,
        itemLabel: order.reference,
        action: "Payment received",
        changes: [
          { field: "amount", before: null, after: String(koboToNaira(payment.amountKobo)) },
          { field: "method", before: null, after: payment.method },
          ...(payment.providerReference
            ? [{ field: "reference", before: null, after: payment.providerReference }]
            : []),
        ],
      },
      ...(movedFrom
        ? [
            {
              area: "orders" as const,
              item: order.id,
              itemLabel: order.reference,
              action: "Order status changed",
              changes: [{ field: "status", before: movedFrom, after: order.status }],
            },
          ]
        : []),
    ];
  };

  /**
   * Asks the provider what became of a reference and settles it: the one path of the
   * return, the webhook and the sweep. A provider that does not answer leaves it pending.
   */
  async function settleReference(
    provider: ProviderName,
    reference: string,
    log: FastifyInstance["log"],
    cameBack = false,
  ) {
    const ready = (await readyProviders(db, box)).find((one) => one.name === provider);
    if (!ready) return { outcome: "pending" as const, order: null };
    const verification = await providers[provider].verify(ready.keys, reference);
    const settled = await journaled(
      parts,
      { id: null, name: PROVIDER_LABELS[provider] } satisfies Actor,
      (p) => settle(p.db, provider, verification, cameBack),
      (result: Settled) => creditNotes(result),
    );
    if (settled.outcome === "held" && settled.order) tell(settled.order);
    await afterCredit(settled, log);
    return settled;
  }

  return { parts, box, providers, tell, receiptOf, afterCredit, creditNotes, settleReference };
}

export function createPaymentActions(deps: PaymentDeps) {
  const { app, db, shop, storage } = deps;
  const core = paymentsCore(deps);
  const limit = orderLimit(app);

  return (request: FastifyRequest, reply: FastifyReply): PaymentActions => {
    async function orderOf(token: string): Promise<OrderRow> {
      const order = await findOrderByToken(db, token);
      if (!order) throw refuse("missing", "Order not found.");
      return order;
    }

    return {
      async pay(token, body) {
        await limit(request, reply);
        const order = await orderOf(token);
        const what =
          typeof body === "object" && body !== null && "reference" in body && body.reference
            ? readBody(PayReferenceSchema, body)
            : readBody(PayRequestSchema, body);
        const ready = await readyProviders(db, core.box);
        if (ready.length === 0) throw refuse("conflict", PAYMENT_MESSAGES.noProvider);
        const chosen = ready.find((one) => one.name === (what.provider ?? ready[0]!.name));
        if (!chosen)
          throw refuse("invalid", `This shop does not take payments through ${PROVIDER_LABELS[what.provider!]}.`);
        const plan = await planCheckout(
          db,
          order,
          "reference" in what ? { reference: what.reference } : { kind: what.kind },
          chosen.name,
        );
        if (plan.reuse?.checkoutUrl) return { url: plan.reuse.checkoutUrl, reference: plan.reuse.reference };
        const reference = await referenceFor(db, plan);
        const details = await shop();
        const [account] = order.userId
          ? await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
          : [];
        const returnUrl = new URL("/payments/return", details.publicUrl);
        returnUrl.searchParams.set("provider", chosen.name);
        returnUrl.searchParams.set("order", order.trackingToken);
        let url: string;
        try {
          ({ url } = await core.providers[chosen.name].initialize(chosen.keys, {
            reference,
            amountKobo: plan.amountKobo,
            currency: "NGN",
            // A guest gives no e-mail address; the providers ask for one, so the order's own stands in.
            email: account?.email ?? `${order.reference.toLowerCase()}@orders.${new URL(details.publicUrl).hostname}`,
            customerName: order.customerName,
            customerPhone: order.customerPhone,
            returnUrl: returnUrl.toString(),
            description: `${details.name}: ${plan.kind === "part" ? "part payment" : plan.kind === "visit" ? "visit fee" : plan.kind} for order ${order.reference}`,
          }));
        } catch (error) {
          if (error instanceof ProviderUnavailable) {
            request.log.warn({ provider: chosen.name, reference }, "payment provider unavailable at checkout");
            throw refuse("unavailable", unavailable(chosen.name));
          }
          throw error;
        }
        try {
          await keepCheckout(db, plan, { reference, provider: chosen.name, testMode: chosen.mode === "test", url });
        } catch (error) {
          // A second tap at the same moment made the same reference first: send this one to its checkout.
          if (!isUniqueViolation(error)) throw error;
          const made = await findRequest(db, reference);
          if (!made?.checkoutUrl) throw error;
          return { url: made.checkoutUrl, reference };
        }
        core.tell(order);
        return { url, reference };
      },

      async tellTransfer(token, body) {
        await limit(request, reply);
        const order = await orderOf(token);
        const notice = readBody(TransferNoticeSchema, body);
        const saved = notice.receiptImage
          ? await saveImageInputs(db, storage, [notice.receiptImage], RECEIPT_MESSAGES, false)
          : { mediaIds: [], created: [] };
        const kept = await withNewImages(db, storage, saved.created, () =>
          keepTransferNotice(db, order, {
            amountKobo: nairaToKobo(notice.amount),
            note: notice.note,
            receiptMediaId: saved.mediaIds[0] ?? null,
          }),
        );
        core.tell(order);
        return { _id: kept.id };
      },

      async returned(query) {
        const provider = PROVIDER_NAMES.find((name) => name === query.provider);
        const order = query.order ? await findOrderByToken(db, query.order) : null;
        const trackingUrl = order ? trackingUrlOf((await shop()).publicUrl, order.trackingToken) : null;
        const reference = provider ? core.providers[provider].referenceFromReturn(query) : null;
        if (!provider || !order || !reference) return { trackingUrl, outcome: "failed" };
        const made = await findRequest(db, reference);
        // Only this order's own requests: a return names nothing else.
        if (!made || made.orderId !== order.id) return { trackingUrl, outcome: "failed" };
        try {
          const settled = await core.settleReference(provider, reference, request.log, true);
          const outcome: ReturnOutcome = settled.outcome === "unknown" ? "failed" : settled.outcome;
          return { trackingUrl, outcome };
        } catch (error) {
          if (!(error instanceof ProviderUnavailable)) throw error;
          // The sweep settles it once the provider answers again.
          request.log.warn({ provider, reference }, "payment provider unavailable at the customer's return");
          return { trackingUrl, outcome: "pending" };
        }
      },

      receipt: (receiptToken) => core.receiptOf(receiptToken),
    };
  };
}

/**
 * How many webhooks are settled at once (each asks the provider, then writes): the rest
 * wait their turn, so a burst of events never holds up the answers that store them.
 */
const SETTLING_AT_ONCE = 2;

/** The longest a stored event waits for a burst of webhooks to be answered before it is settled. */
const SETTLING_DEFERRED_MS = 1_000;

/** How long the webhook door trusts the keys it read while signatures keep holding. */
const KEYS_KEPT_MS = 60_000;

/** The most events one group commit writes. */
const EVENTS_PER_COMMIT = 200;

type KeptEvent = Parameters<typeof keepEvents>[1][number];

/**
 * Keeps webhooks' events in group commits: while one insert is being written, the events
 * that arrive wait and go into the next insert together, so a burst of webhooks costs a
 * few commits instead of one each, and a lone webhook is written at once. Each webhook is
 * answered only once its own event is committed; a failed insert fails the webhooks in
 * it (answered 500, so their providers send them again).
 */
function groupCommits(db: Database) {
  const waiting: Array<{ event: KeptEvent; kept: () => void; failed: (error: unknown) => void }> = [];
  let writing = false;
  async function write() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, EVENTS_PER_COMMIT);
      try {
        await keepEvents(
          db,
          batch.map((one) => one.event),
        );
        for (const one of batch) one.kept();
      } catch (error) {
        for (const one of batch) one.failed(error);
      }
    }
    writing = false;
  }
  return (event: KeptEvent) =>
    new Promise<void>((kept, failed) => {
      waiting.push({ event, kept, failed });
      if (!writing) void write();
    });
}

/** The providers' webhooks: kept once the signature holds, answered, then settled. */
export function createWebhookDoor(deps: PaymentDeps) {
  const { db, app } = deps;
  const core = paymentsCore(deps);
  const keep = groupCommits(db);
  const queue: Array<{ id: string; provider: ProviderName; reference: string; at: number }> = [];
  let working = 0;
  let idle: Promise<void> = Promise.resolve();
  let markIdle: () => void = () => {};

  /** Webhooks being read and stored now: while there are any, settling waits (up to SETTLING_DEFERRED_MS). */
  let receiving = 0;
  let deferred: ReturnType<typeof setTimeout> | null = null;

  /**
   * Settles queued events, SETTLING_AT_ONCE at a time; a reference queued twice is asked
   * about once per turn. During a burst the answers come first: an event waits until no
   * webhook is being stored, or until it has waited SETTLING_DEFERRED_MS.
   */
  function work() {
    while (working < SETTLING_AT_ONCE && queue.length > 0) {
      const waited = Date.now() - queue[0]!.at;
      if (receiving > 0 && waited < SETTLING_DEFERRED_MS) {
        deferred ??= setTimeout(() => {
          deferred = null;
          work();
        }, SETTLING_DEFERRED_MS - waited);
        return;
      }
      const next = queue.shift()!;
      const same = queue.filter((event) => event.reference === next.reference && event.provider === next.provider);
      for (const event of same) queue.splice(queue.indexOf(event), 1);
      working += 1;
      void (async () => {
        await processEvent(next.id, next.provider, next.reference);
        // Its duplicates were settled by the same answer: crossed off with it.
        for (const event of same) await markEvent(db, event.id, null).catch(() => undefined);
      })().finally(() => {
        working -= 1;
        if (working === 0 && queue.length === 0) markIdle();
        work();
      });
    }
  }

  /** Settles a kept event; a failure leaves it for the sweep. */
  async function processEvent(id: string, provider: ProviderName, reference: string) {
    try {
      await core.settleReference(provider, reference, app.log);
      await markEvent(db, id, null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      app.log.warn({ provider, reference, err: { message } }, "payment event not settled yet; the sweep will retry");
      await markEvent(db, id, message).catch(() => undefined);
    }
  }

  /**
   * The providers' keys as last read, so a webhook costs one write, not a read and a
   * decryption too. Kept for a minute; a signature they do not verify reads them again,
   * so keys changed in Settings, here or on another instance, are used from their first
   * webhook (a forged one costs the read every webhook cost before).
   */
  let keys: { readAt: number; ready: ReadyProvider[] } | null = null;
  async function keysOf(provider: ProviderName, fresh: boolean) {
    const age = keys ? Date.now() - keys.readAt : Infinity;
    if (fresh || age > KEYS_KEPT_MS) {
      keys = { readAt: Date.now(), ready: await readyProviders(db, core.box) };
    }
    return keys!.ready.find((one) => one.name === provider) ?? null;
  }
  const verified = async (provider: ProviderName, raw: Buffer, headers: FastifyRequest["headers"], fresh: boolean) => {
    const ready = await keysOf(provider, fresh);
    return ready ? core.providers[provider].readWebhook(ready.keys, raw, headers) : null;
  };

  return {
    /**
     * Reads a webhook: 401 (nothing written) unless the provider's keys are kept and its
     * signature holds over the raw bytes; then the event is stored, and settled after the
     * answer. Answers the reference it kept.
     */
    async receive(provider: ProviderName, raw: Buffer, headers: FastifyRequest["headers"]) {
      receiving += 1;
      try {
        const notice =
          (await verified(provider, raw, headers, false)) ?? (await verified(provider, raw, headers, true));
        if (!notice) throw refuse("signed-out", "The webhook's signature does not hold.");
        const id = randomUUID();
        await keep({ id, provider, reference: notice.reference, event: notice.event });
        if (working === 0 && queue.length === 0) idle = new Promise((resolve) => (markIdle = resolve));
        queue.push({ id, provider, reference: notice.reference, at: Date.now() });
        return { id, reference: notice.reference };
      } finally {
        receiving -= 1;
        work();
      }
    },
    /** Waits for the events received so far to be settled (a stop, or a test). */
    settled: () => idle,
    /**
     * The sweep, by one instance at a time: events kept but not settled (a process that
     * stopped in between), then pending requests the provider may since have ended.
     */
    async sweep() {
      for (const event of await waitingEvents(db)) await processEvent(event.id, event.provider, event.reference);
      for (const request of await requestsToCheck(db)) {
        await core.settleReference(request.provider!, request.reference, app.log).catch((error: unknown) => {
          app.log.warn(
            { reference: request.reference, err: { message: error instanceof Error ? error.message : String(error) } },
            "payment request not checked; next sweep",
          );
        });
      }
    },
  };
}

export function createPaymentDeskActions(deps: PaymentDeps) {
  const { db, shop } = deps;
  const core = paymentsCore(deps);

  return (request: FastifyRequest, _reply?: FastifyReply): PaymentDeskActions => {
    /** The order as the member asking may read it (the customer's contact only for Owner and Sales). */
    async function answer(order: OrderRow) {
      const roles = (await request.signedIn())?.viewer.roles ?? [];
      return moneyOrderFor(roles, await adminView(db, order, (await shop()).publicUrl));
    }

    const note = (order: OrderRow, action: string, changes: JournalNote["changes"] = []): JournalNote => ({
      area: "payments",
      item: order.id,
      itemLabel: order.reference,
      action,
      changes,
    });

    return {
      async settings() {
        await staffMember(request, "payments.settings");
        return readPaymentSettings(db, core.box);
      },
      async updateSettings(body) {
        const by = await staffMember(request, "payments.settings");
        const update = readBody(PaymentSettingsUpdateSchema, body);
        const { after } = await journaled(
          core.parts,
          by,
          async (p) => ({
            before: await readPaymentSettings(p.db, core.box),
            after: await updatePaymentSettings(p.db, core.box, update),
          }),
          ({ before, after }) => ({
            area: "settings",
            item: "payments",
            itemLabel: "Payment settings",
            action: "Payment settings changed",
            // Whether a key is kept, never the key: the settings' view holds no secret.
            changes: [
              ...diff("bank", before.bank, after.bank),
              ...diff("paystack", before.paystack, after.paystack),
              ...diff("flutterwave", before.flutterwave, after.flutterwave),
              ...(update.paystack?.secretKey
                ? [{ field: "paystack secret key", before: null, after: "(changed)" }]
                : []),
              ...(update.flutterwave?.secretKey
                ? [{ field: "flutterwave secret key", before: null, after: "(changed)" }]
                : []),
              ...(update.flutterwave?.secretHash
                ? [{ field: "flutterwave secret hash", before: null, after: "(changed)" }]
                : []),
            ],
          }),
        );
        return after;
      },
      async requestPart(orderId, body) {
        const by = await staffMember(request, "payments.record");
        const part = readBody(PartRequestSchema, body);
        const { order } = await journaled(
          core.parts,
          by,
          (p) => askForPart(p.db, orderId, nairaToKobo(part.amount), part.note, by.name),
          ({ order, request: made }) =>
            note(order, "Part payment asked for", [
              { field: "amount", before: null, after: String(part.amount) },
              { field: "reference", before: null, after: made.reference },
            ]),
        );
        core.tell(order);
        return answer((await findOrder(db, order.id))!);
      },
      async cancelRequest(orderId, reference) {
        const by = await staffMember(request, "payments.record");
        const { order } = await journaled(
          core.parts,
          by,
          (p) => cancelRequest(p.db, orderId, reference, by.name),
          ({ order, request: cancelled }) =>
            note(order, "Payment request cancelled", [
              { field: "reference", before: cancelled.reference, after: null },
            ]),
        );
        core.tell(order);
        return answer((await findOrder(db, order.id))!);
      },
      async confirmTransfer(orderId, transferId) {
        const by = await staffMember(request, "payments.confirm");
        const confirmed = await journaled(
          core.parts,
          by,
          (p) => confirmTransfer(p.db, orderId, transferId, by.name),
          (result) => [note(result.order, "Transfer confirmed"), ...core.creditNotes(result)],
        );
        await core.afterCredit(confirmed, request.log);
        return answer((await findOrder(db, confirmed.order.id))!);
      },
      async rejectTransfer(orderId, transferId, body) {
        const by = await staffMember(request, "payments.confirm");
        const { reason } = readBody(RejectTransferSchema, body);
        const { order } = await journaled(
          core.parts,
          by,
          (p) => rejectTransfer(p.db, orderId, transferId, reason, by.name),
          ({ order, notice }) =>
            note(order, "Transfer rejected", [
              { field: "amount", before: String(koboToNaira(notice.amountKobo)), after: null },
              { field: "reason", before: null, after: reason },
            ]),
        );
        core.tell(order);
        return answer(order);
      },
      async releaseHeld(orderId, requestId) {
        const by = await staffMember(request, "payments.confirm");
        const released = await journaled(
          core.parts,
          by,
          (p) => releaseHeld(p.db, orderId, requestId, by.name),
          (result) => [note(result.order, "Held payment credited"), ...core.creditNotes(result)],
        );
        await core.afterCredit(released, request.log);
        return answer((await findOrder(db, released.order.id))!);
      },
      async refundNote(orderId, requestId, body) {
        const by = await staffMember(request, "payments.confirm");
        const { note: text } = readBody(HeldNoteSchema, body);
        const { order } = await journaled(
          core.parts,
          by,
          (p) => noteHeldRefund(p.db, orderId, requestId, text, by.name),
          ({ order, request: held }) =>
            note(order, "Held payment not credited", [
              { field: held.reference, before: formatNaira(koboToNaira(held.heldAmountKobo ?? 0)), after: text },
            ]),
        );
        core.tell(order);
        return answer(order);
      },
      async atAGlance() {
        const { viewer } = await requireStaff(request, "dashboard.read");
        if (!allows(viewer.roles, "money.read")) return null;
        const [money, ready] = await Promise.all([moneyAtAGlance(db), readyProviders(db, core.box)]);
        return {
          receivedToday: koboToNaira(money.receivedTodayKobo),
          receivedThisWeek: koboToNaira(money.receivedThisWeekKobo),
          requestsPending: money.requestsPending,
          heldForReview: money.heldForReview,
          transfersToConfirm: money.transfersToConfirm,
          testMode: ready.some((one) => one.mode === "test"),
        };
      },
    };
  };
}

/** A settings part's fields, before → after, as the journal keeps them (never a secret: the view holds none). */
function diff(part: string, before: object | null, after: object | null) {
  const text = (value: object | null) => (value ? JSON.stringify(value) : null);
  return text(before) === text(after) ? [] : [{ field: part, before: text(before), after: text(after) }];
}
