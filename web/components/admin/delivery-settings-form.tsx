/**
 * Settings → Delivery (/admin/settings/delivery): the owner's delivery prices, made for a
 * phone. One state's areas at a time, as a table: a tick for "deliver here" and a fee
 * (blank: on request); "Set price for selected" gives every ticked area one price (in the
 * page with scripts, by the server without them; either way nothing is saved until Save).
 * Then anywhere else, the main area, the vehicles (blank rows to add one), the fee per
 * floor, installation by category and the sizes of pieces without measurements. For a
 * member who may only read it, every field is disabled and nothing saves. A plain form:
 * it saves without scripts too.
 */
import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { CATEGORIES } from "../../../domain/catalog/categories";
import {
  DEFAULT_SIZES_CM,
  DELIVERY_MESSAGES,
  type DeliverySettings,
  type KnownArea,
  type PricedArea,
} from "../../../domain/delivery/delivery.schema";
import { NIGERIA_STATES } from "../../../domain/delivery/nigeria-states";
import {
  bulkFeeError,
  DELIVERY_FORM_MESSAGES,
  DeliverySettingsFormSchema,
  deliveryFormValues,
  SET_PRICE_INTENT,
} from "../../features/admin/delivery-forms";
import { useHydrated } from "../../lib/use-hydrated";
import { Field, FormErrors, SelectField, SubmitButton, inputClass } from "../form/fields";
import { FormSection } from "../form/form-section";
import { PriceField } from "../form/price-field";
import { useSchemaForm } from "../form/use-schema-form";
import { useSaving } from "./form-page";
import { DELIVERY_SETTINGS_PAGE } from "./settings-tabs";

const FORM_ID = "delivery-settings";
const STATE_FORM_ID = "delivery-state";

// Any field's state: the form's values are strings and lists of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

const textOf = (meta: Meta) => (typeof meta.initialValue === "string" ? meta.initialValue : "");
const noteId = (meta: Meta) => `${meta.id}-note`;

