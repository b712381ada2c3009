/**
 * Settings → Delivery as the page posts it (docs/product.md, Delivery), read into the body
 * of the delivery door's update, which checks it again with the same schema.
 *
 * The page lists one state's areas at a time: each row is the area's id, a "deliver here"
 * tick and a fee (blank: on request). The areas of other states already delivered to, and
 * the installation fees of single products (set through the API), travel as hidden fields,
 * so a save keeps them. A vehicle row, an installation fee or a size left wholly blank is
 * none; the main area left blank is the first area with a fee. Messages about the body
 * ("areas.3.fee") are put back on the field that holds it (`areas[7].fee`).
 */
import { z } from "zod";
import { CATEGORIES } from "../../../domain/catalog/categories";
import { nairaPrice } from "../../../domain/catalog/input-fields";
import {
  DELIVERY_MESSAGES,
  DeliverySettingsSchema,
  MAX_TIERS,
  type DeliverySettings,
  type DeliverySettingsInput,
} from "../../../domain/delivery/delivery.schema";

/** The button that fills the ticked areas' fees with one price, rather than saving. */
export const SET_PRICE_INTENT = "set-price";

export const DELIVERY_FORM_MESSAGES = {
  noneTicked: "Tick the areas to give this price first.",
} as const;

/** Vehicle rows offered blank below the saved ones, as the order desk offers fee rows. */
const BLANK_TIERS = 2;
/** At least this many vehicle rows, so a shop without any has room for a small and a large one. */
const MIN_TIER_ROWS = 3;

const text = z.string().optional();

/** The form's fields as posted, before they are read into the body. */
const DeliveryFormFieldsSchema = z.object({
  /** The state whose areas the form lists. */
  state: text,
  areas: z.array(z.object({ id: z.string(), enabled: text, fee: text })).default([]),
  others: z.array(z.object({ id: z.string(), fee: text })).default([]),
  fallback: z.enum(["on_request", "fee"], { error: "Choose on request or a fee." }).default("on_request"),
  fallbackFee: text,
  mainAreaId: text,
  tiers: z.array(z.object({ name: text, maxVolumeM3: text, extraFee: text }).optional()).default([]),
  floorFee: text,
  /** One row per category, in CATEGORIES' order. */
  installation: z.array(z.object({ fee: text }).optional()).default([]),
  productFees: z.array(z.object({ productId: text, fee: text })).default([]),
  /** One row per category, in CATEGORIES' order. */
  sizes: z.array(z.object({ width: text, depth: text, height: text }).optional()).default([]),
  /** The price "Set price for selected" gives the ticked areas. */
  bulkFee: text,
});
export type DeliveryFormFields = z.output<typeof DeliveryFormFieldsSchema>;

type Path = ReadonlyArray<PropertyKey>;

/**
 * The body the form makes, and where each of its fields sits in the form: `fieldOf` turns
 * a path of the body (a schema's issue, a refusal's key) into the form's path.
 */
