/**
 * The shop's settings, which the owner edits in the admin panel (docs/product.md, Shop
 * settings): the business's name and contact details, the numbers customers order on,
 * the home page's hero pictures and service blurbs, and the order terms shoppers read.
 *
 * `ShopSettingsSchema` is what GET answers and pages read. `ShopSettingsUpdateSchema` is
 * the body of PUT (and of the Settings form): any subset of the fields, each checked
 * with the rules below. Pictures come as the product forms send them: a kept one as
 * `{ url, public_id }`, a new one as a data string. No Node APIs: the admin bundle imports this.
 */
import { z } from "zod";
import { toE164 } from "../accounts/phone";
import { ImageRefSchema } from "../catalog/catalog-answers.schema";
import {
  imageList,
  MAX_NEW_IMAGES,
  nairaPrice,
  requiredImage,
  requiredText,
  TOO_MANY_NEW_IMAGES,
  type ImageInput,
} from "../catalog/input-fields";
import { REFERENCE_PREFIX_MESSAGE, REFERENCE_PREFIX_PATTERN } from "../orders/order-reference";
import { DEMO_VALUES } from "../setup/demo-values";
import { refuseControlCharacters } from "../typed-text.schema";
import {
  FollowUpsInputSchema,
  FollowUpsSchema,
  MessageTemplatesInputSchema,
  MessageTemplatesSchema,
} from "../today/today.schema";

/** The home page's hero shows up to this many pictures. */
export const MAX_HERO_IMAGES = 6;
/** The home page shows exactly this many services. */
export const SERVICE_COUNT = 4;
/** Links beside Instagram in the footer and on the contact page. */
export const MAX_SOCIAL_LINKS = 6;

const JOURNAL_YEARS_MESSAGE = "Keep the journal for 1 to 10 years.";

export const SETTINGS_MESSAGES = {
  shopName: "Shop name is required.",
  whatsappNumber: "Enter the WhatsApp number with its country code, such as +234 803 123 4567.",
  servicesWhatsappNumber: "Enter the design services' WhatsApp number with its country code, or leave it blank.",
  phone: "Enter a phone number such as 0803 123 4567 or +234 803 123 4567.",
  email: "Enter the e-mail address contact messages should go to.",
  https: "Links must start with https://.",
  heroImages: `Choose at most ${MAX_HERO_IMAGES} hero pictures.`,
  heroImage: "Failed to read image file.",
  ecatalogImage: "Failed to read image file.",
  services: `Describe each of the ${SERVICE_COUNT} services.`,
  socialLinks: `Add at most ${MAX_SOCIAL_LINKS} other links.`,
} as const;

const ServiceSchema = z.object({ title: z.string(), text: z.string() });
const SocialLinkSchema = z.object({ label: z.string(), url: z.string() });
const OrderTermsSchema = z.object({
  /** "50% to 80%": the part of the price paid to confirm an order. */
  deposit: z.string(),
  /** "3 to 6 weeks" from the confirmation. */
  production: z.string(),
  /** "5 to 6 weeks" for foreign (imported) products. */
  shipping: z.string(),
  /** What is expected of the customer once the order is ready. */
  delivery: z.string(),
});

/** The settings as stored (their pictures are stored beside them) and as answered. */
const storedShape = {
  shopName: z.string(),
  description: z.string(),
  /** The home page's headline: "Finish. Furnish. Flourish." until the owner writes theirs. */
  slogan: z.string(),
  /** The small capitals above the slogan: the trade and the city. */
  cityLine: z.string(),
  /** New orders' references start with these 2 to 4 capital letters: "FN-7K3QX". */
  referencePrefix: z.string(),
  /** The name the shop's e-mails come from. */
  mailSenderName: z.string(),
  /** Digits with the country code, as WhatsApp links take them: "2348031234567". */
  whatsappNumber: z.string(),
  /** Where design-service enquiries go; null sends them to `whatsappNumber`. */
  servicesWhatsappNumber: z.string().nullable(),
  /** E.164, as the phone rule stores every number. */
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  hours: z.string(),
  instagramUrl: z.string().nullable(),
  socialLinks: z.array(SocialLinkSchema),
  ecatalogUrl: z.string().nullable(),
  services: z.array(ServiceSchema),
  orderTerms: OrderTermsSchema,
  /** How many years the journal keeps its entries; older ones are pruned. */
  journalYears: z.number(),
  /** When Today lists an entry (docs/product.md, Today): whole hours or days, 0 at once. */
  followUps: FollowUpsSchema,
  /** The WhatsApp messages of Today's queues and of the order desk's updates, each queue or step's. */
  messageTemplates: MessageTemplatesSchema,
  /** Whether customers who agreed to them get e-mail reminders of quotes waiting and balances due. */
  emailReminders: z.boolean(),
  /** Reviews of 4 or 5 stars are published as they arrive; others wait for the shop (docs/product.md, Reviews). */
  autoPublishReviews: z.boolean(),
};

