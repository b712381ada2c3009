/**
 * The catalogue's spreadsheet, inside the admin-only scope (docs/catalogue-csv.md):
 * export, import (answered when done), and import as a job the admin page polls.
 * Bodies: the CSV as text/csv (at most 20 MB), or multipart/form-data with the CSV and
 * a ZIP of pictures (at most 200 MB); anything else is refused before it is read.
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
import { HttpError } from "../../plugins/errors";
import { exportCatalogueCsv } from "./catalog-export.service";
import {
  importCatalogue,
  MAX_CSV_BYTES,
  MAX_ZIP_BYTES,
  type ImportFiles,
  type TransferDeps,
} from "./catalog-import.service";
import { readImportJob, startImportJob } from "./import-jobs.service";

const WRONG_BODY =
  "Send the CSV as text/csv, or as multipart/form-data with the file field csv (and optionally a ZIP of pictures as pictures).";
const CSV_TOO_LARGE = `The CSV is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`;
const UNREADABLE_FORM = "The form data could not be read: send it again.";
const JOB_GONE = "There is no such import (they are kept for a day).";

/** The whole request: the ZIP, the CSV and the form's few fields. */
const IMPORT_BODY_LIMIT = MAX_ZIP_BYTES + MAX_CSV_BYTES + 64 * 1024;

/** The files a request carries, or a 4xx saying what is wrong with it. */
export function importFiles(body: unknown): ImportFiles {
  let files: ImportFiles;
  if (Buffer.isBuffer(body)) files = { csv: body };
  else if (typeof body === "object" && body !== null && Buffer.isBuffer((body as { csv?: unknown }).csv)) {
    const { csv, pictures } = body as { csv: Buffer; pictures?: unknown };
    if (pictures !== undefined && !Buffer.isBuffer(pictures)) throw new HttpError(415, WRONG_BODY);
    files = { csv, zip: pictures ?? null };
  } else throw new HttpError(415, WRONG_BODY);
  if (files.csv.length > MAX_CSV_BYTES) throw new HttpError(413, CSV_TOO_LARGE);
  return files;
}

export async function catalogTransferRoutes(app: FastifyInstance, { transfer }: { transfer: TransferDeps }) {
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
    if ((error.statusCode ?? 500) >= 500 && !(error instanceof HttpError) && request.isMultipart()) {
      throw new HttpError(400, UNREADABLE_FORM);
    }
    throw error;
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/products/export.csv",
    {
      schema: {
        summary: "Export the catalogue as CSV",
        response: { 200: { content: { "text/csv": { schema: CatalogueCsvSchema } } }, ...refusals(401, 403) },
      },
    },
    async (_request, reply) => {
      const csv = await exportCatalogueCsv(transfer.db, transfer.publicUrl);
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
      schema: {
        summary: "Import the catalogue",
        ...importSchema,
        response: { 200: ImportReportSchema, ...refusals(400, 401, 403, 413, 415) },
      },
    },
    async (request: FastifyRequest<{ Querystring: { dryRun: boolean } }>) =>
      importCatalogue(transfer, importFiles(request.body), { dryRun: request.query.dryRun }),
  );

  api.post(
    "/products/import-jobs",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: "Start a catalogue import job",
        ...importSchema,
        response: { 202: ImportJobStartedSchema, ...refusals(400, 401, 403, 413, 415) },
      },
    },
    async (request: FastifyRequest<{ Querystring: { dryRun: boolean } }>, reply) => {
      const { id } = await startImportJob(transfer, importFiles(request.body), request.query.dryRun);
      return reply.status(202).send({ id });
    },
  );

  api.get(
    "/products/import-jobs/:id",
    {
      schema: {
        summary: "Get a catalogue import job",
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => {
      const job = await readImportJob(transfer, request.params.id);
      if (!job) throw new HttpError(404, JOB_GONE);
      return job;
    },
  );
}
