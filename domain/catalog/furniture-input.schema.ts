/**
 * The furniture fields of the product and collection forms (furniture.ts): size,
 * materials, options and availability. Numbers arrive as numbers from the API and as
 * text from the forms; blanks mean "not given".
 */
import { z } from "zod";
import { isUuidText } from "../ids.schema";
import {
  AVAILABILITY_KINDS,
  IN_STOCK,
  MAX_CENTIMETRES,
  MAX_OPTION_IMAGES,
  MAX_OPTIONS,
  MAX_WEEKS,
  type Availability,
  type Dimensions,
} from "./furniture";
import { imageList, MAX_NAIRA, optionalImage, optionalText, requiredText, toNaira } from "./input-fields";
import { isWholeKobo, nairaToKobo } from "../money";
import { formatNumber } from "../numbers";

export const FURNITURE_MESSAGES = {
  centimetres: `Measurements must be whole centimetres from 1 to ${MAX_CENTIMETRES}.`,
  dimensionsIncomplete: "Give the width, depth and height, or leave all three blank.",
  seatWithoutSize: "Give the width, depth and height with the seat height.",
  kind: "Availability must be in stock, made to order or imported.",
  weeks: `Weeks must be a whole number from 1 to ${MAX_WEEKS}.`,
  productionWeeks: "Give the production time in weeks, from and to.",
  shippingWeeks: "Give the shipping time in weeks.",
  weeksOrder: "The longer wait must not be shorter than the shorter one.",
  optionName: "Each option needs a name.",
  optionNamesDiffer: "Each option needs its own name.",
  optionImage: "Failed to read the option's picture.",
  tooManyOptions: `A product can offer at most ${MAX_OPTIONS} options.`,
  optionId: "That option is not one of this product's.",
  optionPhoto: "Failed to read a photo of the option.",
  optionPhotos: `An option can show at most ${MAX_OPTION_IMAGES} photos.`,
  priceDifference: "An option's price difference must be an amount in naira, e.g. 120000 (or blank for none).",
  priceDifferenceNegative:
    "An option's price difference cannot be negative: give the product the price of its cheapest finish, and each dearer one what it adds.",
  priceDifferenceDecimals: "An option's price difference can have at most 2 decimals.",
  priceDifferenceTooLarge: `An option's price difference must be at most ₦${formatNumber(MAX_NAIRA)}.`,
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());

/** A whole number from 1 to `max`, from a number or its digits; null when blank. */
function wholeNumber(max: number, message: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const number = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value!) ? Number(value) : Number.NaN;
      if (!Number.isInteger(number) || number < 1 || number > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });
}

const centimetres = () => wholeNumber(MAX_CENTIMETRES, FURNITURE_MESSAGES.centimetres);
const weeks = () => wholeNumber(MAX_WEEKS, FURNITURE_MESSAGES.weeks);

/** Width, depth and height together, or none of them (null); a seat height only with them. */
export const DimensionsInputSchema = z
  .object(
    { width: centimetres(), depth: centimetres(), height: centimetres(), seatHeight: centimetres() },
    { error: FURNITURE_MESSAGES.dimensionsIncomplete },
  )
  .nullish()
  .transform((value, ctx): Dimensions | null => {
    if (!value) return null;
    const { width, depth, height, seatHeight } = value;
    const given = [width, depth, height].filter((side) => side !== null).length;
    if (given === 0) {
      if (seatHeight !== null) ctx.addIssue({ code: "custom", message: FURNITURE_MESSAGES.seatWithoutSize });
      return null;
    }
    if (given < 3) {
      ctx.addIssue({ code: "custom", message: FURNITURE_MESSAGES.dimensionsIncomplete });
      return z.NEVER;
    }
    return { width: width!, depth: depth!, height: height!, seatHeight };
  });

