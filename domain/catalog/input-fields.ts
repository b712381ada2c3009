/**
 * Fields shared by the admin forms' schemas (products, collections, projects). The
 * browser validates with them before sending and the server validates the same body,
 * so both show SPEC.md §5's exact messages. No Node APIs: the admin bundle imports this.
 *
 * Adding and updating read optional fields differently: on add, a field left out takes
 * its default (false, null); on update it is `undefined`, and the stored value is kept
 * (SPEC.md §7's updateProduct payload has no `sold`, `make` or `model`, and a client
 * following it must not mark a sold product Available again). An explicit false, null
 * or "" still clears.
 */
import { z } from "zod";
import { refuseControlCharacters } from "../typed-text.schema";
import { MAX_RICH_TEXT_DEPTH, readRichText } from "./rich-text";

/** Which form a schema reads: see above for what an omitted field means in each. */
export type FormKind = "add" | "update";

/** The schema of a field as the add form reads it, or as the update form does. */
export type ByForm<F extends FormKind, Add, Update> = F extends "update" ? Update : Add;

/** A price above this is a typing mistake, not a sofa. */
export const MAX_NAIRA = 1_000_000_000;
/** Images sent as data in one save; the API's body limit is sized for this many. */
export const MAX_NEW_IMAGES = 6;
/** Images one product or project may show. */
export const MAX_IMAGES = 20;
/** Bytes of one image once decoded (SPEC.md: over 10 MB is refused with 413). */
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

const nullishText = ({ max, label }: TextLimits) =>
  refuseControlCharacters(z.string({ error: `${label} must be text.` }).trim(), label)
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish();
const addedText = (limits: TextLimits) => nullishText(limits).transform((value) => (value ? value : null));
const updatedText = (limits: TextLimits) =>
  nullishText(limits).transform((value) => (value === undefined ? undefined : value ? value : null));

/** Optional one-line text: blank or null become null; left out, null on add and kept on update. */
export function optionalText<F extends FormKind = "add">(
  limits: TextLimits,
  form?: F,
): ByForm<F, ReturnType<typeof addedText>, ReturnType<typeof updatedText>> {
  return (form === "update" ? updatedText(limits) : addedText(limits)) as never;
}

const yesNo = (label: string) => z.boolean({ error: `${label} must be true or false.` });

