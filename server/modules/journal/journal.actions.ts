/**
 * The journal's door (server/door.ts): the Owner reads every entry (`journal.read`),
 * Accounts the money areas' only (`journal.money`). Nobody edits or deletes an entry
 * from the app; old ones are pruned by the housekeeping job.
 */
import type { FastifyRequest } from "fastify";
import { JournalQuerySchema, type JournalPage } from "../../../domain/journal/journal.schema";
import { allows } from "../../../domain/staff/permissions";
import type { Database } from "../../db/client";
import { requireStaff } from "../../plugins/session";
import { readBody } from "../catalog/admin-writes";
import { exportJournal, listJournal, type JournalReach } from "./journal.service";

export function createJournalActions({ db }: { db: Database }) {
  return (request: FastifyRequest) => {
    const reach = async (): Promise<JournalReach> => {
      const { viewer } = await requireStaff(request, "journal.money");
      return allows(viewer.roles, "journal.read") ? "all" : "money";
    };
    return {
      async list(query: unknown): Promise<JournalPage> {
        const scope = await reach();
        return listJournal(db, readBody(JournalQuerySchema, query), scope);
      },
      async exportCsv(query: unknown): Promise<string> {
        const scope = await reach();
        return exportJournal(db, readBody(JournalQuerySchema, query), scope);
      },
    };
  };
}
