/**
 * The backups' door (server/door.ts): listing and downloading the kept backups is the
 * Owner's (`backups.manage`), for the API and the Backups page alike. A download is
 * journaled: a backup holds every customer's details.
 */
import type { FastifyRequest } from "fastify";
import type { BackupActions } from "../../../domain/backups/backups.actions";
import { journaled, staffMember, type WriteParts } from "../../door";
import { describeBackups, openBackup, type BackupSettings } from "./backups.service";

export function createBackupActions(parts: WriteParts & { backups: BackupSettings }) {
  const { backups } = parts;
  return (request: FastifyRequest) =>
    ({
      list: async () => {
        await staffMember(request, "backups.manage");
        return describeBackups(backups);
      },
      /** The backup's file, opened for streaming, or null when there is none of that name. */
      open: async (name: string) => {
        const by = await staffMember(request, "backups.manage");
        const backup = await openBackup(backups.dir, name);
        if (!backup) return null;
        await journaled(
          parts,
          by,
          async () => undefined,
          () => ({ area: "backups", item: name, itemLabel: name, action: "Backup downloaded" }),
        ).catch(async (error: unknown) => {
          await backup.handle.close();
          throw error;
        });
        return backup;
      },
    }) satisfies BackupActions & Record<string, unknown>;
}
