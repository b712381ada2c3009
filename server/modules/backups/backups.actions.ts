/**
 * The backups' door (server/door.ts): listing, downloading, taking a backup now and
 * setting when the shop takes them are the Owner's (`backups.manage`), for the API and
 * the Settings page alike. A download, an asked-for backup and a new schedule are
 * journaled: a backup holds every customer's details.
 */
import type { FastifyRequest } from "fastify";
import type { BackupActions } from "../../../domain/backups/backups.actions";
import { refuse } from "../../../domain/refusal";
import { changesBetween, journaled, staffMember, type WriteParts } from "../../door";
import type { BackupOnDemand } from "./backup-on-demand";
import { BackupPlanUpdateSchema, describeBackupSchedule } from "../../../domain/backups/backup-schedule";
import { readBody } from "../catalog/admin-writes";
import { readBackupPlan, saveBackupPlan, type BackupDefaults, type BackupPlan } from "./backup-plan.service";
import { describeBackups, openBackup } from "./backups.service";

export const BACKUP_STARTED = "Backup started. It shows in the list once taken, in a minute or so.";
export const BACKUP_BUSY = "A backup is being taken now. It shows in the list once taken.";

/** The plan as the journal shows it: when, in words, and how many are kept. */
const planForJournal = (plan: BackupPlan) => ({
  schedule: describeBackupSchedule(plan.schedule) ?? "only when asked",
  keep: plan.keep,
});

export function createBackupActions(
  parts: WriteParts & {
    /** BACKUP_DIR, and BACKUP_EVERY and BACKUP_KEEP: the plan until the owner saves one. */
    backups: BackupDefaults & { dir: string };
    /** The plan in force, through the read cache. */
    plan: () => Promise<BackupPlan>;
    onDemand: BackupOnDemand;
  },
) {
  const { backups, onDemand, plan } = parts;
  return (request: FastifyRequest) =>
    ({
      list: async () => {
        await staffMember(request, "backups.manage");
        return describeBackups(backups.dir, await plan(), await onDemand.inProgress());
      },
      /** Sets when the shop takes its backups and how many it keeps; every instance follows at once. */
      saveSchedule: async (body: unknown) => {
        const by = await staffMember(request, "backups.manage");
        const update = readBody(BackupPlanUpdateSchema, body);
        await journaled(
          parts,
          by,
          async (p) => {
            const before = await readBackupPlan(p.db, backups);
            await saveBackupPlan(p.db, update);
            // The trigger tells every instance once committed; this one hears it at once.
            p.cache.invalidate();
            return { before, after: await readBackupPlan(p.db, backups) };
          },
          ({ before, after }) => ({
            area: "backups",
            item: "schedule",
            itemLabel: "Backup schedule",
            action: "Backup schedule changed",
            changes: changesBetween(planForJournal(before), planForJournal(after)),
          }),
        );
        return describeBackups(backups.dir, await readBackupPlan(parts.db, backups), await onDemand.inProgress());
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
