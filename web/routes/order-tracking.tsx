/**
 * An order's tracking page, reached by the link in its WhatsApp message (docs/product.md,
 * Ordering on WhatsApp). Anyone holding the link may read it, so it shows the order and
 * never the customer: no phone, e-mail or address (the public view has none). "Ask about
 * this order" goes to the number the server names: the order's salesperson's, or the
 * shop's. An unknown link is the site's plain 404.
 *
 * Once the order has a quote it is also where the customer pays (docs/product.md,
 * Payments): the action opens a provider's checkout (a 303 to it) or records "I have paid"
 * for a bank transfer; the checkout comes back here with `?payment=paid|pending|failed|held`.
 * The page reloads when the order changes ("orders:changed", web/features/live), so a
 * payment confirmed meanwhile shows without a reload. A swatch request lists its finishes
 * and has no money section until the owner sets a fee on it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { formatNaira, koboToNaira, nairaToKobo } from "../../domain/money";
import { formatDate, formatDay, formatMoment } from "../../domain/dates";
import { orderQuestionMessage, PAY_SECTION_ID } from "../../domain/orders/order-messages";
import { statusExplanation, STATUS_LABELS } from "../../domain/orders/order-status";
import { finishCount, swatchParts } from "../../domain/orders/swatches";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../domain/orders/orders.schema";
import {
  PayReferenceSchema,
  PayRequestSchema,
  PROVIDER_LABELS,
  REQUEST_KIND_LABELS,
  RETURN_OUTCOMES,
  TransferNoticeSchema,
  type ReturnOutcome,
  type TransferNoticeInput,
} from "../../domain/payments/payments.schema";
import { whatsappLink } from "../../domain/whatsapp";
import {
  PaymentOutcome,
  PaymentRecords,
  PayPanel,
  type PaymentAnswer,
  type PaymentPanelData,
} from "../components/orders/order-payment";
import { OrderStatusBadge } from "../components/orders/order-status-badge";
import { OrderQuote, type QuoteAnswer } from "../components/orders/order-quote";
import { QuoteApprovalSchema, QuoteChangesSchema } from "../../domain/quotes/quotes.schema";
import { RESTORE_CART_INTENT, RestoreCartForm } from "../components/orders/restore-cart-form";
import { VISIT_INTENT, VisitSection, type VisitAnswer } from "../components/orders/visit-section";
import { formatVisit } from "../../domain/orders/visits";
import { WhatsAppIcon } from "../components/ui/brand-icons";
import { withFilesRead } from "../features/admin/admin-form-data";
import {
  actionAnswer,
  answer,
  backPath,
  invalidReply,
  isDocumentRequest,
  redirectWithFlash,
  refusalOf,
  refusedReply,
} from "../lib/page-actions.server";
import type { Route } from "./+types/order-tracking";
import { LineThumbnail } from "../components/orders/line-thumbnail";

type TrackedOrder = NonNullable<Awaited<ReturnType<Route.LoaderArgs["context"]["orders"]["track"]>>>;

const minus = (a: number, b: number) => koboToNaira(Math.max(0, nairaToKobo(a) - nairaToKobo(b)));

/** An address of this shop's as a path ("/receipts/…"), so the link stays on the site it was read on. */
const pathOf = (url: string) => {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.pathname}${parsed.search}` : url;
};

/** What paying looks like for this order now: what is due, and what was paid, asked for and told. */
function paymentPanel(order: TrackedOrder): PaymentPanelData {
  const depositOwed = minus(order.depositDue ?? 0, order.paid);
  // Before a quote (a service request around its visit) only what the shop asked for is due.
  const quoted = !["new", "visit_proposed", "visit_booked", "visited"].includes(order.status);
  const due =
    order.payTo === null || !quoted
      ? null
      : depositOwed > 0
        ? ({ kind: "deposit", amount: depositOwed } as const)
        : order.balance > 0
          ? ({ kind: "balance", amount: order.balance } as const)
          : null;
  return {
    payTo: order.payTo && {
      bank: order.payTo.bank,
      online: order.payTo.online.map((one) => ({ ...one, label: PROVIDER_LABELS[one.provider] })),
    },
    due,
    balance: order.balance,
    parts: order.requests
      // A part asked for before other payments came in may now be more than is owed: not offered.
      .filter(
        (request) =>
          (request.kind === "visit" || (request.kind === "part" && request.amount <= order.balance)) &&
          request.status === "pending",
      )
      .map(({ reference, amount, note, kind }) => ({ reference, amount, note, kind: kind as "part" | "visit" })),
    testMode: order.payTo?.online.some((provider) => provider.testMode) ?? false,
    received: order.payments.map((payment, index) => ({
      key: `${index}-${payment.paidOn}`,
      amount: payment.amount,
      method: PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] ?? payment.method,
      paidOn: payment.paidOn.length === 10 ? formatDay(payment.paidOn) : formatDate(payment.paidOn),
      reference: payment.reference,
      receiptPath: pathOf(payment.receiptUrl),
    })),
    // A part payment still to pay has its own button; the rest wait on a checkout or the shop.
    waiting: order.requests
      .filter(
        (request) =>
          request.status === "held" ||
          (request.status === "pending" && request.kind !== "part" && request.kind !== "visit" && order.payTo),
      )
      .map((request) => ({
        reference: request.reference,
        label: REQUEST_KIND_LABELS[request.kind],
        amount: request.amount,
        held: request.status === "held",
        when: formatMoment(request.createdAt),
      })),
    transfers: order.transfers.map((transfer) => ({
      _id: transfer._id,
      amount: transfer.amount,
      status: transfer.status,
      reason: transfer.reason,
      when: formatMoment(transfer.createdAt),
    })),
  };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await context.orders.track(params.token);
  if (!order) throw data(null, { status: 404 });
  const returned = new URL(request.url).searchParams.get("payment");
  return {
    order,
    placedOn: formatDate(order.createdAt),
    events: order.events.map((event, index) => ({ ...event, key: index, when: formatMoment(event.at) })),
    readyOn: order.expectedReadyDate ? formatDay(order.expectedReadyDate) : null,
    approvedOn: order.quote?.approvedAt ? formatDate(order.quote.approvedAt) : null,
    earlier: order.approvedQuote?.approvedAt
      ? { quote: order.approvedQuote, approvedOn: formatDate(order.approvedQuote.approvedAt) }
      : null,
    panel: paymentPanel(order),
    outcome: RETURN_OUTCOMES.includes(returned as ReturnOutcome) ? (returned as ReturnOutcome) : null,
    now: Date.now(),
  };
}

const PAY_FAILED = "The checkout could not be opened. Please try again in a moment.";

/**
 * "pay": the provider's checkout for what the button pressed names (the deposit, the
 * balance, or a part payment by its reference), as a 303 the browser follows with or
 * without scripts. "transfer": "I have paid", with the receipt's picture read from the
 * multipart post as the data string the media pipeline checks.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const intent = posted.get("intent");
  if (intent === RESTORE_CART_INTENT) return restoreCart(params.token, request, posted, context);
  if (intent === VISIT_INTENT) return bookVisit(params.token, request, posted, context);
  if (intent === "pay") {
    const schema = posted.has("reference") ? PayReferenceSchema : PayRequestSchema;
    const parsed = schema.safeParse(Object.fromEntries([...posted].filter(([, value]) => typeof value === "string")));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? PAY_FAILED;
      return answer(request, posted, { kind: "error", message }, 400);
    }
    try {
      const { url } = await context.payments.pay(params.token, parsed.data);
      return redirect(url, 303);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      const flash = { kind: "error", message: refusal.message || PAY_FAILED } as const;
      if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, posted), flash);
      return actionAnswer<PaymentAnswer>({ intent: "pay", flash }, refusal.status);
    }
  }
  if (intent === "approve") return approve(params.token, request, posted, context);
  if (intent === "changes") {
    const parsed = QuoteChangesSchema.safeParse({ message: posted.get("message") ?? "" });
    if (!parsed.success) return quoteRefusal(request, posted, "changes", parsed.error.issues[0]!.message, 400);
    try {
      if (!(await context.orders.askForChanges(params.token, parsed.data))) {
        return quoteRefusal(request, posted, "changes", ORDER_GONE, 404);
      }
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return quoteRefusal(request, posted, "changes", refusal.message, refusal.status);
    }
    return redirectWithFlash(backPath(request, posted), {
      kind: "success",
      message: "Thank you. We will send you a new quote with your changes.",
    });
  }
  if (intent === "transfer") {
    const read = await withFilesRead(posted);
    const submission = parseWithZod(read, { schema: TransferNoticeSchema });
    if (submission.status !== "success") {
      return actionAnswer<PaymentAnswer>({ intent: "transfer", result: invalidReply(submission) }, 400);
    }
    // The door reads the notice as the API's body: the fields as typed, the picture as its data string.
    const text = (name: string) => {
      const value = read.get(name);
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const notice: TransferNoticeInput = {
      amount: text("amount") ?? null,
      note: text("note") ?? null,
      ...(text("receiptImage") ? { receiptImage: text("receiptImage") } : {}),
    };
    try {
      await context.payments.tellTransfer(params.token, notice);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return actionAnswer<PaymentAnswer>(
        { intent: "transfer", result: refusedReply(submission, refusal) },
        refusal.status,
      );
    }
    const flash = { kind: "success", message: "Thank you. We will confirm your transfer shortly." } as const;
    if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, posted), flash);
    return actionAnswer<PaymentAnswer>({ intent: "transfer", result: submission.reply({ resetForm: true }), flash });
  }
  return answer(request, posted, { kind: "error", message: "Choose what to pay." }, 400);
}

const ORDER_GONE = "Order not found.";

/** A refused answer to the quote: back to the page with the message (no scripts), or in place. */
function quoteRefusal(
  request: Request,
  posted: FormData,
  intent: QuoteAnswer["intent"],
  message: string,
  status: number,
) {
  const flash = { kind: "error", message } as const;
  if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, posted), flash);
  return actionAnswer<QuoteAnswer>({ intent, flash }, status);
}

/**
 * "Approve and pay deposit": records the approval of exactly the version shown, then goes
 * on to the deposit: the provider's checkout when the shop takes payments online, else
 * back to the page, where the bank details and "I have paid" wait.
 */
async function approve(token: string, request: Request, posted: FormData, context: Route.ActionArgs["context"]) {
  const parsed = QuoteApprovalSchema.safeParse({ version: posted.get("version"), name: posted.get("name") ?? "" });
  if (!parsed.success) return quoteRefusal(request, posted, "approve", parsed.error.issues[0]!.message, 400);
  let approved;
  try {
    approved = await context.orders.approveQuote(token, parsed.data);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return quoteRefusal(request, posted, "approve", refusal.message, refusal.status);
  }
  if (!approved) return quoteRefusal(request, posted, "approve", ORDER_GONE, 404);
  const back = `/orders/t/${token}#payment`;
  const online = approved.payTo?.online ?? [];
  if (online.length > 0 && (approved.depositDue ?? 0) > approved.paid) {
    try {
      const { url } = await context.payments.pay(token, { kind: "deposit", provider: online[0]!.provider });
      return redirect(url, 303);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return redirectWithFlash(back, {
        kind: "error",
        message: `Your approval is recorded, but ${refusal.message.charAt(0).toLowerCase()}${refusal.message.slice(1)}`,
      });
    }
  }
  return redirectWithFlash(back, {
    kind: "success",
    message:
      online.length === 0 && approved.payTo?.bank
        ? "Thank you, your approval is recorded. Pay the deposit by bank transfer to the account below, then tell us."
        : "Thank you, your approval is recorded.",
  });
}

