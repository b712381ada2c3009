/**
 * The order sheet's screen: what is being ordered, and a short form of what the shop does
 * not know yet. Only the server checks it (docs/architecture.md, Forms): the sheet sits on
 * the way from every product page, which should not download the schema library. The
 * buttons ignore taps once the order is on its way, so a double tap sends it once (the
 * server also takes a repeat as the same order).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { formatNaira } from "../../../domain/money";
import type { ItemType } from "../../../domain/shopping-lists";
import type { FormAnswer } from "../../lib/action-answer";
import { Field, FormErrors, SelectField, SubmitButton, TextAreaField } from "../form/fields";
import { useServerForm } from "../form/use-server-form";
import { WhatsAppIcon } from "../ui/brand-icons";
import { ResponsiveImage } from "../ui/responsive-image";

interface SheetLine {
  id: string;
  name: string;
  /** The option (finish or fabric) chosen, by name. */
  option: string | null;
  quantity: number;
  unitPrice: number;
  image: ImageRef | null;
  /** The item's page. */
  path: string;
}

/** What is ordered, as placing the order would record it (the server's preview); `left` lines stay out. */
interface Ordered {
  lines: SheetLine[];
  total: number;
  left: number;
}

export type SheetSubject =
  | (Ordered & {
      kind: "item";
      itemType: ItemType;
      itemId: string;
      /** The option the order takes, by id. */
      option: string | null;
    })
  | (Ordered & { kind: "cart" })
  | { kind: "service"; services: string[]; service: string; brief: string };

/** Why there is nothing to order here, and where to go instead. */
export interface SheetNotice {
  message: string;
  to: string;
  label: string;
}

export interface SheetData {
  notice: SheetNotice | null;
  subject: SheetSubject | null;
  /** The signed-in customer's name and phone: shown, never asked. */
  known: { name: string; phone: string | null } | null;
  /** What the fields start from: the profile's details, or this device's last order's. */
  defaults: { name: string; phone: string; area: string } | null;
  /** New with each showing of the sheet: the server records one order however often this one is sent. */
  submissionKey: string | null;
}

/** The action's answer when it did not send the shopper on to WhatsApp. */
export type SheetAnswer = FormAnswer;

const FORM_ID = "order";
const SKIP_FORM_ID = "order-skip";

export function OrderSheet({ sheet, answer }: { sheet: SheetData; answer: SheetAnswer | undefined }) {
  const { subject, notice } = sheet;
  if (!subject) {
    return (
      <section className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="font-serif text-3xl">{notice?.message}</h1>
        {notice && (
          <Link
            to={notice.to}
            className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm text-white hover:bg-ink/90"
          >
            {notice.label}
          </Link>
        )}
      </section>
    );
  }
  const service = subject.kind === "service";
  return (
    <div className="mx-auto max-w-6xl px-5 pt-8 pb-28 md:px-8 md:pt-12 lg:pb-20">
      <p className="text-xs tracking-[0.2em] text-stone uppercase">
        {service ? "Design services" : "Order on WhatsApp"}
      </p>
      <h1 className="mt-3 font-serif text-3xl leading-tight md:text-4xl">
        {service ? "Request a site visit or design consultation" : "Your order"}
      </h1>
      <p className="mt-3 max-w-2xl text-stone">
        {service
          ? "Tell us a little about your space. WhatsApp then opens with your request, and a designer replies to arrange a visit or a call."
          : "A few details help us prepare your quote. They are optional: skip them and WhatsApp opens with your order all the same."}
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-12 lg:items-start lg:gap-12">
        <div className="lg:order-last lg:col-span-5">
          {subject.kind === "service" ? <HowItWorks /> : <OrderedItems subject={subject} />}
        </div>
        <section aria-labelledby="order-details" className="lg:col-span-7">
          <DetailsForm sheet={sheet} subject={subject} answer={answer} />
        </section>
      </div>
    </div>
  );
}

