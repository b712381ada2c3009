/**
 * When the running shop takes its own backups (docs/product.md, Backups): never, every so
 * many hours (the server's BACKUP_EVERY may say minutes), or every day at a time of the
 * shop's day in Lagos. Whichever it is, the next backup is due counted from the newest one
 * kept, so a restart never postpones it and a backup missed while the shop was down is
 * taken as soon as it is up again.
 */
import { z } from "zod";
import { formatClock } from "../dates";
import { describeBackupInterval } from "./backup-files";

/** What the form offers for "every few hours". */
export const BACKUP_EVERY_HOURS = [1, 2, 3, 4, 6, 8, 12] as const;
/** The most backups kept, as BACKUP_KEEP allows. */
export const MAX_BACKUPS_KEPT = 1000;

export const BACKUP_PLAN_MESSAGES = {
  kind: "Choose when the shop takes its backups.",
  every: "Choose how many hours apart.",
  at: "Choose a time of day, such as 02:00.",
  keep: `Keep from 1 to ${MAX_BACKUPS_KEPT} backups.`,
} as const;

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** Lagos keeps West Africa Time all year: UTC+1. */
const LAGOS_OFFSET_MS = 60 * MINUTE;

export const BackupScheduleSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("off") }),
    z.object({
      kind: z.literal("every"),
      // As BACKUP_EVERY allows: each backup copies the whole shop, so more often only wears the disk.
      minutes: z
        .number({ error: BACKUP_PLAN_MESSAGES.every })
        .int({ error: BACKUP_PLAN_MESSAGES.every })
        .min(5, { error: BACKUP_PLAN_MESSAGES.every })
        .max(366 * 1440, { error: BACKUP_PLAN_MESSAGES.every }),
    }),
    z.object({
      kind: z.literal("daily"),
      /** The time of day in Lagos, "02:00". */
      at: z.string({ error: BACKUP_PLAN_MESSAGES.at }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
        error: BACKUP_PLAN_MESSAGES.at,
      }),
    }),
  ],
  { error: BACKUP_PLAN_MESSAGES.kind },
);
export type BackupSchedule = z.output<typeof BackupScheduleSchema>;

const KeepSchema = z
  .number({ error: BACKUP_PLAN_MESSAGES.keep })
  .int({ error: BACKUP_PLAN_MESSAGES.keep })
  .min(1, { error: BACKUP_PLAN_MESSAGES.keep })
  .max(MAX_BACKUPS_KEPT, { error: BACKUP_PLAN_MESSAGES.keep });

/** PUT /api/admin/operations/backups/schedule: the schedule and how many backups to keep. */
export const BackupPlanUpdateSchema = z.object({ schedule: BackupScheduleSchema, keep: KeepSchema });
export type BackupPlanUpdate = z.output<typeof BackupPlanUpdateSchema>;

/**
 * Settings → Backups as the form posts it: when (off, every few hours, daily), the hours
 * apart and the time of day (each read only for its choice), and how many to keep.
 */
export const BackupPlanFormSchema = z
  .object({
    kind: z.enum(["off", "every", "daily"], { error: BACKUP_PLAN_MESSAGES.kind }),
    everyHours: z.coerce.number().optional(),
    at: z.string().optional(),
    keep: z.coerce.number({ error: BACKUP_PLAN_MESSAGES.keep }),
  })
  .transform(({ kind, everyHours, at, keep }, ctx): BackupPlanUpdate => {
    const schedule =
      kind === "every"
        ? { kind, minutes: (everyHours ?? Number.NaN) * 60 }
        : kind === "daily"
          ? { kind, at: at ?? "" }
          : { kind };
    const parsed = BackupPlanUpdateSchema.safeParse({ schedule, keep });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field =
        issue.path[0] === "keep" ? "keep" : kind === "every" ? "everyHours" : kind === "daily" ? "at" : "kind";
      ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    }
    return z.NEVER;
  });

/** The first moment after `after` whose Lagos clock reads `at` ("02:00"). */
function nextDailyAt(at: string, after: Date): Date {
  const [hours, minutes] = at.split(":").map(Number) as [number, number];
  const clock = new Date(after.getTime() + LAGOS_OFFSET_MS);
  const today =
    Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate(), hours, minutes) - LAGOS_OFFSET_MS;
  return new Date(today > after.getTime() ? today : today + DAY);
}

/**
 * When the next backup is due: null when the shop takes none by itself; `now` when it has
 * none yet or one is overdue; otherwise the newest backup's time plus the interval, or the
 * first time of day after the newest backup.
 */
export function nextBackupDue(schedule: BackupSchedule, newestTakenAt: string | null, now: Date): Date | null {
  if (schedule.kind === "off") return null;
  if (!newestTakenAt) return now;
  const newest = new Date(newestTakenAt);
  const due =
    schedule.kind === "every"
      ? new Date(newest.getTime() + schedule.minutes * MINUTE)
      : nextDailyAt(schedule.at, newest);
  return due < now ? now : due;
}

/** "every 6 hours", "every day at 2:00 am" (Lagos time), or null when the shop takes none by itself. */
export function describeBackupSchedule(schedule: BackupSchedule): string | null {
  if (schedule.kind === "off") return null;
  if (schedule.kind === "every") return describeBackupInterval(schedule.minutes);
  return `every day at ${formatDailyAt(schedule.at)}`;
}

/** "2:00 am" for "02:00": a time of the shop's day, read as Lagos reads its clock. */
export function formatDailyAt(at: string): string {
  return formatClock(new Date(Date.parse(`2026-01-01T${at}:00.000Z`) - LAGOS_OFFSET_MS));
}
