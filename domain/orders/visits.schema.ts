/**
 * What the visit routes accept: the times the shop proposes and the one the customer picks
 * (the rules and messages are in visits.ts).
 */
import { z } from "zod";
import { parseMoment } from "../dates";
import { MAX_VISIT_SLOTS, VISIT_MESSAGES } from "./visits";

/**
 * An ISO date-time with an offset ("…Z", "…+01:00"), or a day and a time of Lagos as a
 * person types them ("2 Dec 2026, 10:00 am", "02/12/2026 14:30", the day first) or as a
 * browser's date-and-time box sends them ("2026-12-02T10:00"): one parser (domain/dates.ts).
 */
export const VisitTimeSchema = z
  .string({ error: VISIT_MESSAGES.slot })
  .trim()
  .transform((text, context) => {
    const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
    const typed = withOffset ? null : parseMoment(text);
    const date = withOffset ? new Date(text) : typed ? new Date(typed) : null;
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