export const StoredSettingsSchema = z.object({
  ...storedShape,
  /** The measurement visit's fee, in kobo; 0: no fee. */
  visitFeeKobo: z.number(),
  /** The e-mail address whose link was opened; the shop's e-mail is confirmed while it is this one. */
  confirmedEmail: z.string().nullable(),
});
export type StoredSettings = z.output<typeof StoredSettingsSchema>;

export const ShopSettingsSchema = z.object({
  ...storedShape,
  /** The measurement visit's fee in naira, asked once a service request's visit is proposed; 0: no fee. */
  visitFee: z.number(),
  /** The shop's e-mail was confirmed by its link: mail with customers' details goes to it only then. */
  emailConfirmed: z.boolean(),
  ecatalogImage: ImageRefSchema.nullable(),
  heroImages: z.array(ImageRefSchema),
});
export type ShopSettings = z.output<typeof ShopSettingsSchema>;

/** A WhatsApp number as people type it, read by the phone rule, kept as digits for wa.me links. */
const whatsappNumber = (message: string) =>
  z.string({ error: message }).transform((typed, ctx) => {
    const e164 = toE164(typed.trim());
    if (!e164) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return e164.slice(1);
  });

/** Blank, or left out of a form (whose checks in the browser read "" as left out): null. */
const blankAsNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

/** An https link, or null when left blank. */
const optionalHttps = (label: string) =>
  z.preprocess(
    blankAsNull,
    z
      .url({ protocol: /^https$/, error: SETTINGS_MESSAGES.https })
      .max(500, { error: `${label} must be at most 500 characters.` })
      .nullable(),
  );

const text = (max: number, label: string) =>
  refuseControlCharacters(z.string({ error: `${label} must be text.` }).trim(), label).max(max, {
    error: `${label} must be at most ${max} characters.`,
  });

const requiredLine = (max: number, label: string) =>
  refuseControlCharacters(z.string({ error: `${label} is required.` }).trim(), label)
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const isBlankRow = (row: Record<string, string | undefined>) =>
  Object.values(row).every((value) => value === undefined || value.trim() === "");

const ServiceInputSchema = z.object({
  title: requiredLine(60, "A service's title"),
  text: requiredLine(240, "A service's description"),
});

const SocialLinkInputSchema = z.object({
  label: requiredLine(40, "A link's name"),
  url: z
    .url({ protocol: /^https$/, error: SETTINGS_MESSAGES.https })
    .max(500, { error: "A link must be at most 500 characters." }),
});

/** Each field as the owner may send it; PUT takes any subset. */
const inputShape = {
  shopName: requiredText(SETTINGS_MESSAGES.shopName, { max: 80, label: "Shop name" }),
  description: z.preprocess((value) => value ?? "", text(300, "Description")),
  slogan: requiredLine(80, "Slogan"),
  cityLine: requiredLine(60, "The line above the slogan"),
  referencePrefix: z
    .string({ error: REFERENCE_PREFIX_MESSAGE })
    .trim()
    .regex(REFERENCE_PREFIX_PATTERN, { error: REFERENCE_PREFIX_MESSAGE }),
  mailSenderName: requiredLine(80, "Sender name").refine((name) => !/[<>"@]/.test(name), {
    error: 'Sender name cannot contain <, >, " or @.',
  }),
  whatsappNumber: whatsappNumber(SETTINGS_MESSAGES.whatsappNumber),
  servicesWhatsappNumber: z.preprocess(
    blankAsNull,
    whatsappNumber(SETTINGS_MESSAGES.servicesWhatsappNumber).nullable(),
  ),
  phone: z.string({ error: SETTINGS_MESSAGES.phone }).transform((typed, ctx) => {
    const e164 = toE164(typed.trim());
    if (!e164) {
      ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.phone });
      return z.NEVER;
    }
    return e164;
  }),
  email: z.email({ error: SETTINGS_MESSAGES.email }).max(254, { error: SETTINGS_MESSAGES.email }),
  address: requiredLine(200, "Address"),
  hours: requiredLine(80, "Business hours"),
  instagramUrl: optionalHttps("The Instagram link"),
  // The form offers blank rows to fill in: a row left blank is no link.
  socialLinks: z
    .array(z.object({ label: z.string().optional(), url: z.string().optional() }), {
      error: "Other links must be a list.",
    })
    .optional()
    .transform((rows) => (rows ?? []).filter((row) => !isBlankRow(row)))
    .pipe(z.array(SocialLinkInputSchema).max(MAX_SOCIAL_LINKS, { error: SETTINGS_MESSAGES.socialLinks })),
  ecatalogUrl: optionalHttps("The e-catalogue link"),
  ecatalogImage: z.preprocess(
    blankAsNull,
    z.union([
      z.null(),
      requiredImage({ unreadable: SETTINGS_MESSAGES.ecatalogImage, required: SETTINGS_MESSAGES.ecatalogImage }),
    ]),
  ),
  heroImages: imageList({ unreadable: SETTINGS_MESSAGES.heroImage }).transform((images, ctx) => {
    const list = images ?? [];
    if (list.length > MAX_HERO_IMAGES) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.heroImages });
    return list;
  }),
  services: z
    .array(ServiceInputSchema, { error: SETTINGS_MESSAGES.services })
    .length(SERVICE_COUNT, { error: SETTINGS_MESSAGES.services }),
  visitFee: nairaPrice({ invalid: "Enter the visit fee in naira, such as 15000, or 0 for no fee." }),
  journalYears: z.coerce
    .number({ error: JOURNAL_YEARS_MESSAGE })
    .int({ error: JOURNAL_YEARS_MESSAGE })
    .min(1, { error: JOURNAL_YEARS_MESSAGE })
    .max(10, { error: JOURNAL_YEARS_MESSAGE })
    .optional(),
  autoPublishReviews: z.boolean({ error: "Publishing reviews at once must be true or false." }).optional(),
  orderTerms: z.object(
    {
      deposit: requiredLine(60, "The deposit"),
      production: requiredLine(60, "The production time"),
      shipping: requiredLine(60, "The shipping time"),
      delivery: requiredLine(300, "The delivery note"),
    },
    { error: "Order terms must be an object." },
  ),
};

