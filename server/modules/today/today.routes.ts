/** Today's queues and their marks, inside the staff scope, through Today's door (docs/product.md, Today). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { EntryParamsSchema, SnoozeBodySchema, TodayMarkSchema, TodaySchema } from "../../../domain/today/today.schema";
import type { createTodayActions } from "./today.actions";

export async function todayRoutes(app: FastifyInstance, { today }: { today: ReturnType<typeof createTodayActions> }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/today",
    {
      config: { access: "today.work" },
      schema: {
        summary: "Get today's follow-up queues",
        description:
          "Each queue counted, with its first entries (the longest due first), each with its WhatsApp message filled from the templates.",
        response: { 200: TodaySchema, ...refusals(401, 403) },
      },
    },
    async (request) => today(request).read(),
  );
  api.post(
    "/today/:entryId/done",
    {
      config: { access: "today.work" },
      schema: {
        summary: "Mark a follow-up done",
        params: EntryParamsSchema,
        response: { 200: TodayMarkSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => today(request).done(request.params.entryId),
  );
  api.post(
    "/today/:entryId/snooze",
    {
      config: { access: "today.work" },
      schema: {
        summary: "Set a follow-up aside until a day",
        description: "`until` is a day (8 am in Lagos that day) or a moment, later than now and within a year.",
        params: EntryParamsSchema,
        body: SnoozeBodySchema,
        response: { 200: TodayMarkSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => today(request).snooze(request.params.entryId, request.body),
  );
}
