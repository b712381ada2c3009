/**
 * Paying for an order from its tracking page (docs/product.md, Payments): what is due, the
 * buttons that open the provider's checkout, the shop's bank account with "I have paid",
 * and what has been paid, asked for and told so far. Every control is a plain form post
 * the route's action answers, so all of it works before (or without) the page's scripts;
 * scripts only add the copy button and shrink a receipt's picture before it is sent.
 */
import { getFormProps } from "@conform-to/react";
import { AlertCircle, CheckCircle2, Clock, Copy, Info, Landmark, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { formatNaira } from "../../../domain/money";
// Types only: the schemas' module brings zod, which the shop's pages do not download.
import type { PayTo, ProviderName, ReturnOutcome, TransferStatus } from "../../../domain/payments/payments.schema";
import type { ActionAnswer } from "../../lib/action-answer";
import { BackField } from "../../lib/back-field";
import { showToast } from "../../lib/toast";
import { useFlashToast } from "../../lib/use-flash-toast";
import { Field, FormErrors, SubmitButton, TextAreaField } from "../form/fields";
import { useServerForm } from "../form/use-server-form";
import { ReceiptPictureInput } from "./receipt-picture-input";

/** What the tracking page's loader works out for paying (amounts in naira, dates worded). */
export interface PaymentPanelData {
  /** Where to pay, each provider with its name to show; null until there is a quote, or when nothing is due. */
  payTo: { bank: PayTo["bank"]; online: Array<{ provider: ProviderName; label: string; testMode: boolean }> } | null;
  /** What the main button pays: the deposit still owed, else the balance; null when nothing is. */
  due: { kind: "deposit" | "balance"; amount: number } | null;
  /** The balance after the deposit, shown beside a deposit due. */
  balance: number;
  /** Part payments the shop asked for, still to pay. */
  /** What the shop asked for by itself: part payments, and a service request's visit fee. */
  parts: Array<{ reference: string; amount: number; note: string | null; kind?: "part" | "visit" }>;
  testMode: boolean;
  received: Array<{
    key: string;
    amount: number;
    method: string;
    paidOn: string;
    reference: string | null;
    receiptPath: string;
  }>;
  /** Checkouts started and not finished, and payments the shop is checking. */
  waiting: Array<{ reference: string; label: string; amount: number; held: boolean; when: string }>;
  transfers: Array<{ _id: string; amount: number; status: TransferStatus; reason: string | null; when: string }>;
}

/** The tracking page's action answers: which form it answers, with its result or message. */
export type PaymentAnswer = ActionAnswer<{ intent?: "pay" | "transfer" }>;

export const TRANSFER_FORM_ID = "paid";

const OUTCOMES: Record<ReturnOutcome, { message: string; tone: "good" | "calm" | "bad" }> = {
  paid: { message: "Payment received — thank you.", tone: "good" },
  pending: { message: "Your payment is being confirmed…", tone: "calm" },
  failed: { message: "The payment did not go through. You can try again.", tone: "bad" },
  held: { message: "We are checking this payment with you; the shop will be in touch.", tone: "calm" },
};

/** What a return from a checkout found (`?payment=` on the page's address), as a banner. */
export function PaymentOutcome({ outcome }: { outcome: ReturnOutcome }) {
  const { message, tone } = OUTCOMES[outcome];
  const Icon = tone === "good" ? CheckCircle2 : tone === "bad" ? AlertCircle : Clock;
  return (
    <div
      role={tone === "bad" ? "alert" : "status"}
      className={`mt-6 flex items-start gap-3 rounded-2xl px-5 py-4 text-[15px] ${
        tone === "good"
          ? "bg-[#e4efe7] text-[#1f5c3b]"
          : tone === "bad"
            ? "bg-promo/5 text-promo ring-1 ring-promo/30"
            : "bg-sand text-ink"
      }`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/** "0123456789" as "012 345 6789", easier to read out and type. */
export const groupAccountNumber = (digits: string) =>
  /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits;

/** The pay step: what is due, the checkout buttons and the bank account. */
export function PayPanel({
  panel,
  reference,
  answer,
}: {
  panel: PaymentPanelData;
  reference: string;
  answer: PaymentAnswer | undefined;
}) {
  const { payTo, due, parts } = panel;
  if (!payTo) return null;
  const online = payTo.online;
  const payable = online.length > 0 && (due !== null || parts.length > 0);
  return (
    <div className="mt-5 space-y-5">
      <div className="rounded-3xl bg-sand p-5 sm:p-7">
        {due ? (
          <dl className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
            <div>
              <dt className="text-sm text-stone">{due.kind === "deposit" ? "Deposit due" : "Balance due"}</dt>
              <dd className="mt-1 font-serif text-3xl tabular-nums">{formatNaira(due.amount)}</dd>
            </div>
            {due.kind === "deposit" && panel.balance > due.amount && (
              <div className="text-sm">
                <dt className="inline text-stone">Then balance </dt>
                <dd className="inline tabular-nums">{formatNaira(panel.balance - due.amount)}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="text-[15px]">Nothing is due right now.</p>
        )}
        {payable && <PayForm panel={panel} answer={answer} />}
        {online.length === 0 && payTo.bank && (
          <p className="mt-4 text-sm text-stone">Pay by bank transfer to the account below, then tell us.</p>
        )}
        {online.length === 0 && !payTo.bank && (
          <p className="mt-4 text-sm text-stone">Ask us on WhatsApp how to pay, quoting {reference}.</p>
        )}
      </div>
      {payTo.bank && (
        <BankTransfer bank={payTo.bank} reference={reference} amount={due?.amount ?? null} answer={answer} />
      )}
    </div>
  );
}

/**
 * One form for every online payment: the button pressed says what to pay (the deposit or
 * the balance by `kind`, a part payment by its `reference`), the choice of provider (when
 * the shop takes two) goes with it. The answer is the provider's checkout.
 */
function PayForm({ panel, answer }: { panel: PaymentPanelData; answer: PaymentAnswer | undefined }) {
  const { due, parts, testMode } = panel;
  const online = panel.payTo?.online ?? [];
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "pay";
  const pressed = navigation.formData?.get("kind") ?? navigation.formData?.get("reference");
  const refused = answer?.intent === "pay" ? answer.flash : undefined;
  const choice = online.length > 1;
  return (
    <Form method="post" className="mt-5" aria-label="Pay online">
      <input type="hidden" name="intent" value="pay" />
      <BackField hash="payment" />
      {refused && (
        <p role="alert" className="mb-4 rounded-2xl bg-promo/5 px-4 py-3 text-sm text-promo ring-1 ring-promo/30">
          {refused.message}
        </p>
      )}
      {choice ? (
        <fieldset className="mb-4">
          <legend className="text-sm font-medium">Pay with</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {online.map(({ provider, label }, index) => (
              <label
                key={provider}
                className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-4 text-sm has-[:checked]:border-ink"
              >
                <input
                  type="radio"
                  name="provider"
                  value={provider}
                  defaultChecked={index === 0}
                  className="size-4 accent-ink"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        online[0] && <input type="hidden" name="provider" value={online[0].provider} />
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {due && (
          <SubmitButton
            pending={sending}
            busy={sending && pressed === due.kind}
            pendingLabel="Opening checkout…"
            wide={false}
            name="kind"
            value={due.kind}
          >
            {due.kind === "deposit" ? "Pay deposit" : "Pay balance"} {formatNaira(due.amount)}
          </SubmitButton>
        )}
      </div>
      {parts.map((part) => (
        <div key={part.reference} className="mt-5 border-t border-line pt-4">
          <p className="text-sm">
            <span className="font-medium">
              {part.kind === "visit" ? "The measurement visit's fee" : "The shop asks for a part payment"}
            </span>
            {part.note && <span className="text-stone">: {part.note}</span>}
          </p>
          <div className="mt-3">
            <SubmitButton
              pending={sending}
              busy={sending && pressed === part.reference}
              pendingLabel="Opening checkout…"
              colors={due ? "border border-ink bg-white text-ink hover:bg-sand" : undefined}
              wide={false}
              name="reference"
              value={part.reference}
            >
              {/* The line above names what it is for: the label stays one line on a narrow phone. */}
              Pay {formatNaira(part.amount)}
              <span className="sr-only"> ({part.kind === "visit" ? "visit fee" : "part payment"})</span>
            </SubmitButton>
          </div>
        </div>
      ))}
      <p className="mt-4 flex items-start gap-2 text-sm text-stone">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {choice
          ? "You pay on the provider's secure page; we never see your card."
          : `You pay on ${online[0]?.label ?? "the provider"}'s secure page; we never see your card.`}
      </p>
      {testMode && (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-white px-3 py-2 text-sm font-medium text-[#7a4a22] ring-1 ring-[#e7d3bd]">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Test mode — no real money is taken
        </p>
      )}
    </Form>
  );
}

/** The shop's account, the number easy to copy, and the "I have paid" form. */
function BankTransfer({
  bank,
  reference,
  amount,
  answer,
}: {
  bank: NonNullable<PayTo["bank"]>;
  reference: string;
  amount: number | null;
  answer: PaymentAnswer | undefined;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(bank.accountNumber);
      showToast("success", "Account number copied.");
    } catch {
      showToast("error", "Could not copy it. Press and hold the number to copy it.");
    }
  };
  return (
    <div className="rounded-3xl border border-line p-5 sm:p-7">
      <h3 className="flex items-center gap-2 font-medium">
        <Landmark className="size-5 text-stone" aria-hidden="true" />
        Pay by bank transfer
      </h3>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone">Bank</dt>
          <dd className="mt-0.5 text-[15px]">{bank.bankName}</dd>
        </div>
        <div>
          <dt className="text-stone">Account name</dt>
          <dd className="mt-0.5 text-[15px]">{bank.accountName}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-stone">Account number</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-3">
            <span data-testid="account-number" className="font-mono text-2xl tracking-wider tabular-nums select-all">
              {groupAccountNumber(bank.accountNumber)}
            </span>
            <button
              type="button"
              onClick={copy}
              className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm hover:border-ink [html:not([data-hydrated])_&]:hidden"
            >
              <Copy className="size-4" aria-hidden="true" />
              Copy
            </button>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-stone">
        Write <span className="tracking-wide tabular-nums text-ink">{reference}</span> as the transfer&apos;s
        description, so we know it is yours.
      </p>
      <TransferNotice amount={amount} answer={answer} />
    </div>
  );
}

/**
 * "I have paid": the amount (what is due, to start with), a note and the bank's receipt as
 * a picture. A multipart post, so the picture's file goes as it is even without scripts.
 */
function TransferNotice({ amount, answer }: { amount: number | null; answer: PaymentAnswer | undefined }) {
  const fetcher = useFetcher<PaymentAnswer>();
  // The page's scripts' answer, else the server's page answering a post made without them.
  const latest = fetcher.data ?? answer;
  const answered = latest?.intent === "transfer" ? latest : undefined;
  const [form, fields] = useServerForm<{ amount: string; note: string; receiptImage: string }>({
    id: TRANSFER_FORM_ID,
    lastResult: answered?.result,
    defaultValue: { amount: amount === null ? "" : String(amount), note: "" },
  });
  const pending = fetcher.state !== "idle";
  useFlashToast(fetcher.data?.intent === "transfer" ? fetcher.data : undefined);
  return (
    <details
      className="group mt-5 border-t border-line pt-5"
      // A refused notice comes back open, its messages showing.
      open={form.status === "error" || undefined}
    >
      <summary className="inline-flex h-12 cursor-pointer list-none items-center justify-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90 group-open:hidden [&::-webkit-details-marker]:hidden">
        I have paid
      </summary>
      <p className="hidden text-[15px] font-medium group-open:block">Tell us about your transfer</p>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-label="I have paid"
        aria-busy={pending}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="transfer" />
        <BackField hash="payment" />
        <div className="empty:hidden">
          <FormErrors form={form} />
        </div>
        <Field
          meta={fields.amount}
          label="Amount paid"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          sign="₦"
          required
        />
        <TextAreaField
          meta={fields.note}
          label="Note (optional)"
          hint="The account you paid from, or anything we should know."
          rows={2}
          maxLength={200}
        />
        <ReceiptPictureInput meta={fields.receiptImage} />
        <SubmitButton pending={pending} pendingLabel="Sending…" wide={false}>
          Send
        </SubmitButton>
        <p className="text-xs text-stone">We confirm transfers once they reach our account, usually the same day.</p>
      </fetcher.Form>
    </details>
  );
}

const TRANSFER_WORDS: Record<TransferStatus, string> = {
  to_confirm: "To confirm",
  confirmed: "Confirmed",
  rejected: "Not confirmed",
};

/** What has been paid, what waits, and the transfers told: shown once there is any. */
export function PaymentRecords({ panel }: { panel: PaymentPanelData }) {
  const { received, waiting, transfers } = panel;
  if (received.length + waiting.length + transfers.length === 0) return null;
  return (
    <div className="mt-8 space-y-8">
      {received.length > 0 && (
        <Records title="Payments received" id="payments-received">
          {received.map((payment) => (
            <li key={payment.key} className="flex items-start justify-between gap-4 py-3">
              <div className="min-w-0 text-sm">
                <p className="text-[15px] font-medium tabular-nums">{formatNaira(payment.amount)}</p>
                <p className="mt-0.5 text-stone">
                  {payment.method} · {payment.paidOn}
                </p>
                {payment.reference && (
                  <p className="mt-0.5 tracking-wide tabular-nums text-xs text-stone">{payment.reference}</p>
                )}
              </div>
              <a
                href={payment.receiptPath}
                className="inline-flex h-11 shrink-0 items-center rounded-full px-3 text-sm underline underline-offset-4 hover:bg-sand"
              >
                Receipt
                <span className="sr-only">
                  {" "}
                  for {formatNaira(payment.amount)} on {payment.paidOn}
                </span>
              </a>
            </li>
          ))}
        </Records>
      )}
      {waiting.length > 0 && (
        <Records title="Payments in progress" id="payments-waiting">
          {waiting.map((request) => (
            <li key={request.reference} className="py-3 text-sm">
              <div className="flex justify-between gap-4">
                <p className="text-[15px] font-medium">
                  {request.label} <span className="tabular-nums">{formatNaira(request.amount)}</span>
                </p>
                <Tag tone={request.held ? "warm" : "plain"}>{request.held ? "Checking" : "Not paid yet"}</Tag>
              </div>
              <p className="mt-0.5 text-stone">
                <span className="tracking-wide tabular-nums text-xs">{request.reference}</span> · {request.when}
              </p>
              {request.held && <p className="mt-1">We are checking this payment</p>}
            </li>
          ))}
        </Records>
      )}
      {transfers.length > 0 && (
        <Records title="Transfers you told us about" id="payments-transfers">
          {transfers.map((transfer) => (
            <li key={transfer._id} className="py-3 text-sm">
              <div className="flex justify-between gap-4">
                <p className="text-[15px] font-medium tabular-nums">{formatNaira(transfer.amount)}</p>
                <Tag tone={transfer.status === "confirmed" ? "good" : transfer.status === "rejected" ? "bad" : "warm"}>
                  {TRANSFER_WORDS[transfer.status]}
                </Tag>
              </div>
              <p className="mt-0.5 text-stone">Told us {transfer.when}</p>
              {transfer.status === "rejected" && transfer.reason && <p className="mt-1">{transfer.reason}</p>}
            </li>
          ))}
        </Records>
      )}
    </div>
  );
}

function Records({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xs tracking-[0.2em] text-stone uppercase">
        {title}
      </h3>
      <ul className="mt-2 divide-y divide-line border-y border-line">{children}</ul>
    </section>
  );
}

function Tag({ tone, children }: { tone: "good" | "bad" | "warm" | "plain"; children: ReactNode }) {
  const colors = {
    good: "bg-[#e4efe7] text-[#1f5c3b]",
    bad: "bg-promo/10 text-promo",
    warm: "bg-[#f3e7da] text-[#7a4a22]",
    plain: "bg-white text-stone ring-1 ring-line",
  }[tone];
  return (
    <span className={`inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-medium ${colors}`}>
      {children}
    </span>
  );
}
