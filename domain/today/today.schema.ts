/**
 * The owner's day (docs/product.md, Today): the queues of people to chase, the thresholds
 * that put an entry in a queue, and the WhatsApp messages each entry opens with, written
 * from the owner's templates. No I/O: the admin bundle and the server both read this.
 */
import { z } from "zod";
import { ORDER_STATUSES, STATUS_EXPLANATIONS, STATUS_LABELS, type OrderStatus } from "../orders/order-status";
import { refuseControlCharacters } from "../typed-text.schema";
import { ReminderConsentSchema } from "./reminder-consent.schema";

/** Each queue, in the order Today shows them. */
export const TODAY_QUEUES = [
  "new_orders",
  "quotes_waiting",
  "quotes_expiring",
  "deposits_due",
  "ready_undelivered",
  "visits_tomorrow",
  "review_asks",
  "carts_idle",
  "messages_unanswered",
] as const;
export type TodayQueue = (typeof TODAY_QUEUES)[number];

export const QUEUE_LABELS: Record<TodayQueue, string> = {
  new_orders: "New orders and requests waiting for a reply",
  quotes_waiting: "Quotes sent, no answer yet",
  quotes_expiring: "Quotes about to expire",
  deposits_due: "Deposits not paid",
  ready_undelivered: "Ready, not delivered",
  visits_tomorrow: "Site visits tomorrow",
  review_asks: "Delivered: ask for a review",
  carts_idle: "Carts left untouched",
  messages_unanswered: "Contact messages not answered",
};

/** A new order waits this long at most before it is marked late, as the dashboard always did. */
export const LATE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A quote is "about to expire" from this many days before its last day. */
export const EXPIRING_WITHIN_DAYS = 2;

// ---------------------------------------------------------------------------------------
// Thresholds

export const FOLLOW_UP_FIELDS = [
  "newOrderHours",
  "quoteDays",
  "depositDays",
  "readyDays",
  "reviewDays",
  "cartHours",
] as const;
export type FollowUpField = (typeof FOLLOW_UP_FIELDS)[number];

export const FollowUpsSchema = z.object({
  /** Shop hours a new order or request may wait for a reply. */
  newOrderHours: z.number(),
  /** Days a sent quote may wait for an answer. */
  quoteDays: z.number(),
  /** Days from a quote's approval (else its sending) to an unpaid deposit. */
  depositDays: z.number(),
  /** Days an order may stay ready without being delivered. */
  readyDays: z.number(),
  /** Days after delivery the order stays in the review queue. */
  reviewDays: z.number(),
  /** Hours a signed-in customer's cart may stay untouched. */
  cartHours: z.number(),
});
export type FollowUps = z.output<typeof FollowUpsSchema>;

export const DEFAULT_FOLLOW_UPS: FollowUps = {
  newOrderHours: 2,
  quoteDays: 2,
  depositDays: 3,
  readyDays: 2,
  reviewDays: 7,
  cartHours: 24,
};

export const FOLLOW_UP_LABELS: Record<FollowUpField, { label: string; unit: string; max: number }> = {
  newOrderHours: { label: "Reply to a new order or request within", unit: "shop hours", max: 240 },
  quoteDays: { label: "Chase a quote with no answer after", unit: "days", max: 90 },
  depositDays: { label: "Chase an unpaid deposit after", unit: "days", max: 90 },
  readyDays: { label: "Chase a ready order not delivered after", unit: "days", max: 90 },
  reviewDays: { label: "Ask for a review within", unit: "days of delivery", max: 90 },
  cartHours: { label: "Chase a cart left untouched after", unit: "hours", max: 720 },
};

