/**
 * When the running shop takes its own backups and how many it keeps (docs/product.md,
 * Backups): the owner's choice in Settings → Backups once they made one, else the
 * server's BACKUP_EVERY and BACKUP_KEEP.
 */
import { eq } from "drizzle-orm";
import type { BackupPlanUpdate, BackupSchedule } from "../../../domain/backups/backup-schedule";
import type { Database } from "../../db/client";
import { backupPlan } from "../../db/schema/settings";

/** BACKUP_EVERY (in minutes; unset, the shop takes none by itself) and BACKUP_KEEP. */
export interface BackupDefaults {
  everyMinutes?: number | undefined;
  keep: number;
}

export interface BackupPlan {
  schedule: BackupSchedule;
  keep: number;
  source: "settings" | "server";
}

/** The plan in force: the owner's, or the server's until the owner saves one. */
export async function readBackupPlan(db: Database, defaults: BackupDefaults): Promise<BackupPlan> {
  const [row] = await db.select().from(backupPlan).where(eq(backupPlan.id, 1));
  if (row) return { schedule: row.schedule, keep: row.keep, source: "settings" };
  return {
    schedule: defaults.everyMinutes ? { kind: "every", minutes: defaults.everyMinutes } : { kind: "off" },
    keep: defaults.keep,
    source: "server",
  };
}

/** Stores the owner's plan; from now on the server's defaults no longer apply. */
export async function saveBackupPlan(db: Database, { schedule, keep }: BackupPlanUpdate): Promise<void> {
  await db
    .insert(backupPlan)
    .values({ id: 1, schedule, keep })
    .onConflictDoUpdate({ target: backupPlan.id, set: { schedule, keep } });
}
