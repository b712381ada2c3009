/**
 * A service request's visit (docs/product.md, Visits): the shop proposes up to five
 * date-times, all in the future; the customer picks one on their order's page, or the
 * owner books one after a call. Times travel as ISO strings and read in Lagos time.
 */
import { z } from "zod";

export const MAX_VISIT_SLOTS = 5;

export const VISIT_MESSAGES = {
  slots: `Propose from 1 to ${MAX_VISIT_SLOTS} times for the visit.`,
  slot: "Enter each time as a date and a time, such as 2026-12-02T10:00.",
  past: "Each time proposed must be in the future.",
  bookOne: "To book the visit, give the one time agreed.",
  notProposed: "Choose one of the times we proposed.",
  passed: "That time has passed: choose a later one, or ask us for new times.",
  notService: "Only a service request has a visit.",
  tooLate: "The visit has taken place: its time can no longer change.",
  nothingProposed: "No visit times have been proposed yet.",
} as const;

/** Lagos keeps West Africa Time all year: a time typed without an offset is read as +01:00. */
const LAGOS_OFFSET = "+01:00";

/** An ISO date-time with an offset ("…Z", "…+01:00"), or a local one ("2026-12-02T10:00") read in Lagos. */
export const VisitTimeSchema = z
  .string({ error: VISIT_MESSAGES.slot })
  .trim()
  .transform((text, context) => {
    const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text);
    const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
    const date = local ? new Date(`${text}${LAGOS_OFFSET}`) : withOffset ? new Date(text) : null;
    if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2099) {
      context.addIssue({ code: "custom", message: VISIT_MESSAGES.slot });
      return z.NEVER;
    }
    return date.toISOString();
  });

/** POST /api/admin/operations/orders/:id/visits: the times proposed; `book` with one time books it. */
export const VisitProposalSchema = z
  .object({
    slots: z
      .array(VisitTimeSchema, { error: VISIT_MESSAGES.slots })
      .min(1, { error: VISIT_MESSAGES.slots })
      .max(MAX_VISIT_SLOTS, { error: VISIT_MESSAGES.slots }),
    book: z.union([z.boolean(), z.literal("true").transform(() => true)]).optional(),
  })
  .strict()
  .refine((proposal) => !proposal.book || proposal.slots.length === 1, {
    error: VISIT_MESSAGES.bookOne,
    path: ["slots"],
  });
export type VisitProposal = z.output<typeof VisitProposalSchema>;
export type VisitProposalInput = z.input<typeof VisitProposalSchema>;

/** POST /api/orders/track/:token/visit: the time the customer chose. */
export const VisitBookingSchema = z.object({ slot: VisitTimeSchema }).strict();
export type VisitBookingInput = z.input<typeof VisitBookingSchema>;

const PARTS = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Lagos",
});

/** "Tue 2 Dec, 10:00", in Lagos, the same on the server and in the browser. */
export function formatVisit(iso: string): string {
  const part = Object.fromEntries(PARTS.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  return `${part.weekday} ${part.day} ${part.month}, ${part.hour}:${part.minute}`;
}

/** The Lagos calendar day of an instant, "2026-12-02". */
export const lagosDay = (at: Date) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/** The value of a datetime-local field for an ISO time, in Lagos: "2026-12-02T10:00". */
export const lagosLocal = (iso: string) => new Date(Date.parse(iso) + 60 * 60 * 1000).toISOString().slice(0, 16);

/** Whether the visit is tomorrow, in Lagos, as of `now`. */
export const isTomorrow = (iso: string, now: Date) =>
  lagosDay(new Date(iso)) === lagosDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));

/** The owner's WhatsApp reminder to the customer, the day before. */
export function visitReminderMessage(
  { reference, bookedFor, trackingUrl }: { reference: string; bookedFor: string; trackingUrl: string },
  { shopName, customerName }: { shopName: string; customerName: string | null },
): string {
  return [
    `Hello${customerName ? ` ${customerName}` : ""}! A reminder from ${shopName}: our visit for your request ${reference} is tomorrow, ${formatVisit(bookedFor)}.`,
    "",
    `Details: ${trackingUrl}`,
  ].join("\n");
}

/** The tracking page's path of an order's token. */
export const trackingPath = (token: string) => `/orders/t/${token}`;