/** A yes/no field: left out, false on add and kept on update. */
export function flag<F extends FormKind = "add">(
  label: string,
  form?: F,
): ByForm<F, z.ZodDefault<z.ZodBoolean>, z.ZodOptional<z.ZodBoolean>> {
  return (form === "update" ? yesNo(label).optional() : yesNo(label).default(false)) as never;
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
      if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
    });
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

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
 * otherwise 0 is allowed (SPEC.md: 'Price must be a non-negative number.').
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
      if (!Number.isFinite(value) || value < 0 || (positive && value === 0)) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (value > MAX_NAIRA) {
        ctx.addIssue({
          code: "custom",
          message: `Prices above ₦${MAX_NAIRA.toLocaleString("en-NG")} are not accepted.`,
        });
        return z.NEVER;
      }
      if (!hasAtMostTwoDecimals(value)) {
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

const nullishOrigin = () =>
  refuseControlCharacters(z.string({ error: "Origin must be text." }), "Origin")
    .max(100, { error: "Origin must be at most 100 characters." })
    .nullish();

// Read leniently: without a promotion it is cleared whatever was sent.
const addedPromoAndOrigin = () => ({
  isPromo: flag("isPromo"),
  discountedPrice: nairaInput.transform((input) => toNaira(input)),
  isForeign: flag("isForeign"),
  origin: nullishOrigin().transform((value) => value ?? null),
});
const updatedPromoAndOrigin = () => ({
  isPromo: flag("isPromo", "update"),
  discountedPrice: nairaInput.transform((input) => (input === undefined ? undefined : toNaira(input))),
  isForeign: flag("isForeign", "update"),
  origin: nullishOrigin(),
});

/** The promotion and import fields of products and collections (SPEC.md §4 and §5). */
export function promoAndOriginFields<F extends FormKind = "add">(
  form?: F,
): ByForm<F, ReturnType<typeof addedPromoAndOrigin>, ReturnType<typeof updatedPromoAndOrigin>> {
  return (form === "update" ? updatedPromoAndOrigin() : addedPromoAndOrigin()) as never;
}

export interface PromoAndOrigin {
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
  isForeign: boolean;
  origin?: string | null | undefined;
}

type FieldIssue = { path: "discountedPrice" | "origin"; message: string };

/**
 * Cross-field rules: a promotion needs a discounted price above 0 and below the price;
 * an import needs its origin. `item` is "product" or "collection", as SPEC.md words it.
 * A field still `undefined` (left out of an update) is not known yet: its rule waits
 * until the update is laid over the stored item.
 */
export function promoAndOriginIssues(
  item: "product" | "collection",
  value: { [K in keyof PromoAndOrigin]?: PromoAndOrigin[K] | undefined },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const discounted = value.discountedPrice;
  if (value.isPromo === true && discounted !== undefined) {
    if (discounted === null || !Number.isFinite(discounted) || discounted <= 0) {
      issues.push({
        path: "discountedPrice",
        message: `Discounted price is required and must be greater than 0 if ${item} is on promotion.`,
      });
    } else if (!hasAtMostTwoDecimals(discounted)) {
      issues.push({ path: "discountedPrice", message: DECIMALS_MESSAGE });
    } else if (typeof value.price === "number" && discounted >= value.price) {
      issues.push({ path: "discountedPrice", message: "Discounted price must be less than the original price." });
    }
  }
  if (value.isForeign === true && value.origin !== undefined && !value.origin?.trim()) {
    issues.push({ path: "origin", message: `Origin is required if ${item} is marked as foreign.` });
  }
  return issues;
}

/** promoAndOriginIssues as a zod refinement. */
export function checkPromoAndOrigin(item: "product" | "collection") {
  return (value: Parameters<typeof promoAndOriginIssues>[1], ctx: z.RefinementCtx) => {
    for (const issue of promoAndOriginIssues(item, value)) {
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }
  };
}

/** Turning promo off clears the discounted price; turning foreign off clears the origin. */
export function clearPromoAndOrigin<T extends PromoAndOrigin>(
  value: T,
): Omit<T, "discountedPrice" | "origin"> & { discountedPrice: number | null; origin: string | null } {
  return {
    ...value,
    discountedPrice: value.isPromo ? value.discountedPrice : null,
    origin: value.isForeign ? (value.origin?.trim() ?? null) : null,
  };
}

/**
 * An update laid over the stored item: what the update left out (`undefined`) keeps its
 * stored value. Then the promotion and origin rules hold for the result, and what they
 * clear is cleared.
 */
export function applyUpdate<T extends PromoAndOrigin>(
  item: "product" | "collection",
  stored: T,
  update: { [K in keyof T]?: T[K] | undefined },
): { ok: true; value: ReturnType<typeof clearPromoAndOrigin<T>> } | { ok: false; issues: FieldIssue[] } {
  const merged = { ...stored };
  for (const key of Object.keys(stored) as (keyof T)[]) {
    const value = update[key];
    if (value !== undefined) merged[key] = value as T[keyof T];
  }
  const issues = promoAndOriginIssues(item, merged);
  return issues.length ? { ok: false, issues } : { ok: true, value: clearPromoAndOrigin(merged) };
}

/**
 * An image as the admin forms send it (SPEC.md §4 "Images"): a new one as a data string
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

const addedImages = (messages: ImageListMessages) =>
  imageArray(messages).transform((images, ctx) => checkedImages(images, ctx, messages.required));
const updatedImages = (messages: ImageListMessages) =>
  imageArray(messages).transform((images, ctx) =>
    images === undefined && !messages.required ? undefined : checkedImages(images, ctx, messages.required),
  );

/**
 * A list of images in the order shown; a kept image named twice is kept once. An
 * optional list left out of an update keeps the stored images; null or [] clears them.
 */
export function imageList<F extends FormKind = "add">(
  messages: ImageListMessages,
  form?: F,
): ByForm<F, ReturnType<typeof addedImages>, ReturnType<typeof updatedImages>> {
  return (form === "update" ? updatedImages(messages) : addedImages(messages)) as never;
}
