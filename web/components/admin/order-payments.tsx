/**
 * The order desk's online and transfer payments (docs/product.md, Payments): the
 * customer's "I have paid" notices to confirm or reject, payments a provider reported that
 * were held for review (credited, or left uncredited with what was done), and what the
 * shop asked to be paid online, with a form to ask for a part of the balance. Confirming,
 * rejecting and deciding on held payments are for the roles with "payments.confirm";
 * asking and cancelling for those with "payments.record". Every form posts to the order
 * route's action with its `intent` and works without scripts.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Check, FlaskConical, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatNaira } from "../../../domain/money";
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";
import { PROVIDER_LABELS, REQUEST_KIND_LABELS, type RequestStatus } from "../../../domain/payments/payments.schema";
import { allows, rolesFor } from "../../../domain/staff/permissions";
import { PaymentDeskForms, type PaymentDeskIntent } from "../../features/admin/payment-forms";
import { Field, FormErrors, SubmitButton, TextAreaField } from "../form/fields";
import { PriceField } from "../form/price-field";
import { useSchemaForm } from "../form/use-schema-form";
import { useAdminViewer } from "./admin-sidebar";
import { answerFor, card, IntentField, usePending, type Answered } from "./order-desk-forms";
import { formatMoment } from "../../../domain/dates";
import { formatNumber } from "../../../domain/numbers";

type Transfer = AdminOrder["transfers"][number];
type Request = AdminOrder["requests"][number];
type Result = SubmissionResult<string[]> | null | undefined;

function useMay() {
  const roles = useAdminViewer()?.roles ?? [];
  return { confirm: allows(roles, "payments.confirm"), record: allows(roles, "payments.record") };
}

const small = "inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-sm aria-disabled:opacity-60";
const disclosure =
  "inline-flex h-10 cursor-pointer list-none items-center rounded-full border border-line px-4 text-sm hover:border-ink [&::-webkit-details-marker]:hidden";

/** An amount as the provider reported it: naira as usual, any other currency by its code. */
const reported = (held: NonNullable<Request["held"]>) =>
  held.currency === "NGN"
    ? formatNaira(held.amount)
    : `${held.currency} ${formatNumber(held.amount, { maxDecimals: 2 })}`;

/** The customer's transfer notices waiting for a decision, then the ones decided. */
export function TransfersToConfirm({ order, answered }: { order: AdminOrder; answered: Answered | null }) {
  const may = useMay();
  const waiting = order.transfers.filter((transfer) => transfer.status === "to_confirm");
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="transfers-heading" className={`${card} border-clay/50`}>
      <h2 id="transfers-heading" className="font-serif text-xl">
        Transfers to confirm
      </h2>
      <p className="mt-1 text-sm text-stone">
        {may.confirm
          ? "The customer says they paid by bank transfer. Check your bank, then confirm what arrived or reject it with the reason."
          : `The customer says they paid by bank transfer. ${rolesFor("payments.confirm")} confirms it.`}
      </p>
      <ul className="mt-3 divide-y divide-line" aria-label="Transfers to confirm">
        {waiting.map((transfer) => (
          <TransferRow key={transfer._id} transfer={transfer} answered={answered} mayDecide={may.confirm} />
        ))}
      </ul>
    </section>
  );
}

function TransferRow({
  transfer,
  answered,
  mayDecide,
}: {
  transfer: Transfer;
  answered: Answered | null;
  mayDecide: boolean;
}) {
  const amount = formatNaira(transfer.amount);
  const { note } = transfer;
  return (
    <li className="space-y-3 py-3 text-sm" data-testid="transfer-notice">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold tabular-nums">{amount}</p>
          <p className="text-stone">Told {formatMoment(transfer.createdAt)}</p>
          {note && <p className="mt-1 whitespace-pre-line">“{note}”</p>}
        </div>
        {transfer.receiptImage ? (
          <a href={transfer.receiptImage} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={transfer.receiptImage}
              alt={`The customer's receipt for ${amount}`}
              className="h-24 w-auto max-w-32 rounded-lg border border-line object-cover"
            />
          </a>
        ) : (
          <p className="text-stone">No receipt picture</p>
        )}
      </div>
      {mayDecide && (
        <div className="flex flex-wrap items-start gap-2">
          <DeskForm
            intent="confirm-transfer"
            id={`confirm-transfer-${transfer._id}`}
            target={transfer._id}
            hidden={{ transferId: transfer._id }}
            lastResult={answerFor(answered, "confirm-transfer", transfer._id)}
            submit={
              <>
                <Check className="size-4" aria-hidden="true" /> Confirm {amount} received
              </>
            }
            pendingLabel="Confirming..."
            colors="bg-ink text-white hover:bg-ink/90"
          />
          <details
            className="group min-w-0 basis-full sm:basis-auto"
            open={Boolean(answerFor(answered, "reject-transfer", transfer._id))}
          >
            <summary className={disclosure}>Reject…</summary>
            <DeskForm
              intent="reject-transfer"
              id={`reject-transfer-${transfer._id}`}
              target={transfer._id}
              hidden={{ transferId: transfer._id }}
              lastResult={answerFor(answered, "reject-transfer", transfer._id)}
              field={{
                name: "reason",
                label: "Why it is rejected",
                hint: "The customer reads this on their order's page.",
              }}
              submit={
                <>
                  <X className="size-4" aria-hidden="true" /> Reject the transfer
                </>
              }
              pendingLabel="Rejecting..."
              colors="border border-promo text-promo hover:bg-promo hover:text-white"
            />
          </details>
        </div>
      )}
    </li>
  );
}