export function DeliverySettingsForm({
  settings,
  delivered,
  state,
  stateAreas,
  readOnly,
  lastResult,
  filled,
}: {
  settings: DeliverySettings;
  /** Every area delivered to as saved, with its name and state. */
  delivered: readonly PricedArea[];
  /** The state whose areas the form lists, and those areas (`byLga` order). */
  state: string;
  stateAreas: readonly KnownArea[];
  /** For a member who may read the prices but not change them. */
  readOnly: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  /** How many areas "Set price for selected" just filled, without scripts. */
  filled: number | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: FORM_ID,
    schema: DeliverySettingsFormSchema,
    lastResult,
    defaultValue: deliveryFormValues(settings, stateAreas),
  });
  const saving = useSaving();
  const rows = fields.areas.getFieldList();
  const shownIds = new Set(stateAreas.map((area) => area.id));
  const others = settings.areas.filter((area) => !shownIds.has(area.id));
  const productFees = settings.installation.filter((entry) => entry.productId);

  // The areas ticked now, for the main area's choices (the page's own, with scripts).
  const [ticked, setTicked] = useState(
    () =>
      new Set(
        stateAreas.filter((_, index) => rows[index]?.getFieldset().enabled.initialValue === "on").map((a) => a.id),
      ),
  );
  const tick = (id: string, on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const mainChoices = [
    ...delivered.filter((area) => area.state !== state),
    ...stateAreas.filter((area) => ticked.has(area.id)),
  ]
    .map((area) => ({ value: area.id, label: `${area.name}, ${area.state}` }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <>
      <Form method="post" {...getFormProps(form)}>
        {/* The summary takes room only when it has something to say. */}
        <div className="[&>div:not(:empty)]:mb-8">
          <FormErrors form={form} />
        </div>
        <input type="hidden" name="state" value={state} />
        {others.map((area, index) => (
          <span key={area.id} hidden>
            <input type="hidden" name={`others[${index}].id`} value={area.id} />
            <input type="hidden" name={`others[${index}].fee`} value={area.fee === null ? "" : String(area.fee)} />
          </span>
        ))}
        {productFees.map((entry, index) => (
          <span key={entry.productId} hidden>
            <input type="hidden" name={`productFees[${index}].productId`} value={entry.productId} />
            <input type="hidden" name={`productFees[${index}].fee`} value={String(entry.fee)} />
          </span>
        ))}

        <div className="space-y-8">
          <section aria-labelledby="delivery-areas-heading" className="min-w-0 space-y-5">
            <h2 id="delivery-areas-heading" className="font-serif text-xl">
              Areas
            </h2>
            <div className="flex items-end gap-2 sm:max-w-md">
              <div className="min-w-0 flex-1">
                <label htmlFor="delivery-state-choice" className="text-sm font-medium">
                  State
                </label>
                <select
                  id="delivery-state-choice"
                  name="state"
                  form={STATE_FORM_ID}
                  defaultValue={state}
                  className={`${inputClass(false)} pr-11`}
                >
                  {NIGERIA_STATES.map((name) => (
                    <option key={name} value={name}>
                      {name === "FCT" ? "FCT (Abuja)" : name}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                form={STATE_FORM_ID}
                className="h-12 shrink-0 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white"
              >
                Show areas
              </button>
            </div>
            <p className="text-sm text-stone">
              Tick the areas of {state} you deliver to and give each its fee; a blank fee means you price it on request.
              Save before you choose another state (the other states&rsquo; areas stay as they are).
            </p>
            <fieldset disabled={readOnly} className="min-w-0 space-y-4">
              <legend className="sr-only">Areas of {state}</legend>
              {!readOnly && <SetPriceForSelected bulkFee={fields.bulkFee} filled={filled} />}
              <AreaTable
                state={state}
                areas={stateAreas}
                rows={rows.map((row) => {
                  const { id, enabled, fee } = row.getFieldset();
                  return { key: row.key, id, enabled, fee };
                })}
                areasError={fields.areas.errors?.[0]}
                ticked={ticked}
                onTick={tick}
              />
            </fieldset>
          </section>

          <fieldset disabled={readOnly} className="min-w-0 space-y-8">
            <FormSection title="Anywhere else">
              <Fallback fallback={fields.fallback} fee={fields.fallbackFee} />
            </FormSection>

            <FormSection title="Main area">
              <SelectField
                meta={fields.mainAreaId}
                label="The area search engines are given"
                placeholder="The first area with a fee"
                options={mainChoices}
                hint="Search engines and Google's product feed show the delivery price to this area."
              />
            </FormSection>

            <FormSection title="Vehicles">
              <Vehicles
                tiers={fields.tiers}
                rows={fields.tiers.getFieldList().map((row) => {
                  const { name, maxVolumeM3, extraFee } = row.getFieldset();
                  return { key: row.key, name, maxVolumeM3, extraFee };
                })}
              />
            </FormSection>

            <FormSection title="Floors">
              <PriceField
                meta={fields.floorFee}
                label="Fee per floor without a lift"
                hint="For each floor above the ground when there is no lift; 0 for none."
              />
            </FormSection>

            <FormSection title="Installation">
              <p className="text-sm text-stone">
                What installing one piece costs, by category; leave it blank where you do not offer it. Shoppers choose
                &ldquo;Install it for me&rdquo; in their cart.
                {productFees.length > 0 &&
                  ` The ${productFees.length === 1 ? "fee" : `${productFees.length} fees`} set for single products through the API ${productFees.length === 1 ? "is" : "are"} kept.`}
              </p>
              <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-3">
                {fields.installation.getFieldList().map((row, index) => (
                  <PriceField
                    key={row.key}
                    meta={row.getFieldset().fee}
                    label={CATEGORIES[index] ?? ""}
                    placeholder="Not offered"
                  />
                ))}
              </div>
            </FormSection>

            <FormSection title="Sizes">
              <Sizes
                rows={fields.sizes.getFieldList().map((row) => {
                  // Conform's fieldsets are read by name, not spread.
                  const { width, depth, height } = row.getFieldset();
                  return { key: row.key, id: row.id, width, depth, height };
                })}
              />
            </FormSection>

            {!readOnly && (
              <div className="flex justify-end border-t border-line pt-6">
                <SubmitButton pending={saving} pendingLabel="Saving..." wide={false}>
                  Save delivery prices
                </SubmitButton>
              </div>
            )}
          </fieldset>
        </div>
      </Form>
      {/* The state chooser's own form: its select and button sit above, in the Areas section. */}
      <Form id={STATE_FORM_ID} method="get" action={DELIVERY_SETTINGS_PAGE} hidden />
    </>
  );
}

/**
 * "Pick many, set one price": the price the ticked areas take. With scripts it fills
 * their fees in the page; without, the server does and shows the form again.
 */
function SetPriceForSelected({ bulkFee, filled }: { bulkFee: Meta; filled: number | undefined }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState<{ error: boolean; text: string } | null>(
    filled === undefined ? null : { error: false, text: filledText(filled) },
  );

  const fill = () => {
    const form = box.current?.closest("form");
    const price = (box.current?.querySelector<HTMLInputElement>(`[name="${bulkFee.name}"]`)?.value ?? "").trim();
    const error = bulkFeeError(price);
    if (error || !form) {
      setSaid({ error: true, text: error ?? DELIVERY_MESSAGES.fee });
      return;
    }
    let count = 0;
    // The ticked areas in the list as shown: a search narrows what the price goes to.
    for (const row of form.querySelectorAll<HTMLTableRowElement>("tr[data-area]:not([hidden])")) {
      const deliver = row.querySelector<HTMLInputElement>("input[type=checkbox]");
      const fee = row.querySelector<HTMLInputElement>("input[type=number]");
      if (!deliver?.checked || !fee) continue;
      fee.value = price;
      fee.dispatchEvent(new Event("input", { bubbles: true }));
      count += 1;
    }
    setSaid(
      count ? { error: false, text: filledText(count) } : { error: true, text: DELIVERY_FORM_MESSAGES.noneTicked },
    );
  };

  return (
    <div ref={box} className="rounded-2xl bg-sand/60 p-3 sm:p-4">
      <p className="text-sm font-medium">Set price for selected</p>
      <p className="mt-1 text-sm text-stone">
        Tick several areas below, type their price, then set it: every ticked area in the list takes it.
      </p>
      <div className="mt-3 flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-40 sm:max-w-xs">
          <PriceField meta={bulkFee} label="Price for the selected areas" placeholder="On request" />
        </div>
        <button
          type="submit"
          name="intent"
          value={SET_PRICE_INTENT}
          formNoValidate
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            fill();
          }}
          className="h-12 w-full shrink-0 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white sm:mt-6.5 sm:w-auto"
        >
          Set price for selected
        </button>
      </div>
      <p role="status" className={`text-sm empty:hidden ${said?.error ? "text-promo" : ""} mt-2`}>
        {said?.text}
      </p>
    </div>
  );
}

const filledText = (count: number) =>
  `Price set for ${count} ${count === 1 ? "area" : "areas"}: save to keep ${count === 1 ? "it" : "them"}.`;

/** The state's areas: a tick and a fee each, an LGA's districts under it; with scripts, a search to narrow them. */
function AreaTable({
  state,
  areas,
  rows,
  areasError,
  ticked,
  onTick,
}: {
  state: string;
  areas: readonly KnownArea[];
  rows: ReadonlyArray<{ key: string | undefined; id: Meta; enabled: Meta; fee: Meta }>;
  areasError: string | undefined;
  /** The areas ticked now. */
  ticked: ReadonlySet<string>;
  onTick(id: string, on: boolean): void;
}) {
  const hydrated = useHydrated();
  const [find, setFind] = useState("");
  const [onlyTicked, setOnlyTicked] = useState(false);
  const wanted = find.trim().toLowerCase();
  const matches = (area: KnownArea) =>
    (!wanted || `${area.name} ${area.lga}`.toLowerCase().includes(wanted)) && (!onlyTicked || ticked.has(area.id));
  return (
    <div className="min-w-0">
      {hydrated && (
        <div className="mb-3 flex flex-wrap items-end gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1 basis-48 sm:max-w-sm">
            <label htmlFor="delivery-area-find" className="text-sm font-medium">
              Find an area
            </label>
            <input
              id="delivery-area-find"
              type="search"
              value={find}
              onChange={(event) => setFind(event.target.value)}
              placeholder={state === "Lagos" ? "Such as Lekki" : "A town or local government area"}
              autoComplete="off"
              className={inputClass(false)}
            />
          </div>
          <label className="flex min-h-12 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={onlyTicked}
              onChange={(event) => setOnlyTicked(event.target.checked)}
              className="size-5 accent-ink"
            />
            Only the ticked ones
          </label>
        </div>
      )}
      {areasError && (
        <p id={`${FORM_ID}-areas`} className="mb-2 text-sm text-promo">
          {areasError}
        </p>
      )}
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Areas of {state}: deliver here, and the fee</caption>
        <thead>
          <tr className="border-b border-line text-left text-xs text-stone">
            <th scope="col" className="w-11 pb-2 font-normal">
              <span className="sr-only">Deliver here</span>
            </th>
            <th scope="col" className="pb-2 font-normal">
              Area
            </th>
            <th scope="col" className="w-32 pb-2 pl-2 font-normal sm:w-40">
              Fee <span className="sr-only">(blank: on request)</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {areas.map((area, index) => {
            const row = rows[index];
            if (!row) return null;
            const { enabled, fee } = row;
            const error = fee.errors?.[0];
            const lga = area.id.split("/").length === 2;
            const shown = matches(area);
            return (
              <AreaRow key={row.key} hidden={!shown} error={error} errorId={noteId(fee)}>
                <tr
                  data-area={area.id}
                  hidden={!shown}
                  className="border-b border-line has-[:checked]:bg-sand/60 [&:has(+tr[data-note])]:border-b-0"
                >
                  <td className="p-0 align-middle">
                    <input type="hidden" name={row.id.name} value={area.id} />
                    <label className="flex size-11 cursor-pointer items-center justify-center">
                      <input
                        key={enabled.key}
                        id={enabled.id}
                        name={enabled.name}
                        type="checkbox"
                        defaultChecked={textOf(enabled) === "on"}
                        onChange={(event) => onTick(area.id, event.target.checked)}
                        className="size-5 accent-ink"
                      />
                    </label>
                  </td>
                  <th scope="row" className={`py-2 pr-1 text-left align-middle ${lga ? "font-medium" : "font-normal"}`}>
                    <label htmlFor={enabled.id} className={`block cursor-pointer break-words ${lga ? "" : "pl-3"}`}>
                      <span className="sr-only">Deliver to </span>
                      {area.name}
                      {lga && (
                        <span aria-hidden="true" className="text-xs font-normal text-stone">
                          {" "}
                          · LGA
                        </span>
                      )}
                    </label>
                  </th>
                  <td className="py-1.5 pl-2 align-middle">
                    <label htmlFor={fee.id} className="sr-only">
                      Fee for {area.name}
                    </label>
                    <div className="relative">
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone"
                      >
                        ₦
                      </span>
                      <input
                        key={fee.key}
                        id={fee.id}
                        name={fee.name}
                        type="number"
                        step="0.01"
                        min="0"
                        inputMode="decimal"
                        placeholder="On request"
                        defaultValue={textOf(fee)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? noteId(fee) : undefined}
                        onInput={(event) => {
                          // A fee typed for an area not ticked: it is delivered to, surely.
                          const box = document.getElementById(enabled.id) as HTMLInputElement | null;
                          if (event.currentTarget.value && box && !box.checked) {
                            box.checked = true;
                            onTick(area.id, true);
                          }
                        }}
                        className={`block h-11 w-full min-w-0 rounded-xl border bg-white pr-2 pl-7 text-[15px] placeholder:text-xs focus:border-ink focus:outline-none ${error ? "border-promo" : "border-line"}`}
                      />
                    </div>
                  </td>
                </tr>
              </AreaRow>
            );
          })}
        </tbody>
      </table>
      {hydrated && !areas.some(matches) && (
        <p className="mt-3 text-sm text-stone">
          {wanted ? `No area of ${state} by that name.` : `No area of ${state} is ticked yet.`}
        </p>
      )}
    </div>
  );
}

/** An area's row, and its message in a row of its own under it when its fee is refused. */
function AreaRow({
  hidden,
  error,
  errorId,
  children,
}: {
  hidden: boolean;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <>
      {children}
      {error && (
        <tr data-note hidden={hidden} className="border-b border-line">
          <td />
          <td colSpan={2} id={errorId} className="pb-2 text-sm text-promo">
            {error}
          </td>
        </tr>
      )}
    </>
  );
}

/** Anywhere else: on request, or one fee (its field shows while chosen, by CSS alone). */
function Fallback({ fallback, fee }: { fallback: Meta; fee: Meta }) {
  const chosen = textOf(fallback) || "on_request";
  const choices = [
    { value: "on_request", label: "On request", description: "You tell the shopper the price on WhatsApp." },
    { value: "fee", label: "A fee", description: "One fee for every area you have not ticked." },
  ];
  return (
    <fieldset className="group/fallback min-w-0 space-y-3">
      <legend className="text-sm text-stone">What shoppers in an area you have not ticked see.</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="flex min-h-12 cursor-pointer items-start gap-3 rounded-2xl border border-line px-4 py-3 has-[:checked]:border-ink has-[:checked]:bg-sand/60"
        >
          <input
            key={fallback.key}
            type="radio"
            name={fallback.name}
            value={choice.value}
            defaultChecked={chosen === choice.value}
            className="mt-0.5 size-5 shrink-0 accent-ink"
          />
          <span className="min-w-0">
            <span className="block text-sm font-medium">{choice.label}</span>
            <span className="block text-sm text-stone">{choice.description}</span>
          </span>
        </label>
      ))}
      <div className="hidden group-has-[input[value=fee]:checked]/fallback:block">
        <PriceField meta={fee} label="Fee for anywhere else" />
      </div>
    </fieldset>
  );
}

