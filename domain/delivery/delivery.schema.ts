/**
 * Delivery and installation as the owner prices them and the shopper asks for them
 * (docs/product.md, Delivery): the areas delivered to, each with a fee or "on request";
 * what happens anywhere else; the vehicle tiers by the order's volume; the fee per floor
 * carried without a lift; installation by category or product; and the size a piece
 * without measurements counts as. The API and the forms parse with these; naira at the
 * edge, kobo inside.
 */
import { z } from "zod";
import { CATEGORIES, type Category } from "../catalog/categories";
import { nairaPrice, requiredText } from "../catalog/input-fields";
import { MAX_CENTIMETRES } from "../catalog/furniture";
import { ITEM_TYPES } from "../shopping-lists";
import { ItemIdSchema, OptionIdSchema, QuantitySchema } from "../shopping-lists.schema";

export const DELIVERY_MESSAGES = {
  area: "Choose an area from the list.",
  fee: "Enter the fee in naira, such as 25000, or leave it blank for on request.",
  fallbackFee: "Enter the fee for anywhere else in naira, or choose on request.",
  floorFee: "Enter the fee per floor in naira, such as 5000 (0 for none).",
  floor: "Say the floor as a whole number: 0 for the ground floor, up to 50.",
  tierName: "Name each vehicle, such as Van.",
  tierVolume: "Give each vehicle's largest load in m³ (up to 200), or leave the last one open.",
  tierOrder: "List the vehicles from the smallest load to the largest; only the last may be open-ended.",
  installation: "Give each installation fee a category or a product, not both.",
  duplicateArea: "Each area is listed once.",
  size: `Give a size as width, depth and height in whole centimetres, from 1 to ${MAX_CENTIMETRES}.`,
  mainArea: "The main area must be one of the areas you deliver to.",
  search: "Search for at most 80 characters.",
} as const;

/** The highest floor the shop asks about: a tower's 50th floor is still a floor. */
export const MAX_FLOOR = 50;
/** Vehicle tiers, installation entries and priced areas an owner may keep. */
export const MAX_TIERS = 6;
export const MAX_INSTALLATION_FEES = 100;
export const MAX_PRICED_AREAS = 1000;
const MAX_TIER_M3 = 200;

/** The size a piece without measurements counts as, before the owner says otherwise. */
export const DEFAULT_SIZES_CM: Record<Category, SizeCm> = {
  "Living Room": { width: 220, depth: 95, height: 85 },
  Armchair: { width: 85, depth: 85, height: 90 },
  Bedroom: { width: 200, depth: 220, height: 120 },
  "Dining Room": { width: 180, depth: 90, height: 76 },
  "Center Table": { width: 120, depth: 60, height: 45 },
  Wardrobe: { width: 180, depth: 60, height: 210 },
  "TV Unit": { width: 180, depth: 45, height: 55 },
  Carpet: { width: 200, depth: 30, height: 30 },
};

export interface SizeCm {
  width: number;
  depth: number;
  height: number;
}

/** The delivery settings as stored: one object, amounts in kobo. */
export interface StoredDelivery {
  mainAreaId: string | null;
  /** The areas the owner delivers to; a null fee is "on request" there. Areas not listed are not delivered to. */
  areas: Array<{ id: string; feeKobo: number | null }>;
  /** Anywhere else: on request, or a fee. */
  fallback: "on_request" | { feeKobo: number };
  /** From the smallest load; a null largest load is the last, open-ended tier. */
  tiers: Array<{ name: string; maxVolumeM3: number | null; extraFeeKobo: number }>;
  floorFeeKobo: number;
  installation: Array<{ category: Category | null; productId: string | null; feeKobo: number }>;
  defaultSizesCm: Partial<Record<Category, SizeCm>>;
}

/** A shop that has priced nothing: every area is on request, and nothing is added. */
export const NO_DELIVERY_PRICES: StoredDelivery = {
  mainAreaId: null,
  areas: [],
  fallback: "on_request",
  tiers: [],
  floorFeeKobo: 0,
  installation: [],
  defaultSizesCm: {},
};

const areaId = z
  .string({ error: DELIVERY_MESSAGES.area })
  .trim()
  .min(1, { error: DELIVERY_MESSAGES.area })
  .max(120, { error: DELIVERY_MESSAGES.area })
  .regex(/^[a-z0-9-]+(\/[a-z0-9-]+){1,2}$/, { error: DELIVERY_MESSAGES.area });

/** A blank form field is no value at all, so a wrong one is named by its own message, not a union's. */
const blankAsNull = (value: unknown) => (value === "" ? null : value);

