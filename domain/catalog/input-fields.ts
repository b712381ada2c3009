/**
 * Fields shared by the admin forms' schemas (products, collections, projects). The
 * browser validates with them before sending and the server validates the same body,
 * so both show the same messages. No Node APIs: the admin bundle imports this.
 *
 * An optional field left out takes its default (false, null). An update's body may
 * leave fields out to keep their stored values: partial-input.ts lays it over the stored
 * item, and these fields read the result.
 */
import { z } from "zod";
import { DEFAULT_ITEM_STATUS, ITEM_STATUSES } from "./item-status";
import { isWholeKobo, nairaToKobo } from "../money";
import { refuseControlCharacters } from "../typed-text.schema";
import { MAX_RICH_TEXT_DEPTH, readRichText } from "./rich-text";
import { formatNumber } from "../numbers";

/** A price above this is a typing mistake, not a sofa. */
export const MAX_NAIRA = 1_000_000_000;
/** Images sent as data in one save; the API's body limit is sized for this many. */
export const MAX_NEW_IMAGES = 6;
/** Images one product or project may show. */
export const MAX_IMAGES = 20;
/** Bytes of one image once decoded; a larger one is refused with 413. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const DECIMALS_MESSAGE = "Prices can have at most 2 decimals.";
export const TOO_MANY_NEW_IMAGES = `Please upload at most ${MAX_NEW_IMAGES} new images at a time.`;
export const TOO_MANY_IMAGES = `At most ${MAX_IMAGES} images can be shown.`;

const DATA_URL = /^data:[^,]{0,100};base64,/i;
const PUBLIC_ID = /^[\w-]{1,64}$/;
/** A stored image's own address: "/media/<id>/1024.jpg", absolute or not. */
const MEDIA_URL = /^(?:https?:\/\/[^/]+)?\/media\/([\w-]{1,64})\//i;

/** "data:<type>;base64,…", the way the forms send a new image; its type claim is not trusted. */
export function isBase64DataUrl(text: string): boolean {
  return DATA_URL.test(text);
}

/** Required one-line text, trimmed; blank counts as missing. */
export function requiredText(message: string, { max, label }: { max: number; label: string }) {
  return refuseControlCharacters(z.string({ error: message }).trim(), label)
    .min(1, { error: message })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

interface TextLimits {
  max: number;
  label: string;
}

/** Optional one-line text, trimmed: left out, blank or null, it is null. */
export function optionalText({ max, label }: TextLimits) {
  return refuseControlCharacters(z.string({ error: `${label} must be text.` }).trim(), label)
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A yes/no field: left out, it is false. */
/** Draft or published (item-status.ts); a form or body that leaves it out publishes. */
export function statusField() {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(ITEM_STATUSES, { error: "Status must be draft or published." }).default(DEFAULT_ITEM_STATUS),
  );
}

export function flag(label: string) {
  return z.boolean({ error: `${label} must be true or false.` }).default(false);
}

export const TOO_DEEP_MESSAGE = `Description cannot nest formatting more than ${MAX_RICH_TEXT_DEPTH} levels deep.`;

/**
 * Rich HTML whose visible text must not be empty, nested no deeper than the server's
 * sanitiser reads in time proportional to its length. The server sanitises it when saving.
 */
export function richText({ missing, empty }: { missing: string; empty: string }) {
  return refuseControlCharacters(z.string({ error: missing }), "Description", "many")
    .max(100_000, { error: "Description must be at most 100,000 characters." })
    .check((ctx) => {
      const reading = readRichText(ctx.value);
      const message = reading.tooDeep ? TOO_DEEP_MESSAGE : reading.hasText ? null : empty;
      if (message) ctx.issues.push({ code: "custom", message, input: ctx.value, continue: true });
    });
}

/** A naira amount from a number or a numeric string (form inputs); NaN when unreadable, null when blank. */
export function toNaira(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    const text = value.trim().replace(/,/g, "");
    if (text === "") return null;
    // The digits before and after the point are separate runs, so a long run of digits can be
    // matched only one way: time grows with its length, not with its square.
    return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  }
  return Number.NaN;
}

