/**
 * Imports run as jobs for the admin panel (docs/catalogue-csv.md, Progress): the page
 * starts one, gets its id at once, and polls the job's row while the import goes on in
 * the background on the instance that received the files. The row lives in PostgreSQL,
 * so whichever instance the page's next request reaches can answer it. The id is
 * unguessable (18 random bytes); jobs older than a day are removed when a new one starts.
 */
import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { ImportJob, ImportReport } from "../../../domain/catalog/catalog-csv";
import { catalogImportJobs } from "../../db/schema/catalog";
import { Refusal } from "../../../domain/refusal";
import {
  importCatalogue,
  type ImportFiles,
  type ImportOptions,
  type ImportProgress,
  type TransferDeps,
} from "./catalog-import.service";

/** How often a running import writes its progress down, at most. */
const PROGRESS_EVERY_MS = 250;
/**
 * A running import writes its progress at least every few seconds (a picture's fetch is
 * bounded at 20 s, four at a time); one silent this long has stopped with its process,
 * before its transaction committed, and is reported so instead of polled for ever.
 */
const SILENT_FOR_MS = 5 * 60 * 1000;
export const STOPPED =
  "The import stopped before it finished (the shop restarted); nothing was written. Please try again.";

/** The job's id, and `finished`, which settles once its report is written. */
export async function startImportJob(
  deps: TransferDeps,
  files: ImportFiles,
  { dryRun, journal }: Pick<ImportOptions, "dryRun" | "journal">,
): Promise<{ id: string; finished: Promise<unknown> }> {
  const { db } = deps;
  const id = randomBytes(18).toString("base64url");
  await db.delete(catalogImportJobs).where(lt(catalogImportJobs.createdAt, sql`now() - interval '1 day'`));
  await db.insert(catalogImportJobs).values({ id, dryRun, phase: "reading" });

  // Progress is written one update at a time, the latest winning, never more often than PROGRESS_EVERY_MS.
  let writing: Promise<unknown> = Promise.resolve();
  let last = 0;
  const write = (values: Partial<typeof catalogImportJobs.$inferInsert>) => {
    writing = writing
      .then(() =>
        db
          .update(catalogImportJobs)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(catalogImportJobs.id, id)),
      )
      .catch(() => {});
    return writing;
  };
  const onProgress = (progress: ImportProgress) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS && progress.done !== progress.total) return;
    last = now;
    void write({
      phase: progress.phase === "done" ? "writing" : progress.phase,
      done: progress.done,
      total: progress.total,
    });
  };
  const finished = importCatalogue(deps, files, { dryRun, onProgress, ...(journal ? { journal } : {}) })
    .catch((error: unknown): ImportReport => {
      // A refusal of the request itself (an unreadable ZIP) is the report's one error; anything else is logged.
      if (!(error instanceof Refusal)) deps.log?.error({ err: error }, "catalogue import failed");
      const message =
        error instanceof Refusal ? error.message : "The import stopped on an unexpected error; nothing was written.";
      return { created: 0, updated: 0, unchanged: 0, errors: [{ row: 1, field: "file", message }] };
    })
    .then((report) => write({ phase: "done", report }));
  return { id, finished };
}

export async function readImportJob(deps: Pick<TransferDeps, "db">, id: string): Promise<ImportJob | null> {
  if (!/^[\w-]{1,64}$/.test(id)) return null;
  const [row] = await deps.db.select().from(catalogImportJobs).where(eq(catalogImportJobs.id, id));
  if (!row) return null;
  const stopped = !row.report && Date.now() - row.updatedAt.getTime() > SILENT_FOR_MS;
  return {
    id: row.id,
    dryRun: row.dryRun,
    phase: stopped ? "done" : (row.phase as ImportJob["phase"]),
    done: row.done,
    total: row.total,
    report: stopped
      ? { created: 0, updated: 0, unchanged: 0, errors: [{ row: 1, field: "file", message: STOPPED }] }
      : readReport(row.report),
  };
}

/** A report saved before reports counted unchanged items (jobs are kept a day) has no count. */
function readReport(stored: unknown): ImportReport | null {
  if (!stored) return null;
  const report = stored as Omit<ImportReport, "unchanged"> & { unchanged?: number };
  return { ...report, unchanged: report.unchanged ?? 0 };
}