/** A fee that may be blank: blank (or null) is "on request". */
const optionalFee = z.preprocess(blankAsNull, nairaPrice({ invalid: DELIVERY_MESSAGES.fee }).nullable());
const fee = nairaPrice({ invalid: DELIVERY_MESSAGES.fee });

const centimetres = z.coerce
  .number({ error: DELIVERY_MESSAGES.size })
  .int({ error: DELIVERY_MESSAGES.size })
  .min(1, { error: DELIVERY_MESSAGES.size })
  .max(MAX_CENTIMETRES, { error: DELIVERY_MESSAGES.size });

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"]).transform((v) => v !== "false" && v !== "0")])
  .optional()
  .transform((value) => value ?? false);

/** PUT /api/admin/operations/delivery: the whole object, in naira. */
export const DeliverySettingsSchema = z
  .object({
    mainAreaId: z.preprocess(blankAsNull, areaId.nullable()).default(null),
    areas: z
      .array(z.object({ id: areaId, enabled: flag.default(true), fee: optionalFee.default(null) }), {
        error: "Areas must be a list of { id, enabled, fee }.",
      })
      .max(MAX_PRICED_AREAS, { error: `Price at most ${MAX_PRICED_AREAS} areas.` })
      .refine((areas) => new Set(areas.map((area) => area.id)).size === areas.length, {
        error: DELIVERY_MESSAGES.duplicateArea,
      })
      .default([]),
    fallback: z
      .union([z.literal("on_request"), z.object({ fee: nairaPrice({ invalid: DELIVERY_MESSAGES.fallbackFee }) })], {
        error: 'Say what happens anywhere else: "on_request" or { fee }.',
      })
      .default("on_request"),
    tiers: z
      .array(
        z.object({
          name: requiredText(DELIVERY_MESSAGES.tierName, { max: 40, label: "A vehicle's name" }),
          maxVolumeM3: z
            .preprocess(
              blankAsNull,
              z.coerce
                .number({ error: DELIVERY_MESSAGES.tierVolume })
                .positive({ error: DELIVERY_MESSAGES.tierVolume })
                .max(MAX_TIER_M3, { error: DELIVERY_MESSAGES.tierVolume })
                .transform((m3) => Math.round(m3 * 100) / 100)
                .nullable(),
            )
            .default(null),
          extraFee: fee.default(0),
        }),
        { error: "Tiers must be a list of { name, maxVolumeM3, extraFee }." },
      )
      .max(MAX_TIERS, { error: `Keep at most ${MAX_TIERS} vehicles.` })
      .refine(
        (tiers) =>
          tiers.every((tier, index) => {
            const next = tiers[index + 1];
            if (!next) return true;
            return tier.maxVolumeM3 !== null && (next.maxVolumeM3 === null || next.maxVolumeM3 > tier.maxVolumeM3);
          }),
        { error: DELIVERY_MESSAGES.tierOrder },
      )
      .default([]),
    floorFee: nairaPrice({ invalid: DELIVERY_MESSAGES.floorFee }).default(0),
    installation: z
      .array(
        z
          .object({
            category: z.enum(CATEGORIES, { error: `Category must be one of: ${CATEGORIES.join(", ")}.` }).nullish(),
            productId: z.uuid({ error: "Name the product by its id." }).nullish(),
            fee: nairaPrice({ invalid: "Enter the installation fee in naira, such as 30000." }),
          })
          .refine((entry) => Boolean(entry.category) !== Boolean(entry.productId), {
            error: DELIVERY_MESSAGES.installation,
          }),
        { error: "Installation must be a list of { category or productId, fee }." },
      )
      .max(MAX_INSTALLATION_FEES, { error: `Keep at most ${MAX_INSTALLATION_FEES} installation fees.` })
      .default([]),
    defaultSizesCm: z
      .partialRecord(z.enum(CATEGORIES), z.object({ width: centimetres, depth: centimetres, height: centimetres }), {
        error: `Sizes are given per category: ${CATEGORIES.join(", ")}.`,
      })
      .default({}),
  })
  .strict()
  .refine((value) => !value.mainAreaId || value.areas.some((area) => area.enabled && area.id === value.mainAreaId), {
    error: DELIVERY_MESSAGES.mainArea,
    path: ["mainAreaId"],
  });
export type DeliverySettingsInput = z.input<typeof DeliverySettingsSchema>;
export type DeliverySettingsUpdate = z.output<typeof DeliverySettingsSchema>;