const nairaInput = z.union([z.number(), z.string(), z.null()]).optional();

/**
 * A price in naira with at most 2 decimals. `positive` refuses 0 (project budgets);
 * otherwise 0 is allowed.
 */
export function nairaPrice({ invalid, missing = invalid, positive = false }: NairaMessages) {
  return z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((input, ctx) => {
      const value = toNaira(input);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: missing });
        return z.NEVER;
      }
      if (!Number.isFinite(value) || value < 0 || (positive && nairaToKobo(value) === 0)) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (value > MAX_NAIRA) {
        ctx.addIssue({
          code: "custom",
          message: `Prices above ₦${formatNumber(MAX_NAIRA)} are not accepted.`,
        });
        return z.NEVER;
      }
      if (!isWholeKobo(value)) {
        ctx.addIssue({ code: "custom", message: DECIMALS_MESSAGE });
        return z.NEVER;
      }
      return value;
    });
}

interface NairaMessages {
  invalid: string;
  missing?: string;
  positive?: boolean;
}

/**
 * The promotion and import fields of products and collections, read leniently: the
 * discounted price of an item not on promotion, or the origin of one not marked foreign,
 * is cleared whatever was sent.
 */
export function promoAndOriginFields() {
  return {
    isPromo: flag("isPromo"),
    discountedPrice: nairaInput.transform((input) => toNaira(input)),
    isForeign: flag("isForeign"),
    origin: refuseControlCharacters(z.string({ error: "Origin must be text." }), "Origin")
      .max(100, { error: "Origin must be at most 100 characters." })
      .nullish()
      .transform((value) => value ?? null),
  };
}

interface PromoAndOrigin {
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
  isForeign: boolean;
  origin: string | null;
}

/**
 * The rules between fields, as a zod refinement: a promotion needs a discounted price
 * above 0 and below the price (compared in kobo, as stored: ₦99.9999999 is kept as
 * ₦100.00); an import needs its origin. `item` ("product" or
 * "collection") names the item in the messages.
 */
