/**
 * Page actions for the shop's setup (the dashboard's checklist and its Remove demo
 * catalogue): the same server functions the API route calls, bound to one request. Every
 * call first checks that an admin is signed in, as the API's admin scope does.
 */
import type { FastifyRequest } from "fastify";
import type { SetupActions } from "../../../domain/setup/setup.actions";
import type { ActionDeps } from "../../load-context";
import { requireAdmin } from "../../plugins/session";
import type { AdminWriteDeps } from "../catalog/catalog-admin.service";
import { countDemoCatalogue, removeDemoCatalogue } from "./demo-catalogue.service";

export function createSetupActions({ app, db, cache, storage, mailer }: ActionDeps) {
  const deps: AdminWriteDeps = { db, storage, cache, avifJobs: app.avifJobs, realtime: app.realtime };
  return (request: FastifyRequest): SetupActions => ({
    async getStatus() {
      await requireAdmin(request);
      return { mailGoesToFiles: mailer.delivery === "files", demoCatalogue: await countDemoCatalogue(db) };
    },
    async removeDemoCatalogue() {
      await requireAdmin(request);
      return removeDemoCatalogue(deps);
    },
  });
}
