/**
 * Fields shared by the admin forms' schemas (products, collections, projects). The
 * browser validates with them before sending and the server validates the same body,
 * so both show SPEC.md §5's exact messages. No Node APIs: the admin bundle imports this.
 */
import { z } from "zod";

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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuidText(value: string): boolean {
  return UUID.test(value);
}

/** True when rich HTML shows a reader some text once its markup is removed. */
export function richTextHasText(html: string): boolean {
  return (
    html
      .replace(/<(script|style|iframe)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<[^>]*>/g, " ")
      .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
      .trim().length > 0
  );
}

/** Required text, trimmed; blank counts as missing. */
export function requiredText(message: string, { max, label }: { max: number; label: string }) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

/** Optional text: blank, null or missing all become null. */
export function optionalText({ max, label }: { max: number; label: string }) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));
}

export function flag(label: string) {
  return z.boolean({ error: `${label} must be true or false.` }).default(false);
}

/** Rich HTML whose visible text must not be empty. The server sanitises it when saving. */
export function richText({ missing, empty }: { missing: string; empty: string }) {
  return z
    .string({ error: missing })
    .max(100_000, { error: "Description must be at most 100,000 characters." })
    .refine(richTextHasText, { error: empty });
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A naira amount from a number or a numeric string (form inputs); NaN when unreadable, null when blank. */
export function toNaira(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    const text = value.trim().replace(/,/g, "");
    if (text === "") return null;
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
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

/** The promotion and import fields of products and collections (SPEC.md §4 and §5). */
export function promoAndOriginFields() {
  return {
    isPromo: flag("isPromo"),
    // Read leniently: without a promotion it is cleared whatever was sent.
    discountedPrice: nairaInput.transform((input) => toNaira(input)),
    isForeign: flag("isForeign"),
    origin: z
      .string({ error: "Origin must be text." })
      .max(100, { error: "Origin must be at most 100 characters." })
      .nullish(),
  };
}

interface PromoAndOrigin {
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
  isForeign: boolean;
  origin?: string | null | undefined;
}

/**
 * Cross-field rules: a promotion needs a discounted price above 0 and below the price;
 * an import needs its origin. `item` is "product" or "collection", as SPEC.md words it.
 */
export function checkPromoAndOrigin(item: "product" | "collection") {
  return (value: PromoAndOrigin, ctx: z.RefinementCtx) => {
    if (value.isPromo) {
      const discounted = value.discountedPrice;
      if (discounted === null || !Number.isFinite(discounted) || discounted <= 0) {
        ctx.addIssue({
          code: "custom",
          path: ["discountedPrice"],
          message: `Discounted price is required and must be greater than 0 if ${item} is on promotion.`,
        });
      } else if (!hasAtMostTwoDecimals(discounted)) {
        ctx.addIssue({ code: "custom", path: ["discountedPrice"], message: DECIMALS_MESSAGE });
      } else if (typeof value.price === "number" && discounted >= value.price) {
        ctx.addIssue({
          code: "custom",
          path: ["discountedPrice"],
          message: "Discounted price must be less than the original price.",
        });
      }
    }
    if (value.isForeign && !value.origin?.trim()) {
      ctx.addIssue({
        code: "custom",
        path: ["origin"],
        message: `Origin is required if ${item} is marked as foreign.`,
      });
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
    if (DATA_URL.test(entry)) return { kind: "new", dataUrl: entry };
    const fromUrl = MEDIA_URL.exec(entry)?.[1];
    return fromUrl ? { kind: "existing", publicId: fromUrl } : null;
  }
  const url = entry.url ?? "";
  if (entry.isNew === true || DATA_URL.test(url)) return DATA_URL.test(url) ? { kind: "new", dataUrl: url } : null;
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

/** A list of images in the order shown; a kept image named twice is kept once. */
export function imageList({ unreadable, required }: { unreadable: string; required?: string }) {
  return z
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
    .nullish()
    .transform((images, ctx) => {
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
    });
}