export function checkPromoAndOrigin(item: "product" | "collection") {
  return (value: PromoAndOrigin, ctx: z.RefinementCtx) => {
    const refuse = (path: "discountedPrice" | "origin", message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const discounted = value.discountedPrice;
    if (value.isPromo) {
      if (discounted === null || !Number.isFinite(discounted) || nairaToKobo(discounted) <= 0) {
        refuse(
          "discountedPrice",
          `Discounted price is required and must be greater than 0 if ${item} is on promotion.`,
        );
      } else if (!isWholeKobo(discounted)) {
        refuse("discountedPrice", DECIMALS_MESSAGE);
      } else if (nairaToKobo(discounted) >= nairaToKobo(value.price)) {
        refuse("discountedPrice", "Discounted price must be less than the original price.");
      }
    }
    if (value.isForeign && !value.origin?.trim()) {
      refuse("origin", `Origin is required if ${item} is marked as foreign.`);
    }
  };
}

/** Turning promo off clears the discounted price; turning foreign off clears the origin. */
export function clearPromoAndOrigin<T extends PromoAndOrigin>(value: T): T {
  return {
    ...value,
    discountedPrice: value.isPromo ? value.discountedPrice : null,
    origin: value.isForeign ? (value.origin?.trim() ?? null) : null,
  };
}

/**
 * An image as the admin forms send it: a new one as a data string
 * ("data:image/png;base64,…") or `{ url: "data:…", isNew: true }`; a kept one as
 * `{ url, public_id }` (`isNew: false` optional) or as its own /media/ URL.
 */
export type ImageInput = { kind: "new"; dataUrl: string } | { kind: "existing"; publicId: string };

const imageEntry = z.union([
  z.string(),
  z.object({
    url: z.string().optional(),
    public_id: z.string().optional(),
    isNew: z.boolean().optional(),
  }),
]);

export type ImageEntryInput = z.input<typeof imageEntry>;

function classifyImage(entry: z.output<typeof imageEntry>): ImageInput | null {
  if (typeof entry === "string") {
    if (isBase64DataUrl(entry)) return { kind: "new", dataUrl: entry };
    const fromUrl = MEDIA_URL.exec(entry)?.[1];
    return fromUrl ? { kind: "existing", publicId: fromUrl } : null;
  }
  const url = entry.url ?? "";
  if (entry.isNew === true || isBase64DataUrl(url)) return isBase64DataUrl(url) ? { kind: "new", dataUrl: url } : null;
  if (entry.public_id !== undefined)
    return PUBLIC_ID.test(entry.public_id) ? { kind: "existing", publicId: entry.public_id } : null;
  const fromUrl = MEDIA_URL.exec(url)?.[1];
  return fromUrl ? { kind: "existing", publicId: fromUrl } : null;
}

/** One required image (a collection's cover); anything that is not an image is `unreadable`. */
export function requiredImage({ unreadable, required }: { unreadable: string; required: string }) {
  return z
    .union([imageEntry, z.null()], { error: unreadable })
    .optional()
    .transform((entry, ctx): ImageInput => {
      const blank =
        entry === undefined ||
        entry === null ||
        entry === "" ||
        (typeof entry === "object" && !entry.url && !entry.public_id);
      const image = blank ? null : classifyImage(entry);
      if (!image) {
        ctx.addIssue({ code: "custom", message: blank ? required : unreadable });
        return z.NEVER;
      }
      return image;
    });
}

/** One optional image (a product option's picture): left out, null or "" is none. */
export function optionalImage({ unreadable }: { unreadable: string }) {
  return z
    .union([imageEntry, z.null()], { error: unreadable })
    .optional()
    .transform((entry, ctx): ImageInput | null => {
      if (entry === undefined || entry === null || entry === "") return null;
      if (typeof entry === "object" && !entry.url && !entry.public_id) return null;
      const image = classifyImage(entry);
      if (!image) {
        ctx.addIssue({ code: "custom", message: unreadable });
        return z.NEVER;
      }
      return image;
    });
}

interface ImageListMessages {
  unreadable: string;
  required?: string;
}

const imageArray = ({ unreadable, required }: ImageListMessages) =>
  z
    .array(
      z.union([imageEntry, z.null()], { error: unreadable }).transform((entry, ctx): ImageInput => {
        const image = entry === null ? null : classifyImage(entry);
        if (!image) {
          ctx.addIssue({ code: "custom", message: unreadable });
          return z.NEVER;
        }
        return image;
      }),
      { error: required ?? "Images must be a list." },
    )
    .nullish();

function checkedImages(images: ImageInput[] | null | undefined, ctx: z.RefinementCtx, required?: string) {
  const list = images ?? [];
  const seen = new Set<string>();
  const unique = list.filter((image) => {
    if (image.kind === "new") return true;
    if (seen.has(image.publicId)) return false;
    seen.add(image.publicId);
    return true;
  });
  if (required && unique.length === 0) ctx.addIssue({ code: "custom", message: required });
  if (unique.filter((image) => image.kind === "new").length > MAX_NEW_IMAGES) {
    ctx.addIssue({ code: "custom", message: TOO_MANY_NEW_IMAGES });
  }
  if (unique.length > MAX_IMAGES) ctx.addIssue({ code: "custom", message: TOO_MANY_IMAGES });
  return unique;
}

/**
 * A list of images in the order shown; a kept image named twice is kept once. An
 * optional list left out, null or [] holds no images.
 */
export function imageList(messages: ImageListMessages) {
  return imageArray(messages).transform((images, ctx) => checkedImages(images, ctx, messages.required));
}
