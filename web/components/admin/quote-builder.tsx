/**
 * The owner's quote on the order page (docs/product.md, Quotes): the versions sent, each
 * with what changed from the one before and whether (and when, by whom) the customer
 * approved it; the link that sends the latest on WhatsApp; how long it stands; and the
 * form that sends the next version. The form starts from the latest version (else the
 * order's lines); the server works out the total and the deposit.
 *
 * "Send quote" comes back here with the version sent (`?sent=N`): with scripts the page
 * opens the prefilled WhatsApp message at once, as the order sheet does for a shopper;
 * without them (or if the browser stops the new tab), the link stands first and large.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { MessageCircle, Printer } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { formatNaira } from "../../../domain/money";
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";
import { formatDate, formatDay } from "../../../domain/dates";
import { quoteMessage } from "../../../domain/orders/order-messages";
import { SendQuoteFormSchema } from "../../../domain/quotes/quote-form.schema";
import { QUOTE_VALID_DAYS, QuoteValiditySchema } from "../../../domain/quotes/quotes.schema";
import { whatsappLink } from "../../../domain/whatsapp";
import { DateField } from "../form/date-field";
import { Field, FormErrors, SubmitButton } from "../form/fields";
import { PriceField } from "../form/price-field";
import { useSchemaForm } from "../form/use-schema-form";
import { allows } from "../../../domain/staff/permissions";
import { useAdminViewer } from "./admin-sidebar";
import { card, FeeRows, IntentField, usePending } from "./order-desk-forms";
import { RichTextEditor } from "./rich-text-editor";

/** The search parameter that brings "Send quote" back with the version it sent. */
export const SENT_PARAM = "sent";

const BLANK_LINES = 2;
const BLANK_FEES = 2;