const panel = "rounded-3xl bg-sand p-5 sm:p-7";

function Thumbnail({ image }: { image: ImageRef | null }) {
  return (
    <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-white sm:size-20">
      <ResponsiveImage image={image} alt="" sizes="80px" className="size-full object-cover" />
    </div>
  );
}

function OrderedItems({ subject }: { subject: Extract<SheetSubject, { kind: "item" | "cart" }> }) {
  const { lines, total, left } = subject;
  return (
    <section aria-labelledby="ordering" className={panel}>
      <h2 id="ordering" className="font-serif text-xl">
        {subject.kind === "item" ? "The piece" : "Your items"}
      </h2>
      <ul className="mt-5 space-y-4">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center gap-4">
            <Thumbnail image={line.image} />
            <div className="min-w-0 flex-1">
              <Link to={line.path} className="font-medium underline-offset-4 hover:underline">
                {line.name}
              </Link>
              {line.option && <p className="mt-0.5 text-sm text-stone">Finish: {line.option}</p>}
              <p className="mt-0.5 text-sm text-stone tabular-nums">
                {line.quantity} × {formatNaira(line.unitPrice)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {left > 0 && (
        <p className="mt-4 text-sm text-promo">
          {left === 1 ? "1 item is" : `${left} items are`} not available and not included.
        </p>
      )}
      <dl className="mt-6 space-y-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone">Delivery</dt>
          <dd>Arranged on WhatsApp</dd>
        </div>
        <div className="flex justify-between gap-4 text-base font-medium">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatNaira(total)}</dd>
        </div>
      </dl>
    </section>
  );
}

