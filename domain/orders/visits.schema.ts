/**
 * What the visit routes accept: the times the shop proposes and the one the customer picks
 * (the rules and messages are in visits.ts).
 */
import { z } from "zod";
import { MAX_VISIT_SLOTS, VISIT_MESSAGES } from "./visits";

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