/** The visit's time the customer chose, booked; a time not proposed stays on the page with why. */
async function bookVisit(token: string, request: Request, posted: FormData, context: Route.ActionArgs["context"]) {
  const slot = posted.get("slot");
  try {
    const order = await context.orders.bookVisit(token, { slot: typeof slot === "string" ? slot : "" });
    const flash = { kind: "success", message: `Visit booked for ${formatVisit(order.visit!.bookedFor!)}.` } as const;
    if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, posted), flash);
    return actionAnswer<VisitAnswer>({ intent: VISIT_INTENT, flash });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const flash = { kind: "error", message: refusal.message } as const;
    if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, posted), flash);
    return actionAnswer<VisitAnswer>({ intent: VISIT_INTENT, flash }, refusal.status);
  }
}

/** The order's lines back in the visitor's cart, then to the cart, saying what went back. */
async function restoreCart(token: string, request: Request, posted: FormData, context: Route.ActionArgs["context"]) {
  try {
    const { restored, left } = await context.orders.restoreCart(token);
    const message =
      restored === 0
        ? "None of these can be ordered any more: nothing was added to your cart."
        : `Back in your cart: ${restored} ${restored === 1 ? "item" : "items"}` +
          (left ? `; ${left} can no longer be ordered.` : ".");
    return redirectWithFlash("/cart", { kind: restored === 0 ? "info" : "success", message });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return answer(request, posted, { kind: "error", message: refusal.message }, refusal.status);
  }
}