/**
 * New pictures in one save, hero pictures and cover together, are held to what one product
 * save may send, so one body limit (and one proxy limit) fits every admin save.
 */
function newPicturesWithinLimit(
  value: { heroImages?: ImageInput[] | undefined; ecatalogImage?: ImageInput | null | undefined },
  ctx: z.RefinementCtx,
) {
  const fresh = [...(value.heroImages ?? []), ...(value.ecatalogImage ? [value.ecatalogImage] : [])];
  if (fresh.filter((image) => image.kind === "new").length > MAX_NEW_IMAGES) {
    ctx.addIssue({ code: "custom", path: ["heroImages"], message: TOO_MANY_NEW_IMAGES });
  }
}

/** The Settings form, which always sends every field. */
export const ShopSettingsFormSchema = z.object(inputShape).superRefine(newPicturesWithinLimit);

/** The follow-ups' fields (Settings → Follow-ups), saved apart from the shop's form. */
const followUpShape = {
  followUps: FollowUpsInputSchema,
  /** The templates named replace theirs; the others stay. */
  messageTemplates: MessageTemplatesInputSchema,
  emailReminders: z.boolean({ error: "E-mail reminders are on (true) or off (false)." }),
};

/** The body of PUT /api/admin/operations/settings: any subset of the fields. */
export const ShopSettingsUpdateSchema = z
  .object({ ...inputShape, ...followUpShape })
  .partial()
  .strict()
  .superRefine(newPicturesWithinLimit);
export type ShopSettingsUpdate = z.output<typeof ShopSettingsUpdateSchema>;
export type ShopSettingsUpdateInput = z.input<typeof ShopSettingsUpdateSchema>;

/** The services and terms a new shop starts with: the owner rewrites them in Settings. */
export const DEFAULT_SERVICES: StoredSettings["services"] = [
  {
    title: "Home finishing",
    text: "Wall panels, ceilings, flooring and lighting: we take a new or tired house to move-in ready.",
  },
  {
    title: "Interior design",
    text: "A designer plans each room with you, from mood board to the last cushion, within your budget.",
  },
  {
    title: "Office furnishing",
    text: "Desks, seating, meeting rooms and reception areas that work hard and welcome clients.",
  },
  {
    title: "Kitchen cabinets",
    text: "Made-to-measure cabinets and worktops, built in our workshop and installed by our team.",
  },
];

export const DEFAULT_ORDER_TERMS: StoredSettings["orderTerms"] = {
  deposit: "50% to 80%",
  production: "3 to 6 weeks",
  shipping: "5 to 6 weeks",
  delivery:
    "We expect delivery to be taken within 7 days after your order is completed. Orders not taken within that time attract storage charges until delivery.",
};

export const DEFAULT_HOURS = DEMO_VALUES.hours;
export const DEFAULT_SLOGAN = DEMO_VALUES.slogan;
export const DEFAULT_CITY_LINE = DEMO_VALUES.cityLine;
export const DEFAULT_REFERENCE_PREFIX = "FN";

/** The journal keeps two years unless the owner says otherwise. */
export const DEFAULT_JOURNAL_YEARS = 2;
