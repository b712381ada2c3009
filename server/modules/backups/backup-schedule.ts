/**
 * The running shop takes its own backups on the plan in force (backup-plan.service.ts:
 * the owner's Settings → Backups, else BACKUP_EVERY and BACKUP_KEEP): a backup is due
 * counted from the newest one in BACKUP_DIR (domain/backups/backup-schedule.ts, so
 * restarts never postpone it), and after each the newest `keep` are kept. Instances
 * sharing the database take turns: only the one holding the advisory lock backs up, and
 * it looks again whether one is due once it holds it. A failure is logged and tried again
 * later. A change of plan reaches every instance as the settings' changes do (the read
 * cache empties on each), and each plans its next turn again at once, without a restart.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import { nextBackupDue } from "../../../domain/backups/backup-schedule";
import { guardHeldClient } from "../../db/client";
import type { BackupPlan } from "./backup-plan.service";
import { listBackups, pruneBackups, takeBackup } from "./backups.service";
import type { MediaStorage } from "../media/storage/media-storage";

// Any constant works; it only has to be the same for every instance of the app (migrate.ts uses 4_242_001).
export const BACKUP_LOCK = 4_242_002;
const MINUTE = 60_000;
/** No turn comes sooner than a minute after start or the last one: a starting shop serves its visitors first. */
const MIN_WAIT_MS = MINUTE;
/** After the owner changes the plan, the first turn may come this soon: the shop is up and serving. */
const AFTER_CHANGE_MS = 5_000;
/** Changes come in bursts (a catalogue import empties the cache many times): the plan is read once per burst. */
const SETTLE_MS = 1_000;
/** After a failure: the next try, unless the schedule is sooner. */
const RETRY_MS = 15 * MINUTE;
/** setTimeout's longest wait; a longer one is waited in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface ScheduledBackupDeps {
  pool: pg.Pool;
  storage: MediaStorage;
  /** BACKUP_DIR. */
  dir: string;
  /** The plan in force now. */
  plan: () => Promise<BackupPlan>;
  signal?: AbortSignal;
}

/** When the plan's next backup is due, counted from the newest in `dir`; null when it takes none. */
async function nextDue(dir: string, plan: BackupPlan): Promise<Date | null> {
  const [newest] = await listBackups(dir);
  return nextBackupDue(plan.schedule, newest?.takenAt ?? null, new Date());
}

/**
 * One turn of the schedule: a backup if one is due and no other instance is taking one,
 * then the old ones pruned. Answers what happened.
 */
export async function runScheduledBackup({
  pool,
  storage,
  dir,
  plan,
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
      const now = await plan();
      const due = await nextDue(dir, now);
      if (!due || due.getTime() > Date.now()) return "not due";
      await takeBackup(client, { storage, dir, signal });
      await pruneBackups(dir, now.keep);
      return "taken";
    } finally {
      await client.query("select pg_advisory_unlock($1)", [BACKUP_LOCK]);
    }
  } finally {
    giveBack();
  }
}

export const backupSchedulePlugin = fp(
  async (
    app: FastifyInstance,
    deps: Omit<ScheduledBackupDeps, "signal"> & {
      /** Subscribes to changes of the plan (the read cache emptying); answers the unsubscribe. */
      onChange: (listener: () => void) => () => void;
    },
  ) => {
    const stopping = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let settle: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    /** The plan the timer was set for, to tell a change of plan from any other change. */
    let plannedFor = "";
    let earliest = Date.now() + MIN_WAIT_MS;
    /** Counts the plannings: only the latest sets the timer. */
    let plannings = 0;
    const logFailure = (what: string, error: unknown) =>
      app.log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, what);

    /** Sets the timer for the next turn: when the next backup is due, but not before `earliest`; none when the plan takes none. */
    const plan = async (failed: boolean) => {
      const mine = ++plannings;
      let wait: number | null;
      try {
        const now = await deps.plan();
        plannedFor = JSON.stringify(now);
        const due = await nextDue(deps.dir, now);
        wait = due && Math.max(due.getTime(), earliest) - Date.now();
        if (failed && wait !== null) {
          const every = now.schedule.kind === "every" ? now.schedule.minutes * MINUTE : RETRY_MS;
          wait = Math.max(wait, Math.min(every, RETRY_MS));
        }
      } catch (error) {
        logFailure("The backup schedule cannot be read", error);
        wait = RETRY_MS;
      }
      if (mine !== plannings || stopping.signal.aborted) return;
      clearTimeout(timer);
      timer = undefined;
      if (wait === null) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          running = turn().finally(() => (running = null));
        },
        Math.max(0, Math.min(wait, LONGEST_TIMER_MS)),
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
      earliest = Date.now() + MIN_WAIT_MS;
      await plan(failed);
    };
    /** A change somewhere: if it changed the plan, the next turn is planned again (a running turn plans after itself). */
    const replanIfChanged = async () => {
      if (stopping.signal.aborted || running) return;
      try {
        const now = JSON.stringify(await deps.plan());
        if (now === plannedFor || running) return;
        earliest = Math.min(earliest, Date.now() + AFTER_CHANGE_MS);
        await plan(false);
      } catch (error) {
        logFailure("The backup schedule cannot be read", error);
      }
    };

    let unsubscribe = () => {};
    app.addHook("onReady", async () => {
      unsubscribe = deps.onChange(() => {
        if (settle) return;
        settle = setTimeout(() => {
          settle = undefined;
          void replanIfChanged();
        }, SETTLE_MS).unref();
      });
      await plan(false);
    });
    // A backup in progress stops at its next step and removes what it wrote, before the pool closes.
    app.addHook("onClose", async () => {
      stopping.abort();
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(settle);
      await running;
    });
  },
  { name: "backup-schedule" },
);
