/**
 * The order sheet's screen: what is being ordered, and a short form of what the shop does
 * not know yet; for a swatch request, the product's finishes to tick (up to four, each
 * with its picture), which the server checks again. Only the server checks it (docs/architecture.md, Forms): the sheet sits on
 * the way from every product page, which should not download the schema library. The
 * buttons ignore taps once the order is on its way, so a double tap sends it once (the
 * server also takes a repeat as the same order).
 */
import { REMINDER_CONSENT_LABEL } from "../../../domain/today/reminder-consent";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { formatNaira } from "../../../domain/money";
import { MAX_SWATCHES } from "../../../domain/orders/swatches";
import type { ItemType } from "../../../domain/shopping-lists";
import type { FormAnswer } from "../../lib/action-answer";
import { Field, FormErrors, SelectField, SubmitButton, TextAreaField } from "../form/fields";
import { useServerForm } from "../form/use-server-form";
import { WhatsAppIcon } from "../ui/brand-icons";
import { ResponsiveImage } from "../ui/responsive-image";
import { useHydrated } from "../../lib/use-hydrated";
import type { ChosenDelivery } from "../../../domain/delivery/delivery.actions";
import type { DeliveryQuote } from "../../../domain/delivery/delivery.schema";
import { DeliveryChoiceForm, DeliveryRows } from "../delivery/delivery-parts";

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
  /** The delivery lines for the shopper's chosen area, and the total with them. */
  delivery: DeliveryQuote | null;
  chosen: ChosenDelivery | null;
  grandTotal: number;
  /** This sheet's address: where choosing an area comes back to. */
  back: string;
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
  | { kind: "service"; services: string[]; service: string; brief: string }
  | {
      kind: "swatches";
      itemId: string;
      product: { name: string; path: string; image: ImageRef | null };
      /** The product's finishes, each with its picture when it has one. */
      finishes: Array<{ id: string; name: string; image: ImageRef | null }>;
      /** The finishes ticked to start with: the one the product's page showed. */
      chosen: string[];
    };

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
  const { eyebrow, title, intro } = HEADINGS[subject.kind];
  return (
    <div className="mx-auto max-w-6xl px-5 pt-8 pb-28 md:px-8 md:pt-12 lg:pb-20">
      <p className="text-xs tracking-[0.2em] text-stone uppercase">{eyebrow}</p>
      <h1 className="mt-3 font-serif text-3xl leading-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-stone">
        {subject.kind === "swatches" ? intro.replace("{product}", subject.product.name) : intro}
      </p>
      {subject.kind === "swatches" ? (
        // On a phone the piece, then the finishes to tick, then how it goes; on a wide
        // screen the piece and how it goes beside the form.
        <div className="mt-8 grid gap-8 lg:grid-cols-12 lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-12 lg:gap-y-6">
          <div className="lg:col-span-5 lg:col-start-8 lg:row-start-1">
            <SwatchProduct product={subject.product} />
          </div>
          <section
            aria-labelledby="order-details"
            className="lg:col-span-7 lg:col-start-1 lg:row-span-2 lg:row-start-1"
          >
            <DetailsForm sheet={sheet} subject={subject} answer={answer} />
          </section>
          <div className="lg:col-span-5 lg:col-start-8 lg:row-start-2">
            <HowItWorks steps={SWATCH_STEPS} plain />
          </div>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-12 lg:items-start lg:gap-12">
          <div className="lg:order-last lg:col-span-5">
            {subject.kind === "service" ? <HowItWorks steps={SERVICE_STEPS} /> : <OrderedItems subject={subject} />}
          </div>
          <section aria-labelledby="order-details" className="lg:col-span-7">
            <DetailsForm sheet={sheet} subject={subject} answer={answer} />
          </section>
        </div>
      )}
    </div>
  );
}

