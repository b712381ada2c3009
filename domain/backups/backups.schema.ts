/** The shop's backups as the admin API answers them (names: backup-files.ts). */
import { z } from "zod";
import { BackupScheduleSchema } from "./backup-schedule";

export const BackupSummarySchema = z.object({
  name: z.string(),
  /** In bytes. */
  size: z.number().int().nonnegative(),
  takenAt: z.iso.datetime(),
});

/** GET /api/admin/operations/backups: the kept backups, newest first, and whether the shop takes them itself. */
export const BackupListSchema = z.object({
  backups: z.array(BackupSummarySchema),
  /** When the shop takes its own backups; "off" when only by hand (Back up now, `npm run backup`). */
  schedule: BackupScheduleSchema,
  /** How many of the newest backups are kept after each one. */
  keep: z.number().int().positive(),
  /** Whose the schedule is: the owner's (Settings), or the server's BACKUP_EVERY and BACKUP_KEEP until the owner sets one. */
  scheduleSource: z.enum(["settings", "server"]),
  /** When the schedule takes the next backup (now, when one is due); null when it takes none. */
  nextAt: z.iso.datetime().nullable(),
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
