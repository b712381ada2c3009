/**
 * The running shop takes its own backups when BACKUP_EVERY is set: a backup is due once
 * the newest one in BACKUP_DIR is that old (so restarts never postpone it), and after
 * each the newest BACKUP_KEEP are kept. Instances sharing the database take turns: only
 * the one holding the advisory lock backs up, and it looks again whether one is due once
 * it holds it. A failure is logged and tried again later.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import { guardHeldClient } from "../../db/client";
import { listBackups, pruneBackups, takeBackup, type BackupSettings } from "./backups.service";
import type { MediaStorage } from "../media/storage/media-storage";

// Any constant works; it only has to be the same for every instance of the app (migrate.ts uses 4_242_001).
export const BACKUP_LOCK = 4_242_002;
const MINUTE = 60_000;
/** No turn comes sooner than a minute after start or the last one: a starting shop serves its visitors first. */
const MIN_WAIT_MS = MINUTE;
/** After a failure: the next try, unless the schedule is shorter. */
const RETRY_MS = 15 * MINUTE;
/** setTimeout's longest wait; a longer one is waited in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface ScheduledBackupDeps {
  pool: pg.Pool;
  storage: MediaStorage;
  settings: BackupSettings & { everyMinutes: number };
  signal?: AbortSignal;
}

/** When the next backup is due: the newest backup's time plus the interval, or now when there is none. */
async function nextDue({ dir, everyMinutes }: ScheduledBackupDeps["settings"]): Promise<number> {
  const [newest] = await listBackups(dir);
  return newest ? Date.parse(newest.takenAt) + everyMinutes * MINUTE : Date.now();
}

/**
 * One turn of the schedule: a backup if one is due and no other instance is taking one,
 * then the old ones pruned. Answers what happened.
 */
export async function runScheduledBackup({
  pool,
  storage,
  settings,
  signal,
}: ScheduledBackupDeps): Promise<"taken" | "not due" | "busy"> {
  const client = await pool.connect();
  const giveBack = guardHeldClient(client);
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      BACKUP_LOCK,
    ]);
    if (!rows[0]!.locked) return "busy";
    try {
      if ((await nextDue(settings)) > Date.now()) return "not due";
      await takeBackup(client, { storage, dir: settings.dir, signal });
      await pruneBackups(settings.dir, settings.keep);
      return "taken";
    } finally {
      await client.query("select pg_advisory_unlock($1)", [BACKUP_LOCK]);
    }
  } finally {
    giveBack();
  }
}

export const backupSchedulePlugin = fp(
  async (app: FastifyInstance, deps: Omit<ScheduledBackupDeps, "signal">) => {
    const stopping = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    const logFailure = (what: string, error: unknown) =>
      app.log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, what);

    /** Sets the timer for the next turn: when the next backup is due, but not sooner than a minute. */
    const plan = async (failed: boolean) => {
      let wait = MIN_WAIT_MS;
      try {
        wait = Math.max((await nextDue(deps.settings)) - Date.now(), MIN_WAIT_MS);
      } catch (error) {
        logFailure("Backups cannot be listed", error);
        failed = true;
      }
      if (failed) wait = Math.max(wait, Math.min(deps.settings.everyMinutes * MINUTE, RETRY_MS));
      if (stopping.signal.aborted) return;
      timer = setTimeout(
        () => {
          running = turn().finally(() => (running = null));
        },
        Math.min(wait, LONGEST_TIMER_MS),
      ).unref();
    };
    const turn = async () => {
      let failed = false;
      try {
        const outcome = await runScheduledBackup({ ...deps, signal: stopping.signal });
        if (outcome === "taken") app.log.info("Scheduled backup taken");
      } catch (error) {
        if (stopping.signal.aborted) return;
        logFailure("Scheduled backup failed", error);
        failed = true;
      }
      await plan(failed);
    };

    app.addHook("onReady", () => plan(false));
    // A backup in progress stops at its next step and removes what it wrote, before the pool closes.
    app.addHook("onClose", async () => {
      stopping.abort();
      clearTimeout(timer);
      await running;
    });
  },
  { name: "backup-schedule" },
);
