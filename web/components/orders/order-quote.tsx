/**
 * The order's current quote on its tracking page (docs/product.md, Quotes): each piece
 * with its picture, finish and size, the fees, total and deposit, the lead time and the
 * day it can be ready, the spec note and pictures, how long it stands and the shop's terms
 * in one sentence. While it waits for the customer: "Approve and pay deposit" (their
 * name, and exactly this version) and "Ask for changes", both plain posts that work
 * without scripts. A version they approved before a newer one was sent is named above
 * it: its approval stays, and it holds until the newer one is approved.
 */
import { Form, useNavigation } from "react-router";
import type { QuoteView } from "../../../domain/quotes/quotes.schema";
import { formatNaira } from "../../../domain/money";
import { formatDay } from "../../../domain/dates";
import { BackField } from "../../lib/back-field";
import { useShell } from "../../lib/use-shell";
import { RichText } from "../detail/rich-text";
import { SubmitButton } from "../form/fields";
import { QUOTE_SECTION_ID } from "../../../domain/orders/order-messages";

export interface QuoteAnswer {
  intent: "approve" | "changes";
  flash?: { kind: "error" | "success"; message: string };
}

const input =
  "mt-1.5 block w-full rounded-2xl border border-line bg-white px-4 py-3 text-[15px] outline-none focus:border-ink";

