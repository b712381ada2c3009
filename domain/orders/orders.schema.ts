/**
 * What the shop accepts about orders (docs/product.md, Orders): a shopper's order of an
 * item, of their cart or of a service, or their request for swatches of a product's
 * finishes, with the few details the order sheet asks; and the
 * owner's changes, payments and searches. The API and the forms parse with these.
 */
import { z } from "zod";
import { ReminderConsentSchema } from "../today/reminder-consent.schema";
import { phoneNumberSchema } from "../accounts/phone.schema";
import { DateSchema } from "../dates.schema";
import { DeliveryChoiceSchema } from "../delivery/delivery.schema";
import { nairaPrice, optionalText, requiredText } from "../catalog/input-fields";
import { isUuidText } from "../ids.schema";
import { ITEM_TYPES } from "../shopping-lists";
import { ItemIdSchema, OptionIdSchema, QuantitySchema } from "../shopping-lists.schema";
import { refuseControlCharacters } from "../typed-text.schema";
import { ORDER_STATUSES } from "./order-status";
import { MAX_SWATCHES } from "./swatches";
import { formatNumber } from "../numbers";

export const ORDER_KINDS = ["item", "cart", "service", "swatches"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** How staff record a payment they took themselves. */
export const PAYMENT_METHODS = ["transfer", "cash", "pos", "card_link"] as const;
/** Every way a payment is recorded: by staff, or through a provider's checkout. */
export const RECORDED_METHODS = [...PAYMENT_METHODS, "paystack", "flutterwave"] as const;
export type PaymentMethod = (typeof RECORDED_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: "Bank transfer",
  cash: "Cash",
  pos: "POS",
  card_link: "Card link",
  paystack: "Paystack",
  flutterwave: "Flutterwave",
};

export const ORDER_MESSAGES = {
  phone: "Enter a phone number such as 0803 123 4567, or leave it blank.",
  service: "Choose the service you would like.",
  brief: "Tell us briefly what you have in mind.",
  amount: "Enter an amount in naira, such as 250000.",
  paymentAmount: "Enter the amount paid, in naira: more than ₦0.",
  method: "Choose how it was paid: transfer, cash, POS or card link.",
  feeLabel: "Name each fee, such as Delivery.",
  lines: "Give each line of the order its quantity and unit price.",
} as const;

/** What a swatch request is refused with (docs/product.md, Swatches). */
export const SWATCH_MESSAGES = {
  count: `Choose from 1 to ${MAX_SWATCHES} finishes for your swatches.`,
  distinct: "Choose each finish once.",
  option: "Each finish must be named by its option id.",
  product: "That product is not in the shop: choose another to request its swatches.",
  noFinishes: "This product comes in one finish only: it has no swatches to send.",
  notOffered: "Choose finishes this product offers: one of those asked is not among them.",
  noQuote: "A swatch request has no price and no quote: set a delivery fee on the order instead.",
  noCart: "A swatch request has nothing to put back in the cart.",
} as const;

/** Free text of several lines (a note, a brief), trimmed; blank is null. */
const optionalParagraph = (max: number, label: string) =>
  refuseControlCharacters(z.string({ error: `${label} must be text.` }).trim(), label, "many")
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));

/** A phone number, or nothing: blank is null. */
const optionalPhone = z
  .union([z.literal("").transform(() => null), z.null(), phoneNumberSchema(ORDER_MESSAGES.phone)])
  .optional()
  .transform((value) => value ?? null);

/** The details the order sheet may ask; every one is optional, and nothing the shop knows is asked again. */
export const CustomerInputSchema = z.object({
  name: optionalText({ max: 80, label: "Your name" }),
  phone: optionalPhone,
  area: optionalText({ max: 80, label: "Delivery area" }),
  note: optionalParagraph(500, "Your note"),
  /** A signed-in customer's yes to e-mail reminders (their account has the address); a guest's is ignored. */
  emailReminders: ReminderConsentSchema,
});
export type CustomerInput = z.input<typeof CustomerInputSchema>;
/** The details as read; the reminders' yes is left out where the details are the account's or the desk's. */
export type CustomerDetails = Omit<z.output<typeof CustomerInputSchema>, "emailReminders"> & {
  emailReminders?: boolean;
};

const customer = CustomerInputSchema.optional();
/** Where to deliver, as the shopper chose it: the order records the delivery lines the shop's prices give. */
const delivery = DeliveryChoiceSchema.optional();
/**
 * Names one showing of an order form: the same key sent twice is one order (a double tap,
 * a form posted again). Without it, a guest's repeat is known by their address.
 */
const submissionKey = z
  .string()
  .regex(/^[\w-]{8,64}$/, { error: "The submission key must be 8 to 64 letters, digits, - or _." })
  .optional();

export const ItemOrderRequestSchema = z.object({
  kind: z.literal("item"),
  itemId: ItemIdSchema,
  itemType: z.enum(ITEM_TYPES, { error: "Item type (Product/Collection) is required to order." }),
  quantity: QuantitySchema.default(1),
  /** The product option (finish or fabric) chosen on the product's page, by id. */
  option: OptionIdSchema,
  customer,
  delivery,
  submissionKey,
});

