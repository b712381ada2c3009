/** The shop's backups as the admin API answers them (names: backup-files.ts). */
import { z } from "zod";

export const BackupSummarySchema = z.object({
  name: z.string(),
  /** In bytes. */
  size: z.number().int().nonnegative(),
  takenAt: z.iso.datetime(),
});

/** GET /api/admin/operations/backups: the kept backups, newest first, and whether the shop takes them itself. */
export const BackupListSchema = z.object({
  backups: z.array(BackupSummarySchema),
  /** BACKUP_EVERY and BACKUP_KEEP; null when backups are only taken by hand (`npm run backup`). */
  schedule: z.object({ everyMinutes: z.number().int().positive(), keep: z.number().int().positive() }).nullable(),
  /** A backup is being taken now (asked for, or on the schedule), by this instance or another. */
  inProgress: z.boolean(),
});

/** POST /api/admin/operations/backups: a backup was started; it is listed once whole. */
export const BackupStartedSchema = z.object({ message: z.string() });

/**
 * GET /api/admin/operations/backups/:name. Any text is accepted: a name that is not a
 * backup's names nothing, so the route answers 404 without looking at the disk.
 */
export const BackupParamsSchema = z.object({ name: z.string().max(200) });

/** The archive itself, as the download answers it. */
export const BackupArchiveSchema = z.string().meta({ description: "The backup: a gzipped tar archive." });

export type BackupSummary = z.output<typeof BackupSummarySchema>;
export type BackupList = z.output<typeof BackupListSchema>;
export type BackupStarted = z.output<typeof BackupStartedSchema>;