// The link is the only key to the order: no cache keeps the page, and no search engine lists it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.reference}` : "404 Not Found" },
  { name: "robots", content: "noindex" },
];

const section = "border-t border-line pt-8";
const heading = "font-serif text-2xl";

export default function OrderTracking({ loaderData, actionData }: Route.ComponentProps) {
  const { order, placedOn, events, readyOn, approvedOn, earlier, panel, outcome, now } = loaderData;
  const finished = ["delivered", "closed", "cancelled"].includes(order.status);
  const swatches = order.kind === "swatches";
  // A swatch request is free: nothing to pay, unless the owner set a fee (delivery) on it.
  const priced = swatches ? order.total > 0 || order.paid > 0 : order.lines.length > 0 || order.total > 0;
  // Once there is a quote to pay, paying comes first; before, the order's lines do. A
  // quote waiting for the customer's answer comes before both.
  const quote = order.quote;
  const awaiting = quote !== null && !quote.approvedAt && !quote.expired;
  const payFirst = panel.payTo !== null && !awaiting;
  // While the quote waits for an answer, paying comes through "Approve and pay deposit".
  const payLater = awaiting && order.paid === 0;
  // Around a service request's visit there is no quote yet: only the visit's fee.
  const quoted = !["new", "visit_proposed", "visit_booked", "visited", "cancelled"].includes(order.status);
  // The owner's WhatsApp update links here (`#pay`); the margin keeps the heading clear of the sticky header.
  const payment = priced && !payLater && (
    <section id={PAY_SECTION_ID} aria-labelledby="payment" className={`${section} scroll-mt-24`}>
      <h2 id="payment" className={`${heading} scroll-mt-24`}>
        Payment
      </h2>
      <PayPanel panel={panel} reference={order.reference} answer={actionData as PaymentAnswer | undefined} />
      <dl className={`space-y-3 text-sm ${payFirst ? "mt-8" : "mt-4"}`}>
        {!swatches && <Row label="Items" value={formatNaira(order.subtotal)} />}
        {order.fees.map((fee, index) => (
          <Row key={index} label={fee.label} value={formatNaira(fee.amount)} />
        ))}
        {order.delivery?.onRequest && !order.quote && (
          <Row label={`Delivery to ${order.delivery.area ?? "your area"}`} value="Priced by the shop" />
        )}
        {order.discount > 0 && <Row label="Discount" value={`−${formatNaira(order.discount)}`} />}
        <Row label="Total" value={formatNaira(order.total)} strong divided />
        {quoted && order.depositDue !== null && order.depositDue > 0 && (
          <Row label="Deposit" value={formatNaira(order.depositDue)} />
        )}
        <Row label="Paid" value={formatNaira(order.paid)} />
        {order.writtenOff > 0 && <Row label="Written off" value={`−${formatNaira(order.writtenOff)}`} />}
        <Row label="Balance" value={formatNaira(order.balance)} strong />
      </dl>
      <PaymentRecords panel={panel} />
    </section>
  );

  return (
    <div className="mx-auto max-w-6xl px-5 pt-8 pb-28 md:px-8 md:pt-12 lg:pb-20">
      <p className="text-xs tracking-[0.2em] text-stone uppercase">
        {order.kind === "service" ? "Your request" : swatches ? "Your swatch request" : "Your order"}
      </p>
      <h1 className="mt-3 font-serif text-3xl leading-tight md:text-4xl">Order {order.reference}</h1>
      <p className="mt-2 text-stone">Placed on {placedOn}</p>
      {outcome && <PaymentOutcome outcome={outcome} />}

      <section aria-labelledby="status" className="mt-8 rounded-3xl bg-sand p-6 sm:p-8">
        <h2 id="status" className="sr-only">
          Status
        </h2>
        <OrderStatusBadge status={order.status} />
        <p className="mt-4 font-serif text-xl leading-snug sm:text-2xl">
          {statusExplanation(order.status, order.kind)}
        </p>
        {readyOn && !finished && (
          <p className="mt-4 text-sm">
            <span className="text-stone">Expected ready:</span> <span className="font-medium">{readyOn}</span>
          </p>
        )}
        {order.reviewUrl && (
          <a
            href={pathOf(order.reviewUrl)}
            className="mt-5 inline-flex min-h-11 items-center rounded-full bg-ink px-5 text-sm font-medium text-white hover:bg-ink/90"
          >
            Review your pieces
          </a>
        )}
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="space-y-10 lg:col-span-7">
          {awaiting && (
            <OrderQuote
              quote={quote}
              approvedOn={approvedOn}
              earlier={earlier}
              answer={actionData as QuoteAnswer | undefined}
            />
          )}
          {payFirst && payment}
          {quote && !awaiting && (
            <OrderQuote quote={quote} approvedOn={approvedOn} earlier={earlier} answer={undefined} />
          )}
          {order.visit && (
            <VisitSection
              visit={order.visit}
              bookable={["new", "visit_proposed", "visit_booked"].includes(order.status)}
              now={now}
              answer={actionData as VisitAnswer | undefined}
            />
          )}
          {order.service && (
            <section aria-labelledby="request" className={section}>
              <h2 id="request" className={heading}>
                {order.service.name}
              </h2>
              <p className="mt-4 leading-relaxed whitespace-pre-line">{order.service.brief}</p>
              {(order.service.area || order.service.budget) && (
                <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
                  {order.service.area && (
                    <div>
                      <dt className="text-stone">Area</dt>
                      <dd className="mt-0.5">{order.service.area}</dd>
                    </div>
                  )}
                  {order.service.budget && (
                    <div>
                      <dt className="text-stone">Budget</dt>
                      <dd className="mt-0.5">{order.service.budget}</dd>
                    </div>
                  )}
                </dl>
              )}
            </section>
          )}

          {swatches && <SwatchList lines={order.lines} />}

          {!swatches && order.lines.length > 0 && !quote && (
            <section aria-labelledby="items" className={section}>
              <h2 id="items" className={heading}>
                What you ordered
              </h2>
              <ul className="mt-4 divide-y divide-line">
                {order.lines.map((line) => (
                  <li key={line._id} className="flex items-start gap-4 py-4">
                    <LineThumbnail image={line.image} />
                    <div className="min-w-0 flex-1">
                      {line.inCatalogue ? (
                        <Link
                          to={new URL(line.url).pathname}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          {line.name}
                        </Link>
                      ) : (
                        <p className="font-medium">{line.name}</p>
                      )}
                      {line.option && <p className="mt-0.5 text-sm text-stone">Finish: {line.option}</p>}
                      <p className="mt-0.5 text-sm text-stone tabular-nums">
                        {line.quantity} × {formatNaira(line.unitPrice)}
                      </p>
                      {!line.inCatalogue && (
                        <p className="mt-0.5 text-xs text-stone italic">No longer in the catalogue</p>
                      )}
                    </div>
                    <p className="shrink-0 tabular-nums">{formatNaira(line.unitPrice * line.quantity)}</p>
                  </li>
                ))}
              </ul>
              <RestoreCartForm />
            </section>
          )}

          {!payFirst && payment}
        </div>

        <aside className="lg:col-span-5">
          <section aria-labelledby="history" className={section}>
            <h2 id="history" className={heading}>
              Status history
            </h2>
            <ol className="mt-5">
              {[...events].reverse().map((event, index) => (
                <li key={event.key} className="relative flex gap-4 pb-6 last:pb-0">
                  {index < events.length - 1 && (
                    <span aria-hidden="true" className="absolute top-3 left-[5px] h-full w-px bg-line" />
                  )}
                  <span
                    aria-hidden="true"
                    className={`relative mt-1.5 size-[11px] shrink-0 rounded-full ${index === 0 ? "bg-ink" : "bg-line"}`}
                  />
                  <div>
                    <p className="font-medium">{event.status ? STATUS_LABELS[event.status] : "Update"}</p>
                    <p className="text-sm text-stone">{event.when}</p>
                    {event.note && <p className="mt-1 text-sm">{event.note}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <div className="mt-10 rounded-2xl border border-line p-5 text-sm leading-relaxed">
            <p>
              Questions about this order? Quote <span className="font-medium">{order.reference}</span> and we will help.
            </p>
            <a
              href={whatsappLink(order.whatsappNumber, orderQuestionMessage(order.reference))}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-4 flex h-11 items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-white hover:bg-[#18663f]"
            >
              <WhatsAppIcon className="size-5" />
              Ask about this order
            </a>
          </div>
        </aside>
      </div>
    </div>
  );
}

/** A swatch request's finishes, and the product they are of. */
function SwatchList({ lines }: { lines: TrackedOrder["lines"] }) {
  const first = lines[0];
  if (!first) return null;
  const product = swatchParts(first).product;
  return (
    <section aria-labelledby="swatches" className={section}>
      <h2 id="swatches" className={heading}>
        Your swatches
      </h2>
      <p className="mt-2 text-stone">
        {finishCount(lines.length)} of{" "}
        {first.inCatalogue ? (
          <Link to={new URL(first.url).pathname} className="text-ink underline-offset-4 hover:underline">
            {product}
          </Link>
        ) : (
          <span className="text-ink">{product}</span>
        )}
        , free of charge.
      </p>
      <ul aria-label="Finishes requested" className="mt-4 divide-y divide-line border-t border-line">
        {lines.map((line) => (
          <li key={line._id} className="flex items-center gap-4 py-4">
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-clay" />
            <span className="font-medium">{swatchParts(line).finish}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ label, value, strong, divided }: { label: string; value: string; strong?: boolean; divided?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "text-base font-medium" : ""} ${divided ? "border-t border-line pt-3" : ""}`}
    >
      <dt className={strong ? "" : "text-stone"}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