export function OrderQuote({
  quote,
  answer,
  approvedOn,
  earlier = null,
}: {
  quote: QuoteView;
  answer: QuoteAnswer | undefined;
  /** The approval's day, as the page formats it. */
  approvedOn: string | null;
  /** The version approved before this one was sent, and its approval's day as the page formats it. */
  earlier?: { quote: QuoteView; approvedOn: string } | null;
}) {
  const { deposit, delivery } = useShell().site.orderTerms;
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent");
  const waiting = !quote.approvedAt && !quote.expired;
  const imported = quote.lines.some((line) => line.imported);
  const refused = answer?.flash?.kind === "error" ? answer : undefined;
  return (
    <section aria-labelledby="quote" id={QUOTE_SECTION_ID} className="border-t border-line pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="quote" className="font-serif text-2xl">
          Your quote
        </h2>
        <p className="text-sm text-stone">Version {quote.version}</p>
      </div>
      {earlier && (
        <div className="mt-3 rounded-2xl bg-[#1f7a4d]/10 px-4 py-3 text-sm text-[#1f5d3d]">
          <p className="font-medium">
            Version {earlier.quote.version} approved by {earlier.quote.approvedBy} on {earlier.approvedOn}.
          </p>
          <p className="mt-0.5 tabular-nums">
            {formatNaira(earlier.quote.total)} in all, deposit {formatNaira(earlier.quote.depositDue)}. It holds until
            version {quote.version} below is approved.
          </p>
        </div>
      )}
      {quote.approvedAt ? (
        <p className="mt-3 rounded-2xl bg-[#1f7a4d]/10 px-4 py-3 text-sm text-[#1f5d3d]">
          Approved by {quote.approvedBy}
          {approvedOn ? ` on ${approvedOn}` : ""}.
        </p>
      ) : quote.expired ? (
        <p role="status" className="mt-3 rounded-2xl bg-promo/5 px-4 py-3 text-sm text-promo ring-1 ring-promo/30">
          This quote expired on {formatDay(quote.validUntil)}; ask the shop for a new one.
        </p>
      ) : earlier ? (
        <p className="mt-3 text-sm text-stone">
          Version {quote.version} waits for your approval; valid until {formatDay(quote.validUntil)}.
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone">Valid until {formatDay(quote.validUntil)}.</p>
      )}

      <ul className="mt-4 divide-y divide-line">
        {quote.lines.map((line, index) => (
          <li key={index} className="flex gap-4 py-4">
            {line.picture ? (
              <img
                src={line.picture}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                className="size-[72px] shrink-0 rounded-xl bg-sand object-cover"
              />
            ) : (
              <span aria-hidden="true" className="size-[72px] shrink-0 rounded-xl bg-sand" />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium">{line.name}</p>
                <p className="shrink-0 tabular-nums">{formatNaira(line.unitPrice * line.quantity)}</p>
              </div>
              {line.finish && <p className="mt-0.5 text-sm text-stone">Finish: {line.finish}</p>}
              {line.dimensions && <p className="mt-0.5 text-sm text-stone">Size: {line.dimensions}</p>}
              <p className="mt-0.5 text-sm text-stone tabular-nums">
                {line.quantity} × {formatNaira(line.unitPrice)}
                {line.imported ? " · imported" : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>

      <dl className="mt-2 space-y-3 border-t border-line pt-4 text-sm">
        <Row label="Items" value={formatNaira(quote.subtotal)} />
        {quote.fees.map((fee, index) => (
          <Row key={index} label={fee.label} value={formatNaira(fee.amount)} />
        ))}
        {quote.discount > 0 && <Row label="Discount" value={`−${formatNaira(quote.discount)}`} />}
        <Row label="Total" value={formatNaira(quote.total)} strong />
        <Row label={`Deposit (${quote.depositPercent}%)`} value={formatNaira(quote.depositDue)} strong />
        {quote.leadTimeWeeks && (
          <Row
            label="Lead time"
            value={`${quote.leadTimeWeeks} weeks${quote.readyBy ? `, ready by about ${formatDay(quote.readyBy)}` : ""}`}
          />
        )}
      </dl>

      {quote.note && (
        <div className="mt-6">
          <h3 className="text-sm font-medium">Specification</h3>
          <RichText html={quote.note} className="[&_p:first-child]:mt-1" />
        </div>
      )}
      {quote.pictures.length > 0 && (
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Pictures of the quote">
          {quote.pictures.map((picture, index) => (
            <li key={picture}>
              <a href={picture} target="_blank" rel="noreferrer" className="block">
                <img
                  src={picture}
                  alt={`Picture ${index + 1} of the quote`}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-xl bg-sand object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      <p className="mt-6 text-sm leading-relaxed text-stone">
        {imported
          ? "An imported piece is paid in full before we order it; the rest starts with the deposit, and "
          : `A deposit (${deposit}) starts your order, and `}
        {delivery.charAt(0).toLowerCase() + (/^[\s\S]*?[.!?](?=\s|$)/.exec(delivery)?.[0] ?? delivery).slice(1)}
      </p>

      {waiting && (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <Form method="post" className="rounded-3xl bg-sand p-5" aria-label="Approve the quote">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="version" value={quote.version} />
            <BackField hash={QUOTE_SECTION_ID} />
            {refused?.intent === "approve" && (
              <p role="alert" className="mb-3 text-sm text-promo">
                {refused.flash!.message}
              </p>
            )}
            <label className="block text-sm font-medium" htmlFor="approve-name">
              Your name
            </label>
            <input id="approve-name" name="name" required maxLength={80} autoComplete="name" className={input} />
            <p className="mt-2 text-xs text-stone">
              You approve version {quote.version} as it reads here: {formatNaira(quote.total)} in all
              {earlier ? `, in place of version ${earlier.quote.version}` : ""}.
            </p>
            <div className="mt-4">
              <SubmitButton pending={sending === "approve"} pendingLabel="Approving…">
                Approve and pay deposit
              </SubmitButton>
            </div>
          </Form>
          <Form method="post" className="rounded-3xl border border-line p-5" aria-label="Ask for changes">
            <input type="hidden" name="intent" value="changes" />
            <BackField hash={QUOTE_SECTION_ID} />
            {refused?.intent === "changes" && (
              <p role="alert" className="mb-3 text-sm text-promo">
                {refused.flash!.message}
              </p>
            )}
            <label className="block text-sm font-medium" htmlFor="changes-message">
              What would you like changed?
            </label>
            <textarea id="changes-message" name="message" required maxLength={2000} rows={3} className={input} />
            <div className="mt-4">
              <SubmitButton
                pending={sending === "changes"}
                pendingLabel="Sending…"
                colors="bg-white text-ink ring-1 ring-ink hover:bg-sand"
              >
                Ask for changes
              </SubmitButton>
            </div>
          </Form>
        </div>
      )}
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-medium" : ""}`}>
      <dt className={`shrink-0 ${strong ? "" : "text-stone"}`}>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}