function HowItWorks() {
  const steps = [
    "Tell us what you have in mind, and roughly where.",
    "WhatsApp opens with your request and its reference.",
    "A designer replies to agree a visit or a call.",
  ];
  return (
    <section aria-labelledby="how-it-works" className={panel}>
      <h2 id="how-it-works" className="font-serif text-xl">
        How it works
      </h2>
      <ol className="mt-5 space-y-4 text-sm leading-relaxed">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-white font-serif"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The fields the action reads (OrderRequestSchema), as the form names them. */
interface SheetValues {
  kind: string;
  itemType: string;
  itemId: string;
  option: string;
  service: string;
  brief: string;
  area: string;
  budget: string;
  customer: { name: string; phone: string; area: string; note: string };
}

/** What says what is being ordered, in both the details form and Skip's. */
function SubjectFields({ subject, submissionKey }: { subject: SheetSubject; submissionKey: string | null }) {
  return (
    <>
      <input type="hidden" name="kind" value={subject.kind} />
      {submissionKey && <input type="hidden" name="submissionKey" value={submissionKey} />}
      {subject.kind === "item" && (
        <>
          <input type="hidden" name="itemType" value={subject.itemType} />
          <input type="hidden" name="itemId" value={subject.itemId} />
          {subject.option && <input type="hidden" name="option" value={subject.option} />}
        </>
      )}
    </>
  );
}

function DetailsForm({
  sheet,
  subject,
  answer,
}: {
  sheet: SheetData;
  subject: SheetSubject;
  answer: SheetAnswer | undefined;
}) {
  const { known, defaults } = sheet;
  const service = subject.kind === "service";
  const [form, fields] = useServerForm<SheetValues>({
    id: FORM_ID,
    lastResult: answer?.result,
    defaultValue: {
      ...(subject.kind === "service" ? { service: subject.service, brief: subject.brief } : {}),
      area: defaults?.area ?? "",
      customer: { name: defaults?.name ?? "", phone: defaults?.phone ?? "", area: defaults?.area ?? "", note: "" },
    },
  });
  const customer = fields.customer.getFieldset();
  const navigation = useNavigation();
  // Once sent, the buttons wait: the answer is WhatsApp, and a second tap would only repeat the order.
  const pending = navigation.formData !== undefined;
  const skipping = navigation.formData?.get("intent") === "skip";

  return (
    <>
      <h2 id="order-details" className="font-serif text-2xl">
        {service ? "Your request" : "Your details"}
      </h2>
      {!service && <p className="mt-1 text-sm text-stone">Optional. We only use them for this order.</p>}
      <Form method="post" {...getFormProps(form)} aria-busy={pending} className="mt-6 space-y-5">
        <SubjectFields subject={subject} submissionKey={sheet.submissionKey} />
        <div className="empty:hidden">
          <FormErrors form={form} />
        </div>
        {known && (
          <div className="rounded-2xl border border-line px-4 py-3 text-sm">
            <p className="text-stone">Ordering as</p>
            <p className="mt-0.5 font-medium">
              {known.name}
              {known.phone && <span className="font-normal text-stone"> · {known.phone}</span>}
            </p>
          </div>
        )}
        {subject.kind === "service" ? (
          <>
            <SelectField
              meta={fields.service}
              label="Service"
              placeholder="Choose a service"
              options={subject.services.map((title) => ({ value: title, label: title }))}
              required
            />
            <TextAreaField
              meta={fields.brief}
              label="Your brief"
              hint="The space, what you would like done, and any timing."
              rows={4}
              maxLength={1000}
              required
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field meta={fields.area} label="Area" hint="For example Lekki Phase 1" maxLength={80} />
              <Field meta={fields.budget} label="Budget (optional)" hint="A rough figure is fine" maxLength={60} />
            </div>
            {!known && (
              <div className="grid gap-5 sm:grid-cols-2">
                <Field meta={customer.name} label="Your name" autoComplete="name" maxLength={80} />
                <Field
                  meta={customer.phone}
                  label="Phone (optional)"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  maxLength={20}
                />
              </div>
            )}
            {known && !known.phone && (
              <Field meta={customer.phone} label="Phone (optional)" type="tel" autoComplete="tel" inputMode="tel" />
            )}
          </>
        ) : (
          <>
            {!known && <Field meta={customer.name} label="Your name" autoComplete="name" maxLength={80} />}
            <Field
              meta={customer.area}
              label="Delivery area"
              hint="For example Ikeja GRA, Lagos"
              autoComplete="address-level2"
              maxLength={80}
            />
            <TextAreaField
              meta={customer.note}
              label="Note"
              hint="A colour, a size, when you need it…"
              rows={3}
              maxLength={500}
            />
          </>
        )}
        <div className="flex flex-col gap-3 pt-1 sm:flex-row">
          <SubmitButton
            pending={pending}
            busy={pending && !skipping}
            pendingLabel="Opening WhatsApp…"
            colors="bg-[#1f7a4d] text-white hover:bg-[#18663f]"
            wide={false}
            name="intent"
            value="send"
          >
            <WhatsAppIcon className="size-5" />
            {service ? "Send request on WhatsApp" : "Send order on WhatsApp"}
          </SubmitButton>
          {!service && (
            <SubmitButton
              pending={pending}
              busy={skipping}
              pendingLabel="Opening WhatsApp…"
              colors="border border-line bg-white text-ink hover:border-ink"
              wide={false}
              form={SKIP_FORM_ID}
              name="intent"
              value="skip"
            >
              Skip
            </SubmitButton>
          )}
        </div>
        <p className="text-xs leading-relaxed text-stone">
          Nothing is paid here: price, delivery and any deposit are agreed with you on WhatsApp. Your{" "}
          {service ? "request" : "order"} gets a reference and a link to follow it.
        </p>
      </Form>
      {!service && (
        // Skip sends what is being ordered and nothing else.
        <Form method="post" id={SKIP_FORM_ID} hidden>
          <SubjectFields subject={subject} submissionKey={sheet.submissionKey} />
        </Form>
      )}
    </>
  );
}