/** Left out, it is in stock; weeks are required as the kind needs them, and dropped in stock. */
export const AvailabilityInputSchema = z
  .object(
    { kind: z.enum(AVAILABILITY_KINDS, { error: FURNITURE_MESSAGES.kind }), weeksFrom: weeks(), weeksTo: weeks() },
    { error: FURNITURE_MESSAGES.kind },
  )
  .nullish()
  .transform((value, ctx): Availability => {
    if (!value || value.kind === "in_stock") return IN_STOCK;
    const { kind, weeksFrom, weeksTo } = value;
    const refuse = (path: "weeksFrom" | "weeksTo", message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    if (kind === "made_to_order" && (weeksFrom === null || weeksTo === null))
      return refuse(weeksFrom === null ? "weeksFrom" : "weeksTo", FURNITURE_MESSAGES.productionWeeks);
    if (kind === "imported" && weeksFrom === null) return refuse("weeksFrom", FURNITURE_MESSAGES.shippingWeeks);
    if (weeksTo !== null && weeksTo < weeksFrom!) return refuse("weeksTo", FURNITURE_MESSAGES.weeksOrder);
    return { kind, weeksFrom, weeksTo };
  });

export const materialsField = () => optionalText({ max: 500, label: "Materials" });

/**
 * What an option adds to the product's price, in naira: blank is nothing more; left out is
 * null (kept as stored). Never negative: the product's price is its cheapest finish's.
 */
function priceDifferenceField() {
  return z
    .union([z.number(), z.string(), z.null()], { error: FURNITURE_MESSAGES.priceDifference })
    .optional()
    .transform((input, ctx): number | null => {
      if (input === undefined) return null;
      const value = toNaira(input) ?? 0;
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if (!Number.isFinite(value)) return refuse(FURNITURE_MESSAGES.priceDifference);
      if (value < 0) return refuse(FURNITURE_MESSAGES.priceDifferenceNegative);
      if (value > MAX_NAIRA) return refuse(FURNITURE_MESSAGES.priceDifferenceTooLarge);
      if (!isWholeKobo(value)) return refuse(FURNITURE_MESSAGES.priceDifferenceDecimals);
      return nairaToKobo(value) / 100;
    });
}

const OptionInputSchema = z.object(
  {
    // Present for an option the product already has: it keeps its id, so cart lines and
    // orders that chose it still name it.
    _id: z
      .string()
      .nullish()
      .refine((id) => !id || isUuidText(id), { error: FURNITURE_MESSAGES.optionId })
      .transform((id) => (id ? id.toLowerCase() : null)),
    name: requiredText(FURNITURE_MESSAGES.optionName, { max: 60, label: "An option's name" }),
    // The swatch: a picture of the finish itself.
    image: optionalImage({ unreadable: FURNITURE_MESSAGES.optionImage }),
    // Left out (an API client that predates them), a kept option keeps its photos and
    // price difference, and a new one has none; null in the output says "left out".
    images: imageList({ unreadable: FURNITURE_MESSAGES.optionPhoto })
      .refine((images) => images.length <= MAX_OPTION_IMAGES, { error: FURNITURE_MESSAGES.optionPhotos })
      .optional()
      .transform((images) => images ?? null),
    priceDifference: priceDifferenceField(),
  },
  { error: FURNITURE_MESSAGES.optionName },
);

/** A product's finishes or fabrics, in the order shown; none when left out. */
export const OptionsInputSchema = z
  .array(OptionInputSchema, { error: "Options must be a list." })
  .nullish()
  .transform((options, ctx) => {
    const list = options ?? [];
    if (list.length > MAX_OPTIONS) ctx.addIssue({ code: "custom", message: FURNITURE_MESSAGES.tooManyOptions });
    const names = new Set(list.map((option) => option.name.toLocaleLowerCase("en")));
    if (names.size < list.length) ctx.addIssue({ code: "custom", message: FURNITURE_MESSAGES.optionNamesDiffer });
    return list;
  });

export type OptionInput = z.output<typeof OptionInputSchema>;
