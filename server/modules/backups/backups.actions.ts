/**
 * The backups' door (server/door.ts): listing, downloading and taking a backup now are the
 * Owner's (`backups.manage`), for the API and the Settings page alike. A download and an
 * asked-for backup are journaled: a backup holds every customer's details.
 */
import type { FastifyRequest } from "fastify";
import type { BackupActions } from "../../../domain/backups/backups.actions";
import { refuse } from "../../../domain/refusal";
import { journaled, staffMember, type WriteParts } from "../../door";
import type { BackupOnDemand } from "./backup-on-demand";
import { describeBackups, openBackup, type BackupSettings } from "./backups.service";

export const BACKUP_STARTED = "Backup started. It shows in the list once taken, in a minute or so.";
export const BACKUP_BUSY = "A backup is being taken now. It shows in the list once taken.";

export function createBackupActions(parts: WriteParts & { backups: BackupSettings; onDemand: BackupOnDemand }) {
  const { backups, onDemand } = parts;
  return (request: FastifyRequest) =>
    ({
      list: async () => {
        await staffMember(request, "backups.manage");
        return describeBackups(backups, await onDemand.inProgress());
      },
      start: async () => {
        const by = await staffMember(request, "backups.manage");
        return journaled(
          parts,
          by,
          async () => {
            if ((await onDemand.start()) === "busy") throw refuse("conflict", BACKUP_BUSY);
            return { message: BACKUP_STARTED };
          },
          () => ({ area: "backups", item: "now", itemLabel: "Backup", action: "Backup asked for" }),
        );
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