/** A floor as the shopper says it: 0 is the ground floor. */
export const FloorSchema = z.coerce
  .number({ error: DELIVERY_MESSAGES.floor })
  .int({ error: DELIVERY_MESSAGES.floor })
  .min(0, { error: DELIVERY_MESSAGES.floor })
  .max(MAX_FLOOR, { error: DELIVERY_MESSAGES.floor });

/** Where and how the shopper wants the order delivered: what the order sheet and POST /api/orders take. */
export const DeliveryChoiceSchema = z.object({
  areaId,
  floor: FloorSchema.default(0),
  lift: flag,
  installation: flag,
});
export type DeliveryChoice = z.output<typeof DeliveryChoiceSchema>;
export type DeliveryChoiceInput = z.input<typeof DeliveryChoiceSchema>;

/** GET /api/delivery/areas */
export const AreaSearchQuerySchema = z.object({
  search: z.string().trim().max(80, { error: DELIVERY_MESSAGES.search }).optional(),
});

/** GET /api/delivery/areas/all */
export const AllAreasQuerySchema = z.object({
  state: z.string().trim().max(40, { error: "Name a state, such as Lagos." }).optional(),
});

/** POST /api/delivery/quote: a choice, and the lines to price (the caller's cart when none are sent). */
export const DeliveryQuoteRequestSchema = DeliveryChoiceSchema.extend({
  lines: z
    .array(
      z.object({
        itemType: z.enum(ITEM_TYPES, { error: "Each line's itemType is Product or Collection." }),
        itemId: ItemIdSchema,
        option: OptionIdSchema,
        quantity: QuantitySchema.default(1),
      }),
      { error: "Lines must be a list of { itemType, itemId, option?, quantity }." },
    )
    .min(1, { error: "Send at least one line, or none to price the cart." })
    .max(100, { error: "Price at most 100 lines at a time." })
    .optional(),
});
export type DeliveryQuoteRequest = z.output<typeof DeliveryQuoteRequestSchema>;

const AreaAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  lga: z.string(),
});

/** An area the shop delivers to, as the shopper's picker lists it: its fee, or on request. */
export const PricedAreaSchema = AreaAnswerSchema.extend({ fee: z.number().nullable(), onRequest: z.boolean() });
export type PricedArea = z.output<typeof PricedAreaSchema>;
export const PricedAreasSchema = z.object({ areas: z.array(PricedAreaSchema) });
/** Every known area, delivered to or not: geography, for the owner's picker. */
export const AllAreasSchema = z.object({ areas: z.array(AreaAnswerSchema) });
/** A known area: its id, name, state and local government area. */
export type KnownArea = z.output<typeof AreaAnswerSchema>;

/** What delivering an order costs: its lines (delivery, carrying upstairs, installation), the vehicle and the total. */
export const DeliveryQuoteSchema = z.object({
  area: z.object({ id: z.string(), name: z.string() }).nullable(),
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  vehicle: z.object({ name: z.string(), volumeM3: z.number() }).nullable(),
  total: z.number(),
  /** True when the delivery to this area (or of this load) is priced by the shop on request. */
  onRequest: z.boolean(),
  /** Whether any piece can be installed for a fee (the page offers the choice only then). */
  installationOffered: z.boolean(),
});
export type DeliveryQuote = z.output<typeof DeliveryQuoteSchema>;

export const DeliverySettingsAnswerSchema = z.object({
  mainAreaId: z.string().nullable(),
  areas: z.array(z.object({ id: z.string(), enabled: z.literal(true), fee: z.number().nullable() })),
  fallback: z.union([z.literal("on_request"), z.object({ fee: z.number() })]),
  tiers: z.array(z.object({ name: z.string(), maxVolumeM3: z.number().nullable(), extraFee: z.number() })),
  floorFee: z.number(),
  installation: z.array(
    z.object({ category: z.enum(CATEGORIES).optional(), productId: z.string().optional(), fee: z.number() }),
  ),
  defaultSizesCm: z.partialRecord(
    z.enum(CATEGORIES),
    z.object({ width: z.number(), depth: z.number(), height: z.number() }),
  ),
});
/** The delivery settings as the API answers them (naira). */
export type DeliverySettings = z.output<typeof DeliverySettingsAnswerSchema>;

/** What an order keeps of the delivery asked for when it was placed (its fees hold the priced lines). */
export interface OrderDelivery {
  areaId: string;
  areaName: string | null;
  floor: number;
  lift: boolean;
  installation: boolean;
  vehicle: string | null;
  onRequest: boolean;
}

/** The delivery to the shop's main area, as a product's page tells search engines. */
export interface ShippingOffer {
  areaName: string;
  /** The state's ISO 3166-2 code ("LA"). */
  region: string | null;
  /** Naira. */
  rate: number;
}