/** A swatch request: 1 to 4 of one product's finishes, by option id, each once. */
export const SwatchOrderRequestSchema = z.object({
  kind: z.literal("swatches"),
  itemId: ItemIdSchema,
  options: z
    .array(
      z
        .string({ error: SWATCH_MESSAGES.option })
        .trim()
        .refine(isUuidText, { error: SWATCH_MESSAGES.option })
        .transform((id) => id.toLowerCase()),
      { error: SWATCH_MESSAGES.count },
    )
    .min(1, { error: SWATCH_MESSAGES.count })
    .max(MAX_SWATCHES, { error: SWATCH_MESSAGES.count })
    .refine((ids) => new Set(ids).size === ids.length, { error: SWATCH_MESSAGES.distinct }),
  customer,
  submissionKey,
});

export const CartOrderRequestSchema = z.object({ kind: z.literal("cart"), customer, delivery, submissionKey });

export const ServiceOrderRequestSchema = z.object({
  kind: z.literal("service"),
  service: requiredText(ORDER_MESSAGES.service, { max: 80, label: "The service" }),
  brief: refuseControlCharacters(z.string({ error: ORDER_MESSAGES.brief }).trim(), "The brief", "many")
    .min(1, { error: ORDER_MESSAGES.brief })
    .max(1000, { error: "The brief must be at most 1000 characters." }),
  area: optionalText({ max: 80, label: "The area" }),
  // A client may send the budget as an amount in naira: it reads as one ("₦500,000").
  budget: z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? `₦${formatNumber(value)}` : value),
    optionalText({ max: 60, label: "The budget" }),
  ),
  customer,
  submissionKey,
});

/** POST /api/orders */
export const OrderRequestSchema = z.discriminatedUnion(
  "kind",
  [ItemOrderRequestSchema, CartOrderRequestSchema, ServiceOrderRequestSchema, SwatchOrderRequestSchema],
  { error: 'Say what to order: kind "item", "cart", "service" or "swatches".' },
);
export type OrderRequest = z.output<typeof OrderRequestSchema>;
export type OrderRequestInput = z.input<typeof OrderRequestSchema>;

const naira = nairaPrice({ invalid: ORDER_MESSAGES.amount });

export const FeeSchema = z.object({
  label: requiredText(ORDER_MESSAGES.feeLabel, { max: 60, label: "A fee's name" }),
  amount: naira,
});

export const LineChangeSchema = z.object({
  _id: z.string({ error: ORDER_MESSAGES.lines }).max(64),
  quantity: QuantitySchema,
  unitPrice: naira,
});

/** PUT /api/admin/operations/orders/:id: any of these. */
export const OrderUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(", ")}.` }),
    lines: z.array(LineChangeSchema, { error: ORDER_MESSAGES.lines }).max(200),
    fees: z.array(FeeSchema, { error: "Fees must be a list of { label, amount }." }).max(10, {
      error: "Add at most 10 fees.",
    }),
    discount: naira,
    /** Null goes back to the deposit the order terms ask for. */
    depositDue: z.union([z.null(), naira]),
    expectedReadyDate: z.union([z.null(), z.literal("").transform(() => null), DateSchema]),
    customer: CustomerInputSchema.partial(),
    /** The salesperson (an active member with the Sales or Owner role) who looks after it; null for nobody. */
    assigneeId: z.union([z.null(), z.uuid({ error: "Choose a member of the sales team." })]),
    /** A note for the timeline. */
    note: refuseControlCharacters(z.string({ error: "The note must be text." }).trim(), "The note", "many")
      .min(1, { error: "Write the note first." })
      .max(1000, { error: "The note must be at most 1000 characters." }),
    /** Delivering with a balance still owed: the owner has seen it, and it goes on the timeline. */
    confirmBalance: z.union([z.boolean(), z.literal("true").transform(() => true)]),
    /** Closing with a balance owed: the amount forgiven (covering the balance) and why. */
    writeOff: z.object({
      amount: nairaPrice({ invalid: ORDER_MESSAGES.paymentAmount, positive: true }),
      note: refuseControlCharacters(z.string({ error: "Say why the balance is written off." }).trim(), "The note")
        .min(1, { error: "Say why the balance is written off." })
        .max(300, { error: "The note must be at most 300 characters." }),
    }),
  })
  .partial()
  .strict();
export type OrderUpdate = z.output<typeof OrderUpdateSchema>;
export type OrderUpdateInput = z.input<typeof OrderUpdateSchema>;

/** POST /api/admin/operations/orders/:id/payments */
export const PaymentInputSchema = z.object({
  amount: nairaPrice({ invalid: ORDER_MESSAGES.paymentAmount, positive: true }),
  method: z.enum(PAYMENT_METHODS, { error: ORDER_MESSAGES.method }),
  /** Today when left out. */
  paidOn: z.union([z.literal("").transform(() => undefined), DateSchema]).optional(),
  note: optionalText({ max: 200, label: "The payment's note" }),
});
export type PaymentInput = z.input<typeof PaymentInputSchema>;

/** GET /api/admin/operations/orders */
export const OrderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(", ")}.` }).optional(),
  search: z.string().trim().max(100, { error: "Search for at most 100 characters." }).optional(),
  /** Only the orders whose customer asked for changes to the quote ("to revise"). */
  needsRevision: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], {
      error: "needsRevision is true or false.",
    })
    .optional(),
  page: z.coerce.number({ error: "Page must be a whole number from 1." }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: "Limit must be a whole number from 1 to 100." }).int().min(1).max(100).default(20),
});
export type OrderListQuery = z.output<typeof OrderListQuerySchema>;