/** "2026-12-01" plus days, as a day. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function QuoteBuilder({
  order,
  shopName,
  sendResult,
  validityResult,
}: {
  order: AdminOrder;
  shopName: string;
  sendResult: SubmissionResult<string[]> | null | undefined;
  validityResult: SubmissionResult<string[]> | null | undefined;
}) {
  const latest = order.quotes.at(-1) ?? null;
  // The versions are read by all who read the order's money; sending one and changing how
  // long it stands are for those who write orders, the workshop sheet for those who read it.
  const roles = useAdminViewer()?.roles ?? [];
  const mayWrite = allows(roles, "orders.write");
  if (!mayWrite && !latest) return null;
  return (
    <section aria-labelledby="send-quote-heading" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="send-quote-heading" className="font-serif text-xl">
          Quote
        </h2>
        {allows(roles, "orders.sheet") && (
          <Link
            to={`/admin/orders/${order._id}/workshop-sheet`}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm hover:border-ink"
          >
            <Printer className="size-4" aria-hidden="true" /> Workshop sheet
          </Link>
        )}
      </div>
      {order.needsRevision && (
        <p className="mt-3 rounded-2xl bg-promo/5 px-4 py-3 text-sm text-promo ring-1 ring-promo/30">
          To revise: the customer asked for changes (see the timeline). Send a new version.
        </p>
      )}
      {latest && <Versions order={order} shopName={shopName} />}
      {mayWrite && latest && !latest.approvedAt && (
        <ValidityForm key={latest.validUntil} validUntil={latest.validUntil} lastResult={validityResult} />
      )}
      {mayWrite && <SendQuoteForm key={order.quotes.length} order={order} lastResult={sendResult} />}
    </section>
  );
}

function Versions({ order, shopName }: { order: AdminOrder; shopName: string }) {
  const latest = order.quotes.at(-1)!;
  const phone = order.customer.phone;
  const message = quoteMessage(order, latest, { shopName, customerName: order.customer.name });
  const link = phone ? whatsappLink(phone, message) : null;
  const [params, setParams] = useSearchParams();
  const justSent = params.get(SENT_PARAM) === String(latest.version);
  useEffect(() => {
    if (!justSent || !link) return;
    // Opened in the click's wake (the send is quick), like a link the owner taps; a browser
    // that stops it leaves the large link below, and the address as it was.
    const opened = window.open(link, "_blank");
    if (!opened) return;
    opened.opener = null;
    setParams(
      (current) => {
        current.delete(SENT_PARAM);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [justSent, link, setParams]);
  return (
    <div className="mt-4 space-y-3">
      {link ? (
        justSent ? (
          <div role="status" className="rounded-2xl bg-[#1f7a4d]/10 p-4">
            <p className="text-sm font-medium text-[#1f5d3d]">
              Version {latest.version} is saved. Now send it to {order.customer.name ?? "the customer"}:
            </p>
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-full bg-[#1f7a4d] px-5 text-base font-medium text-white hover:bg-[#1f7a4d]/90"
            >
              <MessageCircle className="size-5" aria-hidden="true" /> Send version {latest.version} on WhatsApp
            </a>
          </div>
        ) : (
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-full bg-[#1f7a4d] px-5 text-sm text-white hover:bg-[#1f7a4d]/90"
          >
            <MessageCircle className="size-4" aria-hidden="true" /> Send version {latest.version} on WhatsApp
          </a>
        )
      ) : (
        <p className="rounded-2xl bg-sand px-4 py-3 text-sm">
          No phone number yet: add the customer&apos;s under Customer to send the quote on WhatsApp.
        </p>
      )}
      <ol className="divide-y divide-line rounded-2xl border border-line" aria-label="Versions sent">
        {[...order.quotes].reverse().map((quote) => (
          <li key={quote.version} className="px-4 py-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium">
                Version {quote.version}
                {quote.approvedAt ? (
                  <span className="ml-2 inline-block rounded-full bg-[#1f7a4d]/10 px-2 py-0.5 text-xs text-[#1f5d3d]">
                    Approved by {quote.approvedBy} on {formatDate(quote.approvedAt)}
                  </span>
                ) : quote.expired ? (
                  <span className="ml-2 rounded-full bg-promo/10 px-2 py-0.5 text-xs text-promo">Expired</span>
                ) : quote.version === latest.version ? (
                  <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs">Waiting for approval</span>
                ) : null}
              </p>
              <p className="tabular-nums">
                {formatNaira(quote.total)} · deposit {formatNaira(quote.depositDue)} ({quote.depositPercent}%)
              </p>
            </div>
            <p className="mt-0.5 text-stone">
              Sent {formatDay(quote.sentAt.slice(0, 10))}
              {quote.sentBy ? ` by ${quote.sentBy}` : ""} · valid until {formatDay(quote.validUntil)}
            </p>
            {order.approvedQuote?.version === quote.version && (
              <p className="mt-0.5 font-medium text-[#1f5d3d]">
                The order stands on this version until version {latest.version} is approved.
              </p>
            )}
            {quote.changes.length > 0 && (
              <ul className="mt-1.5 list-disc pl-5 text-stone">
                {quote.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ValidityForm({
  validUntil,
  lastResult,
}: {
  validUntil: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "quote-validity",
    schema: QuoteValiditySchema,
    lastResult,
    defaultValue: { validUntil },
  });
  const pending = usePending("quote-validity");
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label="How long the quote stands"
      className="mt-4 flex flex-wrap items-end gap-3"
    >
      <IntentField intent="quote-validity" />
      <FormErrors form={form} />
      <div className="w-48">
        <DateField meta={fields.validUntil} label="Valid until" />
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
        Change validity
      </SubmitButton>
    </Form>
  );
}

function SendQuoteForm({
  order,
  lastResult,
}: {
  order: AdminOrder;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const latest = order.quotes.at(-1) ?? null;
  const ordered = order.lines.map((line) => {
    const quoted = latest?.lines.find((row) => row.lineId === line._id);
    return {
      lineId: line._id,
      name: line.name,
      quantity: String(quoted?.quantity ?? line.quantity),
      unitPrice: String(quoted?.unitPrice ?? line.unitPrice),
      finish: quoted?.finish ?? line.option ?? "",
      dimensions: quoted?.dimensions ?? "",
      imported: quoted?.imported ? "on" : "",
    };
  });
  const added = (latest?.lines ?? [])
    .filter((line) => line.lineId === null)
    .map((line) => ({
      lineId: "",
      name: line.name,
      quantity: String(line.quantity),
      unitPrice: String(line.unitPrice),
      finish: line.finish ?? "",
      dimensions: line.dimensions ?? "",
      imported: line.imported ? "on" : "",
    }));
  const blank = { lineId: "", name: "", quantity: "", unitPrice: "", finish: "", dimensions: "", imported: "" };
  const fees = latest?.fees ?? order.fees;
  const [form, fields] = useSchemaForm({
    id: "send-quote",
    schema: SendQuoteFormSchema,
    lastResult,
    // The pictures are files: the server reads them; here they stand for themselves.
    validateHere: false,
    defaultValue: {
      lines: [...ordered, ...added, ...Array.from({ length: BLANK_LINES }, () => blank)],
      fees: [
        ...fees.map((fee) => ({ label: fee.label, amount: String(fee.amount) })),
        ...Array.from({ length: BLANK_FEES }, () => ({ label: "", amount: "" })),
      ].slice(0, 10),
      discount: latest?.discount ? String(latest.discount) : "",
      depositPercent: latest?.depositPercentSet ? String(latest.depositPercent) : "",
      validUntil: inDays(QUOTE_VALID_DAYS),
      leadTimeWeeks: latest?.leadTimeWeeks ? String(latest.leadTimeWeeks) : "",
      note: latest?.note ?? "",
    },
  });
  const pending = usePending("send-quote");
  const lines = fields.lines.getFieldList();
  const feeRows = fields.fees.getFieldList();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-label={latest ? `Send version ${latest.version + 1}` : "Send the quote"}
      className="mt-5 space-y-5 border-t border-line pt-5"
    >
      <IntentField intent="send-quote" />
      <h3 className="font-medium">{latest ? `Version ${latest.version + 1}` : "Version 1"}</h3>
      <FormErrors form={form} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Lines</legend>
        <p className="text-sm text-stone">
          The order&apos;s lines, and rows to add a piece. Leave an added row blank for none.
        </p>
        {lines.map((line, index) => {
          const parts = line.getFieldset();
          const fromOrder = ordered[index];
          return (
            <div
              key={line.key}
              role="group"
              aria-label={fromOrder ? `Line: ${fromOrder.name}` : `Added line ${index - ordered.length + 1}`}
              className="space-y-3 rounded-2xl bg-sand/60 p-3"
            >
              {fromOrder ? (
                <>
                  <p className="text-sm font-medium">{fromOrder.name}</p>
                  <input type="hidden" name={parts.lineId.name} value={fromOrder.lineId} />
                </>
              ) : (
                <Field meta={parts.name} label={`Added line ${index - ordered.length + 1}`} maxLength={120} />
              )}
              <div className="grid grid-cols-[6rem_1fr] gap-3">
                <Field
                  meta={parts.quantity}
                  label="Quantity"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  placeholder="1"
                />
                <PriceField meta={parts.unitPrice} label="Unit price" />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field meta={parts.finish} label="Finish" placeholder="Emerald velvet" maxLength={120} />
                <Field meta={parts.dimensions} label="Dimensions" placeholder="220 × 95 × 80 cm" maxLength={120} />
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={parts.imported.name}
                  defaultChecked={parts.imported.initialValue === "on"}
                  className="size-4 accent-ink"
                />
                Imported piece{fromOrder ? " (left unticked, the product says)" : ""}
              </label>
            </div>
          );
        })}
      </fieldset>
      <FeeRows fees={feeRows} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField meta={fields.discount} label="Discount" />
        <Field
          meta={fields.depositPercent}
          label="Deposit (%)"
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          hint={`Blank: the terms' share, or 100% with an imported piece.`}
        />
        <DateField meta={fields.validUntil} label="Valid until" markRequired />
        <Field
          meta={fields.leadTimeWeeks}
          label="Lead time (weeks)"
          type="number"
          min={1}
          max={104}
          step={1}
          inputMode="numeric"
        />
      </div>
      <RichTextEditor meta={fields.note} label="Spec note" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Pictures</legend>
        {latest?.pictures.map((picture, index) => (
          <label key={picture} className="flex items-center gap-3 text-sm">
            <input type="checkbox" name="pictures" value={picture} defaultChecked className="size-4 accent-ink" />
            <img src={picture} alt="" className="size-12 rounded-lg object-cover" />
            Keep picture {index + 1}
          </label>
        ))}
        <label className="block text-sm text-stone" htmlFor="quote-pictures">
          Add a fabric photo or a drawing (up to 6 pictures in all)
        </label>
        <input
          id="quote-pictures"
          type="file"
          name="pictures"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="block w-full text-sm"
        />
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Sending..." wide={false}>
        Send quote
      </SubmitButton>
    </Form>
  );
}
