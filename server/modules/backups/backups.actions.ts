/** What admin pages may read about backups: the list the API answers, after the same admin check. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { BackupActions } from "../../../domain/backups/backups.actions";
import type { ActionDeps } from "../../load-context";
import { requireAdmin } from "../../plugins/session";
import { describeBackups } from "./backups.service";

export function createBackupActions({ backups }: ActionDeps) {
  return (request: FastifyRequest, _reply: FastifyReply): BackupActions => ({
    list: async () => {
      await requireAdmin(request);
      return describeBackups(backups);
    },
  });
}
