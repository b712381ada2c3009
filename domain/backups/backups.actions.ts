/**
 * What an admin page's loader and action may do with backups, in process, for the request
 * at hand. Every call checks, on the server, that an admin is signed in (401 for a guest,
 * 403 for a customer, as the API answers).
 */
import type { BackupPlanUpdate } from "./backup-schedule";
import type { BackupList, BackupStarted } from "./backups.schema";

export interface BackupActions {
  /** The kept backups, newest first, and the schedule the shop takes them on (null when none). */
  list(): Promise<BackupList>;
  /** Starts a backup now (Owner); refused (409) while one is being taken. */
  start(): Promise<BackupStarted>;
  /** Sets when the shop takes its backups and how many it keeps (Owner); answers the list as it now stands. */
  saveSchedule(body: BackupPlanUpdate): Promise<BackupList>;
}
