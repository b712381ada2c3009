/**
 * The catalogue's spreadsheet, inside the admin-only scope (docs/catalogue-csv.md):
 * export, import (answered when done), and import as a job the admin page polls.
 * Bodies: the CSV as text/csv (at most 20 MB), or multipart/form-data with the CSV and
 * a ZIP of pictures (at most 200 MB); anything else is refused before it is read. Every
 * call goes through the area's door (catalog-transfer.actions.ts).
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  CatalogueCsvSchema,
  ImportBodySchema,
  ImportJobParamsSchema,
  ImportJobSchema,
  ImportJobStartedSchema,
  ImportQuerySchema,
  ImportReportSchema,
} from "../../../domain/catalog/catalog-csv.schema";
import { Refusal, refuse } from "../../../domain/refusal";
import type { CatalogTransferDoor } from "./catalog-transfer.actions";
import { MAX_CSV_BYTES, MAX_ZIP_BYTES } from "./catalog-import.service";

/** The whole request: the ZIP, the CSV and the form's few fields. */
const IMPORT_BODY_LIMIT = MAX_ZIP_BYTES + MAX_CSV_BYTES + 64 * 1024;
const UNREADABLE_FORM = "The form data could not be read: send it again.";

export async function catalogTransferRoutes(app: FastifyInstance, { actions }: { actions: CatalogTransferDoor }) {
  // Only here: the rest of the API takes JSON alone.
  app.addContentTypeParser(
    ["text/csv", "application/csv", "text/plain"],
    { parseAs: "buffer", bodyLimit: MAX_CSV_BYTES },
    (_request, body, done) => done(null, body),
  );
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: MAX_ZIP_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 1024 },
  });
  // A broken multipart body (cut short, a bad boundary) is the sender's mistake: a 400.
  app.setErrorHandler((error: Error & { statusCode?: number }, request) => {
    if ((error.statusCode ?? 500) >= 500 && !(error instanceof Refusal) && request.isMultipart()) {
      throw refuse("invalid", UNREADABLE_FORM);
    }
    throw error;
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/products/export.csv",
    {
      config: { access: "catalogue.write" },
      schema: {
        summary: "Export the catalogue as CSV",
        response: { 200: { content: { "text/csv": { schema: CatalogueCsvSchema } } }, ...refusals(401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await actions(request).exportCsv();
      const day = new Date().toISOString().slice(0, 10);
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="catalogue-${day}.csv"`)
        .send(Buffer.from(csv, "utf8"));
    },
  );

  const importSchema = {
    querystring: ImportQuerySchema,
    body: ImportBodySchema,
    consumes: ["text/csv", "multipart/form-data"],
  };

  api.post(
    "/products/import",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: "catalogue.write" },
      schema: {
        summary: "Import the catalogue",
        ...importSchema,
        response: { 200: ImportReportSchema, ...refusals(400, 401, 403, 413, 415) },
      },
    },
    async (request: FastifyRequest<{ Querystring: { dryRun: boolean } }>) =>
      actions(request).importNow(request.body, request.query.dryRun),
  );

  api.post(
    "/products/import-jobs",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: "catalogue.write" },
      schema: {
        summary: "Start a catalogue import job",
        ...importSchema,
        response: { 202: ImportJobStartedSchema, ...refusals(400, 401, 403, 413, 415) },
      },
    },
    async (request: FastifyRequest<{ Querystring: { dryRun: boolean } }>, reply) => {
      const id = await actions(request).startImportFromBody(request.body, request.query.dryRun);
      return reply.status(202).send({ id });
    },
  );

  api.get(
    "/products/import-jobs/:id",
    {
      config: { access: "catalogue.write" },
      schema: {
        summary: "Get a catalogue import job",
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => actions(request).importJobOrRefuse(request.params.id),
  );
}
