/** The admin's catalogue transfer page, in process: the same jobs the API starts, after the same admin check. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CatalogTransferActions } from "../../../domain/catalog/catalog-csv.actions";
import type { ActionDeps } from "../../load-context";
import { requireAdmin } from "../../plugins/session";
import { importFiles } from "./catalog-transfer.routes";
import { readImportJob, startImportJob } from "./import-jobs.service";

export function createCatalogTransferActions({ transfer }: ActionDeps) {
  return (request: FastifyRequest, _reply: FastifyReply): CatalogTransferActions => ({
    startImport: async ({ csv, zip, dryRun, untilDone = false }) => {
      await requireAdmin(request);
      const body = { csv: Buffer.from(csv), ...(zip ? { pictures: Buffer.from(zip) } : {}) };
      const job = await startImportJob(transfer, importFiles(body), dryRun);
      if (untilDone) await job.finished;
      return job.id;
    },
    importJob: async (id) => {
      await requireAdmin(request);
      return readImportJob(transfer, id);
    },
  });
}
