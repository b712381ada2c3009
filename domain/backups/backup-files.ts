/**
 * A backup is one gzipped tar archive of the database and the pictures, named by the
 * moment it was taken (UTC): the name alone says when, and nothing else passes for one.
 */

/** furnish-backup-2026-05-01T10-30-00Z.tar.gz; a second one taken in the same second gets "-2", and so on. */
const BACKUP_NAME = /^furnish-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(?:-([2-9]|[1-9]\d{1,2}))?\.tar\.gz$/;

/** The file name of a backup taken at `at`; `copy` (2, 3, …) tells apart backups of the same second. */
export function backupFileName(at: Date, copy = 1): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll(":", "-");
  return `furnish-backup-${stamp}Z${copy > 1 ? `-${copy}` : ""}.tar.gz`;
}

/** When the backup of this name was taken (ISO 8601, UTC), or null when it is not a backup's name. */
export function backupTakenAt(name: string): string | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const iso = `${match[1]}T${match[2]}:${match[3]}:${match[4]}.000Z`;
  const at = new Date(iso);
  // The pattern lets through impossible dates (month 13); they name nothing.
  return Number.isNaN(at.getTime()) || at.toISOString() !== iso ? null : iso;
}

/** Where an admin downloads a backup. */
export function backupDownloadPath(name: string): string {
  return `/api/admin/operations/backups/${encodeURIComponent(name)}`;
}

/** "every 30 minutes", "every 6 hours", "every day", "every 7 days". */
export function describeBackupInterval(minutes: number): string {
  const [count, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, "day"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** "640 KB", "12.5 MB". */
export function formatBackupSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