const wholeNumber = (field: FollowUpField) => {
  const { label, unit, max } = FOLLOW_UP_LABELS[field];
  const message = `${label}: a whole number of ${unit} from 0 to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message });
};

export const FollowUpsInputSchema = z.object(
  Object.fromEntries(FOLLOW_UP_FIELDS.map((field) => [field, wholeNumber(field)])) as Record<
    FollowUpField,
    ReturnType<typeof wholeNumber>
  >,
  { error: "The follow-ups must be an object of whole numbers." },
);

// ---------------------------------------------------------------------------------------
// Templates

/** A template is written for a queue, or for an order's step (the order desk's update). */
export const TEMPLATE_KEYS = [...TODAY_QUEUES, ...ORDER_STATUSES] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const TEMPLATE_FIELDS = [
  "name",
  "reference",
  "amount_due",
  "pay_link",
  "tracking_link",
  "ready_by",
  // A delivered order's review link (empty before delivery): the review queue sends it.
  "review_link",
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateValues = Record<TemplateField, string>;

export const TEMPLATE_LABELS: Record<TemplateKey, string> = {
  ...QUEUE_LABELS,
  ...(Object.fromEntries(ORDER_STATUSES.map((status) => [status, `Order update: ${STATUS_LABELS[status]}`])) as Record<
    OrderStatus,
    string
  >),
};

const MAX_TEMPLATE = 1000;

/**
 * An order step's update (the order desk's "Message customer"): what the step means, then
 * what is asked now. Lines whose fields are empty drop out (fillTemplate), so the pay
 * lines show only while something is owed and the review line only after delivery.
 */
const stepTemplate = (status: OrderStatus) => {
  const asks =
    status === "quoted"
      ? ["", "Deposit to start: {amount_due}", "You can pay here: {pay_link}"]
      : status === "ready" || status === "sent"
        ? ["", "Balance: {amount_due}", "You can pay here: {pay_link}"]
        : status === "delivered"
          ? [
              "",
              "Balance: {amount_due}",
              "You can pay here: {pay_link}",
              "",
              "How do you find your pieces? Review them here: {review_link}",
            ]
          : status === "deposit_paid" || status === "in_production"
            ? ["", "Expected ready: {ready_by}"]
            : [];
  return [
    "Good day {name}, an update on your order {reference}:",
    "",
    STATUS_EXPLANATIONS[status],
    ...asks,
    "",
    "You can follow it here: {tracking_link}",
  ].join("\n");
};

/** Polite Nigerian business English; the owner rewrites any of them in Settings. */
export const DEFAULT_TEMPLATES: Record<TemplateKey, string> = {
  new_orders:
    "Good day {name}, thank you for your order {reference}. We have received it and will get back to you with the details shortly.\n\nYou can follow it here: {tracking_link}",
  quotes_waiting:
    "Good day {name}, we trust you are well. We sent the quote for your order {reference} and would love to hear what you think. Any questions at all, please let us know.\n\nYou can read it here: {tracking_link}",
  quotes_expiring:
    "Good day {name}, kindly note that the quote for your order {reference} expires soon. Please approve it or let us know of any changes before then.\n\nYou can read it here: {tracking_link}",
  deposits_due:
    "Good day {name}, a gentle reminder about the deposit of {amount_due} for your order {reference}, so we can start production.\n\nYou can pay here: {pay_link}",
  ready_undelivered:
    "Good day {name}, good news: your order {reference} is ready. The balance is {amount_due}. Please let us know when we may deliver.\n\nYou can pay here: {pay_link}",
  visits_tomorrow:
    "Good day {name}, this is to confirm our visit for your request {reference} tomorrow. Please let us know if the time no longer suits you.\n\nDetails: {tracking_link}",
  review_asks:
    "Good day {name}, we hope you are enjoying your new pieces from order {reference}. We would be grateful if you could tell us how we did; a short review helps us a lot.\n\nYou can write it here: {review_link}\n\nThank you!",
  carts_idle:
    "Good day {name}, we noticed you left some pieces in your cart. Is there anything we can help you with? We are happy to answer any question.",
  messages_unanswered: "Good day {name}, thank you for your message. ",
  ...(Object.fromEntries(ORDER_STATUSES.map((status) => [status, stepTemplate(status)])) as Record<
    OrderStatus,
    string
  >),
};

/** Every {field} a template names: what the owner may use, and what the filling replaces. */
const FIELD_PATTERN = /\{([^{}\s]*)\}/g;

/** The fields a template names that are not ours, each once. */
export function unknownFields(text: string): string[] {
  const known = new Set<string>(TEMPLATE_FIELDS);
  return [...new Set([...text.matchAll(FIELD_PATTERN)].map((match) => match[1]!).filter((field) => !known.has(field)))];
}

export const unknownFieldsMessage = (key: TemplateKey, fields: string[]) =>
  `The message for "${TEMPLATE_LABELS[key]}" names ${fields.map((field) => `{${field}}`).join(", ")}, which we cannot fill: use ${TEMPLATE_FIELDS.map((field) => `{${field}}`).join(", ")}.`;

const isField = (field: string): field is TemplateField => (TEMPLATE_FIELDS as readonly string[]).includes(field);

/**
 * The template with each {field} replaced by its value. A line whose fields are all empty
 * now (nothing owed, so no amount and no pay link; no ready date yet; no review link
 * before delivery) is left out, with the blank line it would leave doubled, so one
 * template reads well at every moment of the order.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const lines = text.split("\n").flatMap((line) => {
    const named = [...line.matchAll(FIELD_PATTERN)].map((match) => match[1]!).filter(isField);
    if (named.length > 0 && named.every((field) => values[field] === "")) return [];
    return [line.replace(FIELD_PATTERN, (whole, field: string) => (isField(field) ? values[field] : whole))];
  });
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export const MessageTemplatesSchema = z.record(z.enum(TEMPLATE_KEYS), z.string());
export type MessageTemplates = Record<TemplateKey, string>;

const templateText = (key: TemplateKey) =>
  refuseControlCharacters(
    z.string({ error: `The message for "${TEMPLATE_LABELS[key]}" must be text.` }),
    TEMPLATE_LABELS[key],
    "many",
  )
    .transform((text) => text.replace(/\r\n/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Write the message for "${TEMPLATE_LABELS[key]}".` })
        .max(MAX_TEMPLATE, {
          error: `The message for "${TEMPLATE_LABELS[key]}" must be at most ${MAX_TEMPLATE} characters.`,
        }),
    )
    .superRefine((text, ctx) => {
      const unknown = unknownFields(text);
      if (unknown.length) ctx.addIssue({ code: "custom", message: unknownFieldsMessage(key, unknown) });
    });

