/**
 * The journal, inside the staff scope, through its door (journal.actions.ts): a page of
 * entries newest first, filtered by person, area, item and Lagos days, and the same as CSV.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import { JournalPageSchema, JournalQuerySchema } from "../../../domain/journal/journal.schema";
import type { createJournalActions } from "./journal.actions";

export async function journalRoutes(
  app: FastifyInstance,
  { journal }: { journal: ReturnType<typeof createJournalActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "journal.money" } as const;

  api.get(
    "/journal",
    {
      config,
      schema: {
        summary: "List journal entries",
        querystring: JournalQuerySchema,
        response: { 200: JournalPageSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => journal(request).list(request.query),
  );

  api.get(
    "/journal/export.csv",
    {
      config,
      schema: {
        summary: "Export journal entries as CSV",
        querystring: JournalQuerySchema.omit({ page: true, limit: true }),
        response: {
          200: { content: { "text/csv": { schema: z.string().describe("RFC 4180 CSV, one line per changed field") } } },
          ...refusals(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = await journal(request).exportCsv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="journal-${day}.csv"`)
        .send(Buffer.from(csv, "utf8"));
    },
  );
}
