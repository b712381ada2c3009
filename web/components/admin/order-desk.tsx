/**
 * One order on the owner's desk (/admin/orders/:orderId): what was ordered, the money
 * (always in view), the status and the message to the customer, the quote, payments,
 * the customer's details, notes and the timeline. A swatch request has no price: it shows
 * its finishes, takes a delivery fee instead of a quote, and shows money only once there
 * is some (a fee, a payment). Every form posts to the route's action
 * with its `intent`; a saved form starts again from what was stored. Each form shows only
 * to the roles the server lets send it: Accounts, who reads the order and its money but
 * does not write orders, gets the payments' forms and none of the others.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ExternalLink, FileText, History, MessageCircle, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useFetcher } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import { formatNaira } from "../../../domain/money";
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";
import {
  CustomerFormSchema,
  NoteFormSchema,
  PaymentFormSchema,
  QuoteFormSchema,
  type OrderDeskIntent,
} from "../../../domain/orders/order-desk-forms.schema";
import { formatDay, formatMoment } from "../../../domain/dates";
import { PRODUCTION_STEPS, statusExplanation, STATUS_LABELS } from "../../../domain/orders/order-status";
import { finishCount, swatchParts } from "../../../domain/orders/swatches";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../../domain/orders/orders.schema";
import { itemPath, whatsappLink } from "../../../domain/whatsapp";
import type { Flash } from "../../lib/flash";
import { useFlashToast } from "../../lib/use-flash-toast";
import { ConfirmDialog } from "../form/confirm-dialog";
import { BackField } from "../../lib/back-field";
import { DateField } from "../form/date-field";
import { Field, FormErrors, SelectField, SubmitButton, TextAreaField } from "../form/fields";
import { PriceField } from "../form/price-field";
import { useSchemaForm } from "../form/use-schema-form";
import { allows } from "../../../domain/staff/permissions";
import { journalOf } from "../../features/admin/journal-links";
import { StatusMoveFormSchema } from "../../features/admin/payment-forms";
import { FlagField } from "../form/flag-field";
import { useAdminViewer } from "./admin-sidebar";
import { answerFor, card, FeeRows, IntentField, usePending, type Answered } from "./order-desk-forms";
import { OrderTitle, ServiceBrief } from "./order-parts";
import { TypedByCustomer } from "./order-typed";
import { VisitCard } from "./order-visit";
import { HeldPayments, PaymentRequests, TransfersToConfirm } from "./order-payments";
import { QuoteBuilder } from "./quote-builder";
import { LineThumbnail } from "../orders/line-thumbnail";

const amount = (value: number) => (value === 0 ? "" : String(value));

export function OrderDesk({
  order,
  shopName,
  customerMessage,
  answered,
  now,
}: {
  order: AdminOrder;
  shopName: string;
  /** The shop's message for the order's step, filled; null for a member who may not read the customer. */
  customerMessage: string | null;
  answered: Answered | null;
  /** The loader's clock: whether a booked visit is tomorrow. */
  now: number;
}) {
  const resultFor = (intent: OrderDeskIntent) => answerFor(answered, intent);
  // Each saved form starts again from what was stored: keyed by what it shows.
  const quoteKey = JSON.stringify([order.lines, order.fees, order.discount, order.depositSet, order.expectedReadyDate]);
  // The order's entries in the journal: its changes (the Owner) or its payments (Accounts).
  const roles = useAdminViewer()?.roles ?? [];
  const mayReadJournal = allows(roles, "journal.money");
  // The server sends the customer's phone and e-mail only to those who read customers.
  const mayReadCustomers = allows(roles, "customers.read");
  // The quote, the customer's details and notes are changed by those who write orders.
  const mayWrite = allows(roles, "orders.write");
  const swatches = order.kind === "swatches";
  // A swatch request is free: its money shows once the owner sets a fee, or a payment comes in.
  const money = !swatches || order.total > 0 || order.payments.length > 0 || order.requests.length > 0;
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <OrderTitle order={order} />
        </div>
        <div className="flex flex-wrap gap-2">
          {mayReadJournal && (
            <Link
              to={journalOf(null, order._id)}
              className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm hover:border-ink"
            >
              <History className="size-4" aria-hidden="true" /> Journal entries
            </Link>
          )}
          {money && (
            <Link
              to={`/admin/orders/${order._id}/invoice`}
              className="inline-flex h-10 items-center gap-2 rounded-full border border-ink px-4 text-sm hover:bg-ink hover:text-white"
            >
              <FileText className="size-4" aria-hidden="true" /> Invoice
            </Link>
          )}
        </div>
      </header>

      <TypedByCustomer customer={order.customer} delivery={order.delivery} />

      {money && <MoneyBar order={order} />}

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2 xl:items-start">
        <div className="min-w-0 space-y-5">
          <TransfersToConfirm order={order} answered={answered} />
          <HeldPayments order={order} answered={answered} />
          <VisitCard order={order} shopName={shopName} now={now} />
          <StatusCard order={order} customerMessage={customerMessage} lastResult={resultFor("status")} />
          {swatches ? <SwatchLines order={order} /> : <Lines order={order} />}
          {swatches ? (
            mayWrite && (
              <section aria-labelledby="quote-heading" className={card}>
                <h2 id="quote-heading" className="font-serif text-xl">
                  Delivery fee
                </h2>
                <p className="mt-1 text-sm text-stone">
                  Swatches are free. Add a fee only if delivering them costs the customer something: it is asked for
                  once you mark them sent, and no deposit is.
                </p>
                <QuoteForm key={quoteKey} order={order} lastResult={resultFor("quote")} feesOnly />
              </section>
            )
          ) : (
            <QuoteBuilder
              order={order}
              shopName={shopName}
              sendResult={resultFor("send-quote")}
              validityResult={resultFor("quote-validity")}
            />
          )}
          {mayWrite && !swatches && order.quotes.length === 0 && (
            // The quick quote: amounts and a deposit on the order itself, without lines to approve.
            <section aria-labelledby="quote-heading" className={card}>
              <h2 id="quote-heading" className="font-serif text-xl">
                Quick quote
              </h2>
              <p className="mt-1 text-sm text-stone">
                The order&apos;s own amounts. Moving it to “Quoted” sends them to the customer as quote version 1, to
                approve; after that, a change is a new version.
              </p>
              <QuoteForm key={quoteKey} order={order} lastResult={resultFor("quote")} />
            </section>
          )}
          {money && <Payments order={order} lastResult={resultFor("payment")} />}
          {money && <PaymentRequests order={order} answered={answered} />}
        </div>
        <div className="min-w-0 space-y-5">
          <section aria-labelledby="customer-heading" className={card}>
            <h2 id="customer-heading" className="font-serif text-xl">
              Customer
            </h2>
            {mayReadCustomers && mayWrite ? (
              <>
                {order.customer.email && <p className="mt-1 text-sm text-stone">Signed in as {order.customer.email}</p>}
                <CustomerForm key={JSON.stringify(order.customer)} order={order} lastResult={resultFor("customer")} />
              </>
            ) : (
              <CustomerNamed order={order} />
            )}
          </section>
          <section aria-labelledby="timeline-heading" className={card}>
            <h2 id="timeline-heading" className="font-serif text-xl">
              Timeline
            </h2>
            {mayWrite && <NoteForm key={order.events.length} lastResult={resultFor("note")} />}
            <Timeline order={order} />
          </section>
        </div>
      </div>
    </div>
  );
}

