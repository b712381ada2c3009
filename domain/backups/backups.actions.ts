/**
 * What an admin page's loader may read about backups, in process, for the request at
 * hand. Every call checks, on the server, that an admin is signed in (401 for a guest,
 * 403 for a customer, as the API answers).
 */
import type { BackupList, BackupStarted } from "./backups.schema";

export interface BackupActions {
  /** The kept backups, newest first, and the schedule the shop takes them on (null when none). */
  list(): Promise<BackupList>;
  /** Starts a backup now (Owner); refused (409) while one is being taken. */
  start(): Promise<BackupStarted>;
}