const HEADINGS: Record<SheetSubject["kind"], { eyebrow: string; title: string; intro: string }> = {
  item: {
    eyebrow: "Order on WhatsApp",
    title: "Your order",
    intro:
      "A few details help us prepare your quote. They are optional: skip them and WhatsApp opens with your order all the same.",
  },
  cart: {
    eyebrow: "Order on WhatsApp",
    title: "Your order",
    intro:
      "A few details help us prepare your quote. They are optional: skip them and WhatsApp opens with your order all the same.",
  },
  service: {
    eyebrow: "Design services",
    title: "Request a site visit or design consultation",
    intro:
      "Tell us a little about your space. WhatsApp then opens with your request, and a designer replies to arrange a visit or a call.",
  },
  swatches: {
    eyebrow: "Finish samples",
    title: "Request swatches",
    intro: `See and feel the finishes of the {product} at home before you decide. Choose up to ${MAX_SWATCHES}: we post small samples, free of charge.`,
  },
};

const SERVICE_STEPS = [
  "Tell us what you have in mind, and roughly where.",
  "WhatsApp opens with your request and its reference.",
  "A designer replies to agree a visit or a call.",
];

const SWATCH_STEPS = [
  `Tick up to ${MAX_SWATCHES} finishes you would like to see.`,
  "WhatsApp opens with your request and its reference.",
  "We post the samples to you, and you follow them on your request's page.",
];

const panel = "rounded-3xl bg-sand p-5 sm:p-7";

function Thumbnail({ image }: { image: ImageRef | null }) {
  return (
    <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-white sm:size-20">
      <ResponsiveImage image={image} alt="" sizes="80px" className="size-full object-cover" />
    </div>
  );
}

function OrderedItems({ subject }: { subject: Extract<SheetSubject, { kind: "item" | "cart" }> }) {
  const { lines, left, delivery, chosen, grandTotal, back } = subject;
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
        <DeliveryRows delivery={delivery} chosen={chosen} back={back} />
        <div className="flex justify-between gap-4 text-base font-medium">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatNaira(grandTotal)}</dd>
        </div>
      </dl>
      <div className="mt-5">
        <DeliveryChoiceForm chosen={chosen} installationOffered={delivery?.installationOffered ?? false} back={back} />
      </div>
    </section>
  );
}

/** The piece whose finishes are sampled. */
function SwatchProduct({ product }: { product: Extract<SheetSubject, { kind: "swatches" }>["product"] }) {
  return (
    <section aria-labelledby="sampling" className={panel}>
      <h2 id="sampling" className="font-serif text-xl">
        The piece
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Thumbnail image={product.image} />
        <div className="min-w-0 flex-1">
          <Link to={product.path} className="font-medium underline-offset-4 hover:underline">
            {product.name}
          </Link>
          <p className="mt-0.5 text-sm text-stone">Samples of its finishes, free of charge</p>
        </div>
      </div>
    </section>
  );
}