/**
 * Total, deposit (none for a swatch request), paid and balance: kept in view while a large
 * screen scrolls; on a phone it stays in its place, where it covers none of the fields.
 */
function MoneyBar({ order }: { order: AdminOrder }) {
  const items = [
    { label: "Total", value: order.total },
    // A swatch request never asks for a deposit.
    ...(order.kind === "swatches" ? [] : [{ label: "Deposit due", value: order.depositDue }]),
    { label: "Paid", value: order.paid },
    { label: "Balance", value: order.balance },
  ];
  return (
    <dl
      aria-label="Money"
      className={`z-30 grid lg:sticky lg:top-16 gap-x-4 gap-y-1 rounded-2xl border border-line bg-sand/95 px-3 py-2.5 backdrop-blur sm:px-5 ${items.length === 3 ? "grid-cols-3" : "grid-cols-2 sm:grid-cols-4"}`}
    >
      {items.map(({ label, value }) => (
        <div key={label} className="min-w-0">
          <dt className="truncate text-[11px] tracking-wide text-stone uppercase">{label}</dt>
          <dd
            className={`truncate text-sm font-semibold tabular-nums sm:text-base ${label === "Balance" && value > 0 ? "text-clay" : ""}`}
          >
            {formatNaira(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StatusCard({
  order,
  customerMessage,
  lastResult,
}: {
  order: AdminOrder;
  customerMessage: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  // Any next status for those who write orders; the production steps for the workshop;
  // no form for a member who may move it to none of them (Accounts).
  const roles = useAdminViewer()?.roles ?? [];
  const moves = allows(roles, "orders.write")
    ? order.nextStatuses
    : allows(roles, "orders.production")
      ? order.nextStatuses.filter((status) => PRODUCTION_STEPS.includes(status))
      : [];
  const [form, fields] = useSchemaForm({
    id: "order-status",
    schema: StatusMoveFormSchema,
    lastResult,
    defaultValue: {
      status: moves[0] ?? "",
      writeOff: { amount: order.balance > 0 ? String(order.balance) : "", note: "" },
    },
  });
  const pending = usePending("status");
  const writeOff = fields.writeOff.getFieldset();
  // With a balance owed, delivering asks to confirm it and closing asks what is written
  // off; each shows once its status is chosen (by CSS: without scripts too).
  const owed = order.balance > 0;
  const confirmsDelivery = owed && moves.includes("delivered");
  const writesOff = owed && moves.includes("closed");
  const button = (
    <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
      Update status
    </SubmitButton>
  );
  return (
    <section aria-labelledby="status-heading" className={card}>
      <h2 id="status-heading" className="font-serif text-xl">
        Status: {STATUS_LABELS[order.status]}
      </h2>
      <p className="mt-1 text-sm text-stone">The customer reads: “{statusExplanation(order.status, order.kind)}”</p>
      {moves.length > 0 ? (
        <Form method="post" {...getFormProps(form)} className="group/status mt-4 space-y-3">
          <IntentField intent="status" />
          <FormErrors form={form} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <SelectField
                meta={fields.status}
                label="Move to"
                options={moves.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
              />
            </div>
            {!confirmsDelivery && !writesOff && <div className="sm:mb-[1px]">{button}</div>}
          </div>
          {confirmsDelivery && (
            <div className="hidden group-has-[option[value=delivered]:checked]/status:block">
              <FlagField
                meta={fields.confirmBalance}
                label={`Deliver with ${formatNaira(order.balance)} still owed`}
                description="The customer still owes this; the timeline notes that you delivered anyway."
              />
            </div>
          )}
          {writesOff && (
            <fieldset className="hidden space-y-3 rounded-2xl border border-line p-4 group-has-[option[value=closed]:checked]/status:block">
              <legend className="px-1 text-sm font-medium">Write off the balance</legend>
              <p className="text-sm text-stone">
                {formatNaira(order.balance)} is still owed. Closing forgives it: say why.
              </p>
              <PriceField meta={writeOff.amount} label="Amount written off" markRequired />
              <TextAreaField meta={writeOff.note} label="Why" rows={2} maxLength={300} markRequired />
            </fieldset>
          )}
          {(confirmsDelivery || writesOff) && button}
        </Form>
      ) : (
        order.nextStatuses.length === 0 && (
          <p className="mt-4 text-sm">This order is finished: its status no longer changes.</p>
        )
      )}
      {customerMessage !== null && <MessageCustomer order={order} message={customerMessage} />}
    </section>
  );
}

/** The customer as a member who may not read their contact details sees them: the name, the area, what they told us. */
function CustomerNamed({ order }: { order: AdminOrder }) {
  return (
    <>
      <p className="mt-2 text-sm">
        {order.customer.name ?? "No name given"}
        {order.customer.area && <span className="text-stone"> · {order.customer.area}</span>}
      </p>
      {order.customer.note && <p className="mt-1 text-sm whitespace-pre-line text-stone">{order.customer.note}</p>}
    </>
  );
}

/**
 * WhatsApp to the customer with the shop's message for the order's step, shown filled
 * before it is sent; without their number, says how to add it. The Owner changes the
 * words in Settings → Follow-ups.
 */
function MessageCustomer({ order, message }: { order: AdminOrder; message: string }) {
  const roles = useAdminViewer()?.roles ?? [];
  const phone = order.customer.phone;
  if (!phone) {
    return (
      <p className="mt-4 rounded-2xl bg-sand px-4 py-3 text-sm">
        No phone number yet, so there is no WhatsApp link. Add the number the chat came from under Customer.
      </p>
    );
  }
  return (
    <div className="mt-4">
      <h3 className="text-sm font-medium">Message to the customer</h3>
      <p className="mt-2 rounded-2xl bg-sand px-4 py-3 text-sm break-words whitespace-pre-line">{message}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <a
          href={whatsappLink(phone, message)}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-11 items-center gap-2 rounded-full bg-[#1f7a4d] px-5 text-sm text-white hover:bg-[#1f7a4d]/90"
        >
          <MessageCircle className="size-4" aria-hidden="true" /> Message customer on WhatsApp
        </a>
        {allows(roles, "settings.write") && (
          <Link to="/admin/settings/follow-ups" className="text-sm underline underline-offset-4">
            Change the words
          </Link>
        )}
      </div>
    </div>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  const standing = order.approvedQuote ?? order.quote;
  return (
    <section aria-labelledby="lines-heading" className={card}>
      <h2 id="lines-heading" className="font-serif text-xl">
        {order.kind === "service" ? "Service request" : "What was ordered"}
      </h2>
      {order.service && <ServiceBrief service={order.service} />}
      {order.lines.length > 0 && (
        <ul className="mt-3 divide-y divide-line">
          {order.lines.map((line) => (
            <li key={line._id} className="flex items-start gap-3 py-2.5 text-sm">
              <LineThumbnail image={line.image} className="size-12" />
              <div className="min-w-0 flex-1">
                {line.inCatalogue ? (
                  <Link
                    to={itemPath(line.itemType, line.item)}
                    className="inline-flex items-center gap-1 font-medium underline-offset-2 hover:underline"
                  >
                    {line.name} <ExternalLink className="size-3.5 text-stone" aria-hidden="true" />
                  </Link>
                ) : (
                  <span className="font-medium">
                    {line.name} <span className="font-normal text-stone">(no longer in the catalogue)</span>
                  </span>
                )}
                {line.option && <span className="block text-stone">Finish: {line.option}</span>}
                <span className="block text-stone tabular-nums">
                  {line.quantity} × {formatNaira(line.unitPrice)}
                </span>
              </div>
              <span className="shrink-0 tabular-nums">{formatNaira(line.unitPrice * line.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      {standing && (
        // The lines above are as ordered; the amounts below are the version's the order stands on.
        <p className="mt-2 text-sm text-stone">
          Amounts of quote version {standing.version}
          {standing.approvedAt ? ", approved" : ""}
          {order.approvedQuote && order.quote ? ` (version ${order.quote.version} waits for approval)` : ""}:
        </p>
      )}
      <dl className="mt-2 space-y-1 border-t border-line pt-3 text-sm tabular-nums">
        <Row label={order.quote ? "Quoted items" : "Subtotal"} value={formatNaira(order.subtotal)} />
        {order.fees.map((fee, index) => (
          <Row key={`${fee.label}-${index}`} label={fee.label} value={formatNaira(fee.amount)} />
        ))}
        {order.discount > 0 && <Row label="Discount" value={`− ${formatNaira(order.discount)}`} />}
        <Row label="Total" value={formatNaira(order.total)} strong />
        {order.expectedReadyDate && <Row label="Expected ready" value={formatDay(order.expectedReadyDate)} />}
      </dl>
    </section>
  );
}

/** A swatch request's finishes, without prices, and its fee once the owner set one. */
function SwatchLines({ order }: { order: AdminOrder }) {
  const first = order.lines[0];
  return (
    <section aria-labelledby="lines-heading" className={card}>
      <h2 id="lines-heading" className="font-serif text-xl">
        Swatches requested
      </h2>
      {first && (
        <p className="mt-1 text-sm text-stone">
          {finishCount(order.lines.length)} of{" "}
          {first.inCatalogue ? (
            <Link to={itemPath(first.itemType, first.item)} className="text-ink underline underline-offset-2">
              {swatchParts(first).product}
            </Link>
          ) : (
            <span className="text-ink">{swatchParts(first).product} (no longer in the catalogue)</span>
          )}
          , to send free of charge.
        </p>
      )}
      <ul aria-label="Finishes" className="mt-3 divide-y divide-line">
        {order.lines.map((line) => (
          <li key={line._id} className="flex items-center gap-3 py-2.5 text-sm">
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-clay" />
            <span className="font-medium">{swatchParts(line).finish}</span>
          </li>
        ))}
      </ul>
      {order.total > 0 && (
        <dl className="mt-2 space-y-1 border-t border-line pt-3 text-sm tabular-nums">
          {order.fees.map((fee, index) => (
            <Row key={`${fee.label}-${index}`} label={fee.label} value={formatNaira(fee.amount)} />
          ))}
          {order.discount > 0 && <Row label="Discount" value={`− ${formatNaira(order.discount)}`} />}
          <Row label="Total" value={formatNaira(order.total)} strong />
        </dl>
      )}
    </section>
  );
}

function Row({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "font-semibold" : ""}`}>
      <dt className={strong ? "" : "text-stone"}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Blank fee rows offered under the saved fees, up to the limit of 10. */
const BLANK_FEES = 2;

function QuoteForm({
  order,
  lastResult,
  feesOnly = false,
}: {
  order: AdminOrder;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** A swatch request's: its fees only (its lines are free, and it has no deposit or ready date). */
  feesOnly?: boolean;
}) {
  const [form, fields] = useSchemaForm({
    id: "order-quote",
    schema: QuoteFormSchema,
    lastResult,
    defaultValue: {
      lines: order.lines.map((line) => ({
        _id: line._id,
        quantity: String(line.quantity),
        unitPrice: String(line.unitPrice),
      })),
      fees: [
        ...order.fees.map((fee) => ({ label: fee.label, amount: String(fee.amount) })),
        ...Array.from({ length: BLANK_FEES }, () => ({ label: "", amount: "" })),
      ].slice(0, 10),
      discount: amount(order.discount),
      depositDue: order.depositSet === null ? "" : String(order.depositSet),
      expectedReadyDate: order.expectedReadyDate ?? "",
    },
  });
  const pending = usePending("quote");
  const lines = fields.lines.getFieldList();
  const fees = fields.fees.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="quote-heading" className="mt-4 space-y-5">
      <IntentField intent="quote" />
      <FormErrors form={form} />
      {!feesOnly && lines.length > 0 && (
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium">Lines</legend>
          {lines.map((line, index) => {
            const parts = line.getFieldset();
            const ordered = order.lines[index];
            return (
              <div key={line.key} className="rounded-2xl bg-sand/60 p-3">
                <p className="text-sm font-medium">{ordered?.name}</p>
                <input type="hidden" name={parts._id.name} value={ordered?._id ?? ""} form={form.id} />
                <div className="mt-1 grid grid-cols-[6rem_1fr] gap-3">
                  <Field meta={parts.quantity} label="Quantity" type="number" min={1} step={1} inputMode="numeric" />
                  <PriceField meta={parts.unitPrice} label="Unit price" />
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
      <FeeRows
        fees={fees}
        hint={feesOnly ? "Leave the rows blank for no fee." : "Delivery, installation… Leave a row blank for no fee."}
      />
      {!feesOnly && (
        <div className="grid gap-4 sm:grid-cols-2">
          <PriceField meta={fields.discount} label="Discount" />
          <PriceField
            meta={fields.depositDue}
            label="Deposit due"
            hint={`Blank: the order terms' ${order.depositPercent}%, now ${formatNaira(Math.round(order.total * order.depositPercent) / 100)}.`}
          />
          <DateField meta={fields.expectedReadyDate} label="Expected ready date" />
        </div>
      )}
      <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
        {feesOnly ? "Save fee" : "Save quote"}
      </SubmitButton>
    </Form>
  );
}

function Payments({
  order,
  lastResult,
}: {
  order: AdminOrder;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  return (
    <section aria-labelledby="payments-heading" className={card}>
      <h2 id="payments-heading" className="font-serif text-xl">
        Payments
      </h2>
      {order.payments.length === 0 ? (
        <p className="mt-2 text-sm text-stone">No payment recorded yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label="Payments recorded">
          {order.payments.map((payment) => (
            <PaymentRow key={payment._id} payment={payment} />
          ))}
        </ul>
      )}
      <PaymentForm key={order.payments.length} lastResult={lastResult} />
    </section>
  );
}

function PaymentRow({ payment }: { payment: AdminOrder["payments"][number] }) {
  const fetcher = useFetcher<{ flash?: Flash }>({ key: `delete-payment-${payment._id}` });
  useFlashToast(fetcher.data);
  // Only the roles that may remove a payment are offered to (the server refuses the rest).
  const mayRemove = allows(useAdminViewer()?.roles ?? [], "payments.remove");
  return (
    <li
      hidden={fetcher.formData?.get("paymentId") === payment._id}
      className="flex items-center justify-between gap-3 py-2.5 text-sm"
    >
      <div className="min-w-0">
        <span className="font-medium tabular-nums">{formatNaira(payment.amount)}</span>{" "}
        <span className="text-stone">
          · {PAYMENT_METHOD_LABELS[payment.method]} · {formatDay(payment.paidOn)}
        </span>
        {payment.reference && (
          <span className="block tracking-wide tabular-nums text-xs text-stone">{payment.reference}</span>
        )}
        {payment.fee !== null && payment.net !== null && (
          <span className="block text-stone tabular-nums">
            Fee {formatNaira(payment.fee)} · Net {formatNaira(payment.net)}
          </span>
        )}
        {payment.note && <span className="block text-stone">{payment.note}</span>}
        <a
          href={payment.receiptUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-0.5 inline-flex items-center gap-1 text-ink underline underline-offset-2"
          aria-label={`Receipt for ${formatNaira(payment.amount)} (${formatDay(payment.paidOn)})`}
        >
          Receipt <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </div>
      {mayRemove && (
        <ConfirmDialog
          name={`delete-payment-${payment._id}`}
          trigger={<Trash2 className="size-4" aria-hidden="true" />}
          triggerLabel={`Remove the payment of ${formatNaira(payment.amount)}`}
          triggerClassName="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-stone hover:bg-sand hover:text-promo"
          question={`Remove the payment of ${formatNaira(payment.amount)} (${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}, ${formatDay(payment.paidOn)})? Use this for a payment recorded by mistake.`}
          confirmLabel="Remove"
          pending={fetcher.state !== "idle"}
          pendingLabel="Removing..."
          form={({ children, className }) => (
            <fetcher.Form method="post" className={className}>
              <IntentField intent="delete-payment" />
              <input type="hidden" name="paymentId" value={payment._id} />
              <BackField />
              {children}
            </fetcher.Form>
          )}
        />
      )}
    </li>
  );
}

function PaymentForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useSchemaForm({
    id: "order-payment",
    schema: PaymentFormSchema,
    lastResult,
    defaultValue: { method: "transfer" },
  });
  const pending = usePending("payment");
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="payment-heading"
      className="mt-4 space-y-4 border-t border-line pt-4"
    >
      <h3 id="payment-heading" className="text-sm font-medium">
        Record a payment
      </h3>
      <IntentField intent="payment" />
      <FormErrors form={form} />
      <div className="grid grid-cols-2 gap-3">
        <PriceField meta={fields.amount} label="Amount" markRequired />
        <SelectField
          meta={fields.method}
          label="Method"
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
        />
        <DateField meta={fields.paidOn} label="Paid on" hint="Blank: today. Day first, such as 12/01/2027." />
        <Field meta={fields.note} label="Note" maxLength={200} placeholder="Deposit" />
      </div>
      <SubmitButton pending={pending} pendingLabel="Recording..." wide={false}>
        Record payment
      </SubmitButton>
    </Form>
  );
}

function CustomerForm({
  order,
  lastResult,
}: {
  order: AdminOrder;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "order-customer",
    schema: CustomerFormSchema,
    lastResult,
    defaultValue: {
      name: order.customer.name ?? "",
      phone: order.customer.phone ? displayPhone(order.customer.phone) : "",
      area: order.customer.area ?? "",
      note: order.customer.note ?? "",
    },
  });
  const pending = usePending("customer");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <IntentField intent="customer" />
      <FormErrors form={form} />
      <Field meta={fields.name} label="Name" maxLength={80} autoComplete="off" />
      <Field
        meta={fields.phone}
        label="WhatsApp number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint="The number the chat came from."
      />
      <Field meta={fields.area} label="Delivery area" maxLength={80} autoComplete="off" />
      <TextAreaField meta={fields.note} label="Customer's note" rows={3} maxLength={500} />
      <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
        Save details
      </SubmitButton>
    </Form>
  );
}

function NoteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useSchemaForm({ id: "order-note", schema: NoteFormSchema, lastResult });
  const pending = usePending("note");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      <IntentField intent="note" />
      <FormErrors form={form} />
      <TextAreaField
        meta={fields.note}
        label="Add a note"
        rows={2}
        maxLength={1000}
        hint="For you only: the customer never sees notes."
      />
      <SubmitButton pending={pending} pendingLabel="Adding..." wide={false}>
        Add note
      </SubmitButton>
    </Form>
  );
}

/** The order's events, newest first: shared with the workshop's view of the order. */
export function Timeline({ order }: { order: Pick<AdminOrder, "events"> }) {
  return (
    <ol className="mt-5 space-y-3 border-l-2 border-line pl-4" aria-label="Timeline, newest first">
      {[...order.events].reverse().map((event, index) => (
        <li key={`${event.at}-${index}`} className="text-sm">
          <p className={event.status ? "font-medium" : "whitespace-pre-line"}>
            {event.status ? `Status: ${STATUS_LABELS[event.status]}` : event.note}
          </p>
          <p className="text-xs text-stone">
            {event.by ?? "Customer"} · {formatMoment(event.at)}
          </p>
        </li>
      ))}
    </ol>
  );
}