/** Any of the templates, each checked: a {field} we cannot fill is refused, naming it. */
export const MessageTemplatesInputSchema = z
  .object(
    Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, templateText(key).optional()])) as Record<
      TemplateKey,
      z.ZodOptional<ReturnType<typeof templateText>>
    >,
    { error: "The message templates must be an object of texts." },
  )
  .strict();

/** The Settings → Follow-ups form: thresholds, templates and the e-mail reminders' switch. */
export const FollowUpSettingsFormSchema = z.object({
  followUps: FollowUpsInputSchema,
  messageTemplates: MessageTemplatesInputSchema,
  emailReminders: ReminderConsentSchema,
});

// ---------------------------------------------------------------------------------------
// The API's answers and bodies

/** An entry's id: its queue, the row it is about, and the moment its cause began, so a new cause is a new entry. */
export const ENTRY_ID_PATTERN = /^[a-z_]+\.[0-9a-f-]{36}\.\d{1,15}$/;
export const EntryIdSchema = z.string().regex(ENTRY_ID_PATTERN, { error: "That is not an entry of Today." });
export const EntryParamsSchema = z.object({ entryId: EntryIdSchema });

export const TodayEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(TODAY_QUEUES),
  /** The customer's record in the customer book; null while the book has not joined them. */
  customerId: z.string().nullable(),
  orderId: z.string().optional(),
  reference: z.string().nullable(),
  title: z.string(),
  /** What the entry owes or waits on, in words: "Balance ₦120,000". */
  detail: z.string().nullable(),
  /** When the entry was due to be chased. */
  dueAt: z.string(),
  /** Waiting 24 hours or more past its cause (new orders). */
  late: z.boolean(),
  /** The message the WhatsApp link opens with, filled. */
  message: z.string(),
  /** wa.me with the message; null when we have no number for the customer. */
  whatsappUrl: z.string().nullable(),
});
export type TodayEntry = z.output<typeof TodayEntrySchema>;

export const TodayQueueSchema = z.object({
  kind: z.enum(TODAY_QUEUES),
  label: z.string(),
  count: z.number(),
  entries: z.array(TodayEntrySchema),
});

export const TodaySchema = z.object({ queues: z.array(TodayQueueSchema) });
export type Today = z.output<typeof TodaySchema>;

/** The most entries a queue lists; its count says how many there are. */
export const QUEUE_LISTED = 50;

const SNOOZE_MESSAGE = "Choose when to bring it back: a day from tomorrow, within a year.";

export const SnoozeBodySchema = z.object({
  until: z.union([z.iso.date({ error: SNOOZE_MESSAGE }), z.iso.datetime({ offset: true, error: SNOOZE_MESSAGE })], {
    error: SNOOZE_MESSAGE,
  }),
});
export const SNOOZE_LIMIT_MESSAGE = SNOOZE_MESSAGE;

export const TodayMarkSchema = z.object({
  _id: z.string(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  snoozedBy: z.string().nullable(),
});
export type TodayMark = z.output<typeof TodayMarkSchema>;