export function deliveryBody(form: DeliveryFormFields): {
  body: DeliverySettingsInput;
  fieldOf(path: Path): Array<string | number>;
} {
  const shown = form.areas.flatMap((row, index) => (row.enabled ? [{ row, index }] : []));
  const areas = [
    ...shown.map(({ row }) => ({ id: row.id, enabled: true, fee: row.fee ?? null })),
    ...form.others.map((area) => ({ id: area.id, enabled: true, fee: area.fee ?? null })),
  ];
  const mainAreaId = form.mainAreaId ?? (areas.find((area) => area.fee !== null) ?? areas[0])?.id ?? null;

  const tierRows = form.tiers.flatMap((row, index) =>
    row && (row.name !== undefined || row.maxVolumeM3 !== undefined || row.extraFee !== undefined)
      ? [{ row, index }]
      : [],
  );
  const categoryFees = CATEGORIES.flatMap((category, index) => {
    const fee = form.installation[index]?.fee;
    return fee === undefined ? [] : [{ category, fee, index }];
  });
  const defaultSizesCm: Record<string, { width?: string; depth?: string; height?: string }> = {};
  CATEGORIES.forEach((category, index) => {
    const size = form.sizes[index];
    if (size && (size.width ?? size.depth ?? size.height) !== undefined) defaultSizesCm[category] = size;
  });

  const body = {
    mainAreaId,
    areas,
    fallback: form.fallback === "fee" ? { fee: form.fallbackFee ?? "" } : "on_request",
    tiers: tierRows.map(({ row }) => ({
      name: row.name ?? "",
      maxVolumeM3: row.maxVolumeM3 ?? null,
      extraFee: row.extraFee ?? 0,
    })),
    floorFee: form.floorFee ?? 0,
    installation: [
      ...categoryFees.map(({ category, fee }) => ({ category, fee })),
      ...form.productFees.map((entry) => ({ productId: entry.productId ?? "", fee: entry.fee ?? "" })),
    ],
    defaultSizesCm,
  } satisfies DeliverySettingsInput;

  function fieldOf([field, at, ...rest]: Path): Array<string | number> {
    const index = typeof at === "number" ? at : Number(at);
    const tail = rest.map(String);
    switch (field) {
      case "areas": {
        if (at === undefined || !Number.isInteger(index)) return ["areas"];
        const own = shown[index];
        return own ? ["areas", own.index, ...tail] : ["others", index - shown.length, ...tail];
      }
      case "tiers": {
        const row = at === undefined ? undefined : tierRows[index];
        return row ? ["tiers", row.index, ...tail] : ["tiers"];
      }
      case "installation": {
        if (at === undefined || !Number.isInteger(index)) return ["installation"];
        const own = categoryFees[index];
        return own ? ["installation", own.index, "fee"] : ["productFees", index - categoryFees.length, ...tail];
      }
      case "defaultSizesCm": {
        const category = CATEGORIES.indexOf(String(at) as (typeof CATEGORIES)[number]);
        return category < 0 ? ["sizes"] : ["sizes", category, ...tail];
      }
      // The schema's word on "anywhere else" is the API's; the fee's field has its own (below).
      case "fallback":
        return ["fallbackFee"];
      case "mainAreaId":
      case "floorFee":
        return [field];
      default:
        return [];
    }
  }

  return { body, fieldOf };
}

const fallbackFee = nairaPrice({ invalid: DELIVERY_MESSAGES.fallbackFee });
const bulkFee = nairaPrice({ invalid: DELIVERY_MESSAGES.fee });

/** The message for the price of "Set price for selected", or null when it reads (blank: on request). */
export function bulkFeeError(value: string | undefined): string | null {
  if (value === undefined || value.trim() === "") return null;
  const parsed = bulkFee.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? DELIVERY_MESSAGES.fee);
}

/**
 * The form, read into the door's body: each message of the shared schema lands on the
 * field it is about. The output keeps `fieldOf`, for the door's own refusals.
 */
export const DeliverySettingsFormSchema = DeliveryFormFieldsSchema.transform((form, ctx) => {
  const { body, fieldOf } = deliveryBody(form);
  let refused = false;
  const refuse = (path: Array<string | number>, message: string) => {
    refused = true;
    ctx.addIssue({ code: "custom", path, message });
  };
  const bulk = bulkFeeError(form.bulkFee);
  if (bulk) refuse(["bulkFee"], bulk);
  if (form.fallback === "fee") {
    const fee = fallbackFee.safeParse(form.fallbackFee ?? "");
    if (!fee.success) refuse(["fallbackFee"], fee.error.issues[0]?.message ?? DELIVERY_MESSAGES.fallbackFee);
  }
  const parsed = DeliverySettingsSchema.safeParse(body);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const path = fieldOf(issue.path);
      // The fee's own message (above) says it better than the union's.
      if (path[0] === "fallbackFee" && form.fallback === "fee") continue;
      const key = path.join(".");
      if (seen.has(key)) continue;
      seen.add(key);
      refuse(path, issue.message);
    }
  }
  return refused ? z.NEVER : { body, fieldOf };
});

