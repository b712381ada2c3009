/**
 * What the admin's catalogue transfer page may do, in process, for the request at hand
 * (docs/catalogue-csv.md). Every call checks, on the server, that an admin is signed in
 * (401 for a guest, 403 for a customer, as the API answers).
 */
import type { ImportJob } from "./catalog-csv";

export interface CatalogTransferActions {
  /**
   * Starts checking (`dryRun`) or importing the spreadsheet, with its ZIP of pictures if
   * any, and answers with the job's id: at once (the import goes on in the background),
   * or, with `untilDone`, once the job has its report (a browser without scripts, which
   * cannot poll).
   */
  startImport(files: {
    csv: Uint8Array;
    zip: Uint8Array | null;
    dryRun: boolean;
    untilDone?: boolean;
  }): Promise<string>;
  /** The job as it is now; null when there is no such job (or it is over a day old). */
  importJob(id: string): Promise<ImportJob | null>;
}
