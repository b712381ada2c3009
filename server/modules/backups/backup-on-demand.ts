/**
 * A backup taken when the Owner asks for one (Settings → Back up now), while the shop keeps
 * running. It takes the same advisory lock as the schedule, so one backup at a time is
 * taken across every instance; the ask is answered at once and the backup shows in the
 * list once whole. After it, the newest are kept as the plan in force says (Settings →
 * Backups, else BACKUP_KEEP), as after a scheduled one.
 */
import type pg from "pg";
import { guardHeldClient } from "../../db/client";
import { BACKUP_LOCK } from "./backup-schedule";
import { pruneBackups, takeBackup } from "./backups.service";
import type { MediaStorage } from "../media/storage/media-storage";

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

export interface BackupOnDemand {
  /** Starts a backup: "busy" when one is being taken here or by another instance. */
  start(): Promise<"started" | "busy">;
  /** Whether a backup is being taken now, by any instance. */
  inProgress(): Promise<boolean>;
  /** Stops a backup in progress at its next step (it removes what it wrote). */
  close(): Promise<void>;
}

export function createBackupOnDemand({
  pool,
  storage,
  settings,
  log,
}: {
  pool: pg.Pool;
  storage: MediaStorage;
  /** BACKUP_DIR, and how many backups the plan in force keeps. */
  settings: { dir: string; keep: () => Promise<number> };
  log: Log;
}): BackupOnDemand {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;

  return {
    async start() {
      if (running || stopping.signal.aborted) return "busy";
      const client = await pool.connect();
      const giveBack = guardHeldClient(client);
      const { rows } = await client
        .query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [BACKUP_LOCK])
        .catch((error: unknown) => {
          giveBack();
          throw error;
        });
      if (!rows[0]!.locked) {
        giveBack();
        return "busy";
      }
      running = (async () => {
        try {
          await takeBackup(client, { storage, dir: settings.dir, signal: stopping.signal });
          await pruneBackups(settings.dir, await settings.keep());
          log.info("Backup taken on the owner's demand");
        } catch (error) {
          if (!stopping.signal.aborted) {
            log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, "Backup failed");
          }
        } finally {
          await client.query("select pg_advisory_unlock($1)", [BACKUP_LOCK]).catch(() => undefined);
          giveBack();
          running = null;
        }
      })();
      return "started";
    },
    async inProgress() {
      if (running) return true;
      // A session-level advisory lock on one bigint key: classid holds its high half, objid its
      // low. Advisory locks are per database: another shop on the same server has its own.
      const { rows } = await pool.query<{ held: boolean }>(
        `select exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1
           and database = (select oid from pg_database where datname = current_database())) as held`,
        [BACKUP_LOCK],
      );
      return rows[0]!.held;
    },
    async close() {
      stopping.abort();
      await running;
    },
  };
}