/** A path as a form field's name: ["areas", 3, "fee"] is "areas[3].fee". */
export function fieldName(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    "",
  );
}

/**
 * The door's refusal, field by field, as the form names its fields ("areas.3.fee" is
 * "areas[7].fee"); a message about no field of the form is the form's own ("").
 */
export function formErrorsOf(
  errors: Record<string, string> | undefined,
  fieldOf: (path: Path) => Array<string | number>,
): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const path = key.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const name = fieldName(fieldOf(path));
    if (name) fieldErrors[name] ??= [message];
  }
  return fieldErrors;
}

/**
 * "Set price for selected" without scripts: the posted form with every ticked area's fee
 * set to the price, and how many were; or the message of a price that does not read, or
 * of no area ticked.
 */
export function fillTickedFees(formData: FormData): { formData: FormData; filled: number } | { error: string } {
  const price = String(formData.get("bulkFee") ?? "").trim();
  const error = bulkFeeError(price);
  if (error) return { error };
  const filled = new FormData();
  let count = 0;
  for (const [name, value] of formData) {
    if (name === "intent") continue;
    const fee = /^areas\[(\d+)\]\.fee$/.exec(name);
    if (fee && formData.has(`areas[${fee[1]}].enabled`)) {
      filled.append(name, price);
      count += 1;
    } else {
      filled.append(name, value);
    }
  }
  if (count === 0) return { error: DELIVERY_FORM_MESSAGES.noneTicked };
  return { formData: filled, filled: count };
}

/** A saved fee as the form shows it: blank for on request. */
const feeText = (fee: number | null | undefined) => (fee === null || fee === undefined ? "" : String(fee));

/**
 * The form's first values: the state's areas (ticked where delivered to, with their
 * fees), the saved vehicles and blank rows after them, and a row per category for
 * installation and sizes.
 */
export function deliveryFormValues(settings: DeliverySettings, stateAreas: ReadonlyArray<{ id: string }>) {
  const saved = new Map(settings.areas.map((area) => [area.id, area.fee]));
  const tierRows = Math.min(MAX_TIERS, Math.max(MIN_TIER_ROWS, settings.tiers.length + BLANK_TIERS));
  return {
    areas: stateAreas.map((area) => ({
      id: area.id,
      enabled: saved.has(area.id) ? "on" : "",
      fee: feeText(saved.get(area.id)),
    })),
    fallback: settings.fallback === "on_request" ? "on_request" : "fee",
    fallbackFee: settings.fallback === "on_request" ? "" : String(settings.fallback.fee),
    mainAreaId: settings.mainAreaId ?? "",
    tiers: Array.from({ length: tierRows }, (_, index) => {
      const tier = settings.tiers[index];
      return {
        name: tier?.name ?? "",
        maxVolumeM3: tier?.maxVolumeM3 === null || !tier ? "" : String(tier.maxVolumeM3),
        extraFee: tier ? String(tier.extraFee) : "",
      };
    }),
    floorFee: String(settings.floorFee),
    installation: CATEGORIES.map((category) => ({
      fee: feeText(settings.installation.find((entry) => entry.category === category)?.fee),
    })),
    sizes: CATEGORIES.map((category) => {
      const size = settings.defaultSizesCm[category];
      return size
        ? { width: String(size.width), depth: String(size.depth), height: String(size.height) }
        : { width: "", depth: "", height: "" };
    }),
  };
}

/**
 * A state's areas as the form lists them: by local government area, each LGA followed by
 * the districts in it, A to Z.
 */
export function byLga<A extends { id: string; name: string; lga: string }>(areas: readonly A[]): A[] {
  // "lagos/eti-osa" is an LGA; "lagos/eti-osa/ikoyi" a district in it.
  const isLga = (area: A) => area.id.split("/").length === 2;
  return [...areas].sort(
    (a, b) => a.lga.localeCompare(b.lga) || Number(isLga(b)) - Number(isLga(a)) || a.name.localeCompare(b.name),
  );
}