function HowItWorks({ steps, plain = false }: { steps: readonly string[]; plain?: boolean }) {
  return (
    <section aria-labelledby="how-it-works" className={plain ? "lg:px-7" : panel}>
      <h2 id="how-it-works" className={plain ? "text-xs tracking-[0.16em] text-stone uppercase" : "font-serif text-xl"}>
        How it works
      </h2>
      <ol className={`${plain ? "mt-4" : "mt-5"} space-y-4 text-sm leading-relaxed`}>
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
  options: string[];
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
      {subject.kind === "swatches" && <input type="hidden" name="itemId" value={subject.itemId} />}
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
  const swatches = subject.kind === "swatches";
  // A request (a service, swatches) is sent as a request; an order may skip its details.
  const request = service || swatches;
  const [form, fields] = useServerForm<SheetValues>({
    id: FORM_ID,
    lastResult: answer?.result,
    defaultValue: {
      ...(subject.kind === "service" ? { service: subject.service, brief: subject.brief } : {}),
      ...(subject.kind === "swatches" ? { options: subject.chosen } : {}),
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
        {service ? "Your request" : swatches ? "Your swatches" : "Your details"}
      </h2>
      {!request && <p className="mt-1 text-sm text-stone">Optional. We only use them for this order.</p>}
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
            {subject.kind === "swatches" && <FinishChoices finishes={subject.finishes} meta={fields.options} />}
            {!known && <Field meta={customer.name} label="Your name" autoComplete="name" maxLength={80} />}
            <Field
              meta={customer.area}
              label={swatches ? "Where to send them" : "Delivery area"}
              hint={
                swatches
                  ? "Your area, such as Ikeja GRA, Lagos: we agree the address on WhatsApp"
                  : "For example Ikeja GRA, Lagos"
              }
              autoComplete="address-level2"
              maxLength={80}
            />
            <TextAreaField
              meta={customer.note}
              label={swatches ? "Note (optional)" : "Note"}
              hint={
                swatches ? "The room they are for, or what you are matching…" : "A colour, a size, when you need it…"
              }
              rows={3}
              maxLength={500}
            />
          </>
        )}
        {known && (
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" name="customer.emailReminders" className="mt-0.5 size-4" />
            {REMINDER_CONSENT_LABEL}
          </label>
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
            {request ? "Send request on WhatsApp" : "Send order on WhatsApp"}
          </SubmitButton>
          {!request && (
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
          {swatches
            ? "Swatches are free and nothing is paid here: should delivery to your area cost anything, we tell you on WhatsApp before sending."
            : "Nothing is paid here: the shop confirms the price, the delivery and any deposit with you on WhatsApp."}{" "}
          Your {request ? "request" : "order"} gets a reference and a link to follow it.
        </p>
      </Form>
      {!request && (
        // Skip sends what is being ordered and nothing else.
        <Form method="post" id={SKIP_FORM_ID} hidden>
          <SubjectFields subject={subject} submissionKey={sheet.submissionKey} />
        </Form>
      )}
    </>
  );
}

type SwatchFinish = Extract<SheetSubject, { kind: "swatches" }>["finishes"][number];

/**
 * The product's finishes as cards to tick, each with its picture (else its initial on
 * sand). Sent as `options`, one value a finish; the server refuses more than four. Once
 * the page's scripts run, the cards left unticked wait while four are ticked.
 */
function FinishChoices({
  finishes,
  meta,
}: {
  finishes: SwatchFinish[];
  meta: FieldMetadata<string[], SheetValues, string[]>;
}) {
  const initial = meta.initialValue;
  const [chosen, setChosen] = useState<string[]>(
    Array.isArray(initial) ? initial.filter((id): id is string => typeof id === "string") : initial ? [initial] : [],
  );
  // The count is read out once it follows the ticks, that is once the scripts run.
  const live = useHydrated();
  const full = chosen.length >= MAX_SWATCHES;
  const error = meta.errors?.[0];
  const noteId = `${meta.id}-note`;
  return (
    <fieldset aria-describedby={noteId} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">Finishes</legend>
      <p id={noteId} className={`mt-1 text-sm ${error ? "text-promo" : "text-stone"}`} aria-live="polite">
        {error ?? (live ? `${chosen.length} of ${MAX_SWATCHES} chosen` : `Choose up to ${MAX_SWATCHES}.`)}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {finishes.map((finish) => {
          const checked = chosen.includes(finish.id);
          return (
            <li key={finish.id}>
              <label
                className={`group relative block cursor-pointer rounded-2xl border bg-white p-2 transition-colors has-[:checked]:border-ink has-[:checked]:ring-1 has-[:checked]:ring-ink has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-45 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${error ? "border-promo" : "border-line hover:border-stone"}`}
              >
                <span className="block aspect-[4/3] overflow-hidden rounded-xl bg-sand">
                  {finish.image ? (
                    <ResponsiveImage image={finish.image} alt="" sizes="200px" className="size-full object-cover" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-full items-center justify-center font-serif text-3xl text-stone"
                    >
                      {finish.name.charAt(0)}
                    </span>
                  )}
                </span>
                <span className="mt-2 flex items-center justify-between gap-2 px-1 pb-0.5">
                  <span className="min-w-0 text-sm leading-snug font-medium">{finish.name}</span>
                  <input
                    type="checkbox"
                    name={meta.name}
                    form={meta.formId}
                    value={finish.id}
                    checked={checked}
                    disabled={full && !checked}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setChosen((now) => (on ? [...now, finish.id] : now.filter((id) => id !== finish.id)));
                    }}
                    className="size-5 shrink-0 cursor-pointer accent-ink disabled:cursor-not-allowed"
                  />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