/** The vehicles, smallest load first: the saved ones, then blank rows to add one. */
function Vehicles({
  tiers,
  rows,
}: {
  tiers: Meta;
  rows: ReadonlyArray<{ key: string | undefined; name: Meta; maxVolumeM3: Meta; extraFee: Meta }>;
}) {
  const error = tiers.errors?.[0];
  return (
    <fieldset
      id={tiers.id}
      tabIndex={-1}
      aria-describedby={`${tiers.id}-hint${error ? ` ${noteId(tiers)}` : ""}`}
      className="min-w-0 space-y-3 focus:outline-none"
    >
      <legend className="sr-only">Vehicles</legend>
      <p id={`${tiers.id}-hint`} className="text-sm text-stone">
        The order&rsquo;s volume picks the first vehicle that holds it, and its fee is added to the area&rsquo;s. List
        them from the smallest load; leave the last one&rsquo;s load blank for no limit, and a row blank for no vehicle.
      </p>
      {error && (
        <p id={noteId(tiers)} className="text-sm text-promo">
          {error}
        </p>
      )}
      {rows.map((tier, index) => {
        const n = index + 1;
        return (
          <div
            key={tier.key}
            className="grid grid-cols-2 gap-3 rounded-2xl bg-sand/60 p-3 sm:grid-cols-[1fr_8rem_9rem]"
          >
            <div className="col-span-2 sm:col-span-1">
              <Field
                meta={tier.name}
                label={`Vehicle ${n}`}
                placeholder={n === 1 ? "Van" : n === 2 ? "Truck" : ""}
                maxLength={40}
              />
            </div>
            <Field
              meta={tier.maxVolumeM3}
              label="Largest load, m³"
              aria-label={`Vehicle ${n} largest load, m³`}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              placeholder="No limit"
            />
            <PriceField meta={tier.extraFee} label="Extra fee" aria-label={`Vehicle ${n} extra fee`} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The size a piece without measurements counts as, per category: blank is our default, shown faintly. */
function Sizes({
  rows,
}: {
  rows: ReadonlyArray<{ key: string | undefined; id: string; width: Meta; depth: Meta; height: Meta }>;
}) {
  const sides = ["width", "depth", "height"] as const;
  const refused = rows.some((row) => sides.some((side) => row[side].errors?.length));
  const saved = rows.some((row) => sides.some((side) => textOf(row[side])));
  return (
    <details open={refused || saved || undefined} className="group min-w-0">
      <summary className="cursor-pointer text-sm text-stone">
        The size a piece without measurements counts as, in cm, by category. Blank: the size shown faintly.
      </summary>
      <div className="mt-4 space-y-4">
        {rows.map((row, index) => {
          const category = CATEGORIES[index];
          if (!category) return null;
          const parts = row;
          const error = parts.width.errors?.[0] ?? parts.depth.errors?.[0] ?? parts.height.errors?.[0];
          const messageId = `${row.id}-note`;
          return (
            <fieldset key={row.key} className="min-w-0" aria-describedby={error ? messageId : undefined}>
              <legend className="text-sm font-medium">{category}</legend>
              <div className="mt-1 grid grid-cols-3 gap-2">
                {sides.map((side) => {
                  const meta = parts[side];
                  const invalid = Boolean(meta.errors?.length);
                  return (
                    <div key={side} className="min-w-0">
                      <label htmlFor={meta.id} className="text-xs text-stone">
                        <span className="sr-only">{category} </span>
                        {side[0]!.toUpperCase() + side.slice(1)}
                      </label>
                      <input
                        key={meta.key}
                        id={meta.id}
                        name={meta.name}
                        type="number"
                        min="1"
                        step="1"
                        inputMode="numeric"
                        placeholder={String(DEFAULT_SIZES_CM[category][side])}
                        defaultValue={textOf(meta)}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? messageId : undefined}
                        className={`${inputClass(invalid)} mt-1 h-11 px-3`}
                      />
                    </div>
                  );
                })}
              </div>
              {error && (
                <p id={messageId} className="mt-1.5 text-sm text-promo">
                  {error}
                </p>
              )}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}
