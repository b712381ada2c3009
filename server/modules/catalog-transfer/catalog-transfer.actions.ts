/**
 * The catalogue spreadsheet's door (server/door.ts): export, import and import jobs, for
 * the API's routes and the admin's transfer page alike, all under `catalogue.write`
 * (an export is the whole catalogue with its prices). An import that writes is journaled
 * in its own transaction: an entry for each item it added or changed, with each field
 * before → after (the first ITEM_ENTRIES of them; a huge import would bury the rest of the
 * journal), and one entry for the whole with how many it added, changed and left as they
 * were, and how many items it did not list one by one.
 */
import type { FastifyRequest } from "fastify";
import type { ImportJob, ImportReport } from "../../../domain/catalog/catalog-csv";
import { refuse } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { changesBetween, staffMember, type Actor, type JournalNote } from "../../door";
import { writeJournalEntries } from "../journal/journal.service";
import { exportCatalogueCsv } from "./catalog-export.service";
import { checkHeaderWidth } from "./csv-read";
import {
  importCatalogue,
  MAX_CSV_BYTES,
  PICTURE_FIELDS,
  type ImportedItem,
  type ImportFiles,
  type TransferDeps,
} from "./catalog-import.service";
import { readImportJob, startImportJob } from "./import-jobs.service";

const WRONG_BODY =
  "Send the CSV as text/csv, or as multipart/form-data with the file field csv (and optionally a ZIP of pictures as pictures).";
const CSV_TOO_LARGE = `The CSV is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`;
const JOB_GONE = "There is no such import (they are kept for a day).";

/** The files a request carries, or a 4xx saying what is wrong with it. */
export function importFiles(body: unknown): ImportFiles {
  let files: ImportFiles;
  if (Buffer.isBuffer(body)) files = { csv: body };
  else if (typeof body === "object" && body !== null && Buffer.isBuffer((body as { csv?: unknown }).csv)) {
    const { csv, pictures } = body as { csv: Buffer; pictures?: unknown };
    if (pictures !== undefined && !Buffer.isBuffer(pictures)) throw refuse("unsupported", WRONG_BODY);
    files = { csv, zip: pictures ?? null };
  } else throw refuse("unsupported", WRONG_BODY);
  if (files.csv.length > MAX_CSV_BYTES) throw refuse("too-large", CSV_TOO_LARGE);
  checkHeaderWidth(files.csv);
  return files;
}

/** How many items an import journals one by one. */
export const ITEM_ENTRIES = 200;

const TYPE_LABELS = { product: "Product", collection: "Collection" } as const;

/** An item's entry: each field before → after; pictures only say that they changed. */
function itemNote(item: ImportedItem): JournalNote {
  return {
    area: "catalogue",
    item: item.id,
    itemLabel: item.name,
    action: `${TYPE_LABELS[item.type]} ${item.before ? "changed" : "added"} by import`,
    changes: changesBetween(item.before, item.after).map((change) =>
      PICTURE_FIELDS.includes(change.field)
        ? { field: change.field, before: null, after: change.after === null ? "(removed)" : "(changed)" }
        : change,
    ),
  };
}

/** The import's journal entries, written in its transaction. */
const journalOf = (by: Actor) => (tx: Database, report: ImportReport, items: readonly ImportedItem[]) =>
  writeJournalEntries(tx, by, [
    ...items.slice(0, ITEM_ENTRIES).map(itemNote),
    {
      area: "catalogue",
      item: "import",
      itemLabel: "Catalogue spreadsheet",
      action: "Catalogue imported",
      changes: [
        { field: "added", before: null, after: String(report.created) },
        { field: "changed", before: null, after: String(report.updated) },
        { field: "unchanged", before: null, after: String(report.unchanged) },
        ...(items.length > ITEM_ENTRIES
          ? [{ field: "not listed one by one", before: null, after: String(items.length - ITEM_ENTRIES) }]
          : []),
      ],
    },
  ]);

export function createCatalogTransferActions(transfer: TransferDeps) {
  return (request: FastifyRequest) => {
    const writer = () => staffMember(request, "catalogue.write");
    const start = async (files: () => ImportFiles, dryRun: boolean, untilDone: boolean) => {
      const by = await writer();
      const job = await startImportJob(transfer, files(), { dryRun, journal: journalOf(by) });
      if (untilDone) await job.finished;
      return job.id;
    };
    return {
      async exportCsv(): Promise<string> {
        await writer();
        return exportCatalogueCsv(transfer.db, transfer.publicUrl);
      },
      /** Imports and answers the report once done (the API's one-call import). */
      async importNow(body: unknown, dryRun: boolean): Promise<ImportReport> {
        const by = await writer();
        return importCatalogue(transfer, importFiles(body), { dryRun, journal: journalOf(by) });
      },
      /** Starts an import job from the API's body; its id. */
      startImportFromBody: (body: unknown, dryRun: boolean) => start(() => importFiles(body), dryRun, false),
      /** Starts an import job from the transfer page's files; its id, once done when `untilDone`. */
      startImport: ({
        csv,
        zip,
        dryRun,
        untilDone = false,
      }: {
        csv: Uint8Array;
        zip?: Uint8Array | null;
        dryRun: boolean;
        untilDone?: boolean;
      }) =>
        start(
          () => importFiles({ csv: Buffer.from(csv), ...(zip ? { pictures: Buffer.from(zip) } : {}) }),
          dryRun,
          untilDone,
        ),
      async importJob(id: string): Promise<ImportJob | null> {
        await writer();
        return readImportJob(transfer, id);
      },
      async importJobOrRefuse(id: string): Promise<ImportJob> {
        const job = await this.importJob(id);
        if (!job) throw refuse("missing", JOB_GONE);
        return job;
      },
    };
  };
}

export type CatalogTransferDoor = ReturnType<typeof createCatalogTransferActions>;