/** Payments a provider reported that did not match what was asked (another amount, currency or order). */
export function HeldPayments({ order, answered }: { order: AdminOrder; answered: Answered | null }) {
  const may = useMay();
  const held = order.requests.filter((request) => request.status === "held" && request.held);
  if (held.length === 0) return null;
  return (
    <section aria-labelledby="held-heading" className={`${card} border-clay/50`}>
      <h2 id="held-heading" className="font-serif text-xl">
        Held for review
      </h2>
      <p className="mt-1 text-sm text-stone">
        {may.confirm
          ? "The provider took these payments, but they did not match what was asked, so nothing was credited yet. Credit what was paid, or record the refund you made at the provider."
          : `The provider took these payments, but they did not match what was asked. ${rolesFor("payments.confirm")} decides.`}
      </p>
      <ul className="mt-3 divide-y divide-line" aria-label="Payments held for review">
        {held.map((request) => (
          <li key={request._id} className="space-y-3 py-3 text-sm" data-testid="held-payment">
            <div className="min-w-0">
              <p>
                <span className="tracking-wide tabular-nums">{request.reference}</span> ·{" "}
                {REQUEST_KIND_LABELS[request.kind]} of {formatNaira(request.amount)}
                {request.provider && ` · ${PROVIDER_LABELS[request.provider]}`}
              </p>
              <p className="mt-1">
                Reported: <strong className="font-semibold tabular-nums">{reported(request.held!)}</strong>
              </p>
              <p className="text-stone">Why held: {request.held!.reason}</p>
            </div>
            {may.confirm && (
              <div className="flex flex-wrap items-start gap-2">
                {request.held!.currency === "NGN" && (
                  <DeskForm
                    intent="release-held"
                    id={`release-held-${request._id}`}
                    target={request._id}
                    hidden={{ requestId: request._id }}
                    lastResult={answerFor(answered, "release-held", request._id)}
                    submit={`Credit ${reported(request.held!)}`}
                    pendingLabel="Crediting..."
                    colors="bg-ink text-white hover:bg-ink/90"
                  />
                )}
                <details
                  className="group min-w-0 basis-full sm:basis-auto"
                  open={Boolean(answerFor(answered, "refund-note", request._id))}
                >
                  <summary className={disclosure}>Record a refund…</summary>
                  <DeskForm
                    intent="refund-note"
                    id={`refund-note-${request._id}`}
                    target={request._id}
                    hidden={{ requestId: request._id }}
                    lastResult={answerFor(answered, "refund-note", request._id)}
                    field={{
                      name: "note",
                      label: "What was done",
                      hint: "For example: refunded in full at Paystack on 3 March. Nothing is credited to the order.",
                    }}
                    submit="Record the refund"
                    pendingLabel="Saving..."
                    colors="border border-ink hover:bg-ink hover:text-white"
                  />
                </details>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const REQUEST_STATUS: Record<RequestStatus, { label: string; tone: string }> = {
  pending: { label: "Pending", tone: "bg-sand text-ink" },
  paid: { label: "Paid", tone: "bg-ink text-white" },
  held: { label: "Held", tone: "bg-clay text-white" },
  cancelled: { label: "Cancelled", tone: "border border-line text-stone" },
};

/** What the shop asked to be paid online, and the form to ask for a part of the balance. */
export function PaymentRequests({ order, answered }: { order: AdminOrder; answered: Answered | null }) {
  const may = useMay();
  return (
    <section aria-labelledby="requests-heading" className={card}>
      <h2 id="requests-heading" className="font-serif text-xl">
        Requests
      </h2>
      {order.requests.length === 0 ? (
        <p className="mt-2 text-sm text-stone">No payment asked for online yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label="Payment requests">
          {order.requests.map((request) => {
            const status = REQUEST_STATUS[request.status];
            return (
              <li key={request._id} className="flex flex-wrap items-start justify-between gap-3 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium tabular-nums">{formatNaira(request.amount)}</span>
                    <span className="text-stone">{REQUEST_KIND_LABELS[request.kind]}</span>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs ${status.tone}`}>{status.label}</span>
                    {request.testMode && (
                      <span className="inline-flex items-center gap-1 rounded-full border border-clay/50 px-2 py-0.5 text-xs text-clay">
                        <FlaskConical className="size-3" aria-hidden="true" /> Test
                      </span>
                    )}
                  </p>
                  <p className="text-stone">
                    <span className="tracking-wide tabular-nums">{request.reference}</span>
                    {request.provider && ` · ${PROVIDER_LABELS[request.provider]}`} · {formatMoment(request.createdAt)}
                  </p>
                  {request.note && <p className="mt-0.5">{request.note}</p>}
                  {request.resolution && <p className="mt-0.5 text-stone">{request.resolution}</p>}
                </div>
                {request.status === "pending" && may.record && (
                  <DeskForm
                    intent="cancel-request"
                    id={`cancel-request-${request._id}`}
                    target={request.reference}
                    hidden={{ reference: request.reference }}
                    lastResult={answerFor(answered, "cancel-request", request.reference)}
                    submit={`Cancel request ${request.reference}`}
                    submitLabel="Cancel"
                    pendingLabel="Cancelling..."
                    colors="border border-line text-stone hover:border-promo hover:text-promo"
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {may.record && order.balance > 0 && (
        <PartRequestForm key={order.requests.length} order={order} lastResult={answerFor(answered, "part-request")} />
      )}
    </section>
  );
}

function PartRequestForm({ order, lastResult }: { order: AdminOrder; lastResult: Result }) {
  const [form, fields] = useSchemaForm({ id: "part-request", schema: PaymentDeskForms["part-request"], lastResult });
  const pending = usePending("part-request");
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="part-request-heading"
      className="mt-4 space-y-4 border-t border-line pt-4"
    >
      <h3 id="part-request-heading" className="text-sm font-medium">
        Ask for a part payment
      </h3>
      <IntentField intent="part-request" />
      <FormErrors form={form} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PriceField
          meta={fields.amount}
          label="Amount"
          markRequired
          max={String(order.balance)}
          hint={`Up to the balance, ${formatNaira(order.balance)}.`}
        />
        <Field meta={fields.note} label="Note" maxLength={200} placeholder="Second instalment" />
      </div>
      <p className="text-sm text-stone">The customer sees it on their order&rsquo;s page, with a button to pay it.</p>
      <SubmitButton pending={pending} pendingLabel="Asking..." wide={false}>
        Ask for it
      </SubmitButton>
    </Form>
  );
}

/**
 * One of the small forms above: the item it acts on as hidden fields, perhaps one text
 * field (a reason, a note), the server's refusal above its button.
 */
function DeskForm({
  intent,
  id,
  target,
  hidden,
  lastResult,
  field,
  submit,
  submitLabel,
  pendingLabel,
  colors,
}: {
  intent: PaymentDeskIntent;
  id: string;
  target: string;
  hidden: Record<string, string>;
  lastResult: Result;
  field?: { name: "reason" | "note"; label: string; hint: string };
  submit: ReactNode;
  /** The button's visible words, when its name (`submit`) says more. */
  submitLabel?: string;
  pendingLabel: string;
  colors: string;
}) {
  const [form, fields] = useSchemaForm({ id, schema: PaymentDeskForms[intent], lastResult });
  const pending = usePending(intent, target);
  const text = field ? (fields as Record<string, (typeof fields)[keyof typeof fields]>)[field.name] : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className={field ? "mt-3 w-full max-w-md space-y-3" : "space-y-2"}>
      <IntentField intent={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors form={form} />
      {field && text && <TextAreaField meta={text} label={field.label} hint={field.hint} rows={2} maxLength={300} />}
      <button
        type="submit"
        aria-disabled={pending || undefined}
        aria-label={submitLabel ? String(submit) : undefined}
        onClick={(event) => pending && event.preventDefault()}
        className={`${small} ${colors}`}
      >
        {pending ? pendingLabel : (submitLabel ?? submit)}
      </button>
    </Form>
  );
}
