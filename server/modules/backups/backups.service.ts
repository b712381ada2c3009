/**
 * Taking, listing and pruning backups: one archive of the database and the pictures
 * (backup-archive.ts), written aside under a hidden name and renamed into place once
 * whole, so a list never shows half a backup.
 */
import { access, mkdir, mkdtemp, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { backupFileName, backupTakenAt } from "../../../domain/backups/backup-files";
import type { BackupList, BackupSummary } from "../../../domain/backups/backups.schema";
import { nextBackupDue } from "../../../domain/backups/backup-schedule";
import { writeArchive } from "./backup-archive";
import type { BackupPlan } from "./backup-plan.service";
import { dumpDatabase } from "./database-dump";
import type { MediaStorage } from "../media/storage/media-storage";

/**
 * BACKUP_DIR, and BACKUP_EVERY (in minutes) and BACKUP_KEEP: the plan until the owner sets
 * one in Settings (backup-plan.service.ts).
 */
export interface BackupSettings {
  dir: string;
  everyMinutes?: number | undefined;
  keep: number;
}

export interface TakenBackup {
  file: string;
  size: number;
  takenAt: string;
}

/**
 * Writes a backup of the shop on `client`'s database and the media storage, while the shop keeps
 * running: into `dir` under its own name (backupFileName), or to `file` when given (which
 * must not exist yet).
 */
export async function takeBackup(
  client: pg.ClientBase,
  { storage, dir, file, signal }: { storage: MediaStorage; dir?: string; file?: string; signal?: AbortSignal },
): Promise<TakenBackup> {
  const folder = file ? path.dirname(path.resolve(file)) : path.resolve(dir ?? ".");
  // Its own user's only, as the backups in it are.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (file && (await exists(file))) throw new Error(`${file} already exists: name a new file.`);
  const work = await mkdtemp(path.join(folder, ".furnish-backup-"));
  try {
    const dumpFolder = path.join(work, "database");
    const dump = await dumpDatabase(client, dumpFolder, signal);
    const partial = path.join(work, "backup.tar.gz");
    await writeArchive(partial, { dump, dumpFolder, storage }, signal);
    const target = file ? path.resolve(file) : await freeName(folder, new Date(dump.takenAt));
    await rename(partial, target);
    return { file: target, size: (await stat(target)).size, takenAt: dump.takenAt };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The backups in `dir`, newest first; files not named as backups are not theirs to list. */
export async function listBackups(dir: string): Promise<BackupSummary[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const backups: (BackupSummary & { copy: number })[] = [];
  for (const name of names) {
    const takenAt = backupTakenAt(name);
    if (!takenAt) continue;
    const size = await stat(path.join(dir, name)).then(
      (stats) => (stats.isFile() ? stats.size : null),
      () => null,
    );
    if (size !== null) backups.push({ name, size, takenAt, copy: Number(/-(\d+)\.tar\.gz$/.exec(name)?.[1] ?? 1) });
  }
  return backups
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt) || b.copy - a.copy)
    .map(({ copy: _copy, ...backup }) => backup);
}

/** Deletes all but the newest `keep` backups in `dir`; answers the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((backup) => backup.name);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** What the admin's list shows: the kept backups, the plan in force and when it takes the next one. */
export async function describeBackups(dir: string, plan: BackupPlan, inProgress: boolean): Promise<BackupList> {
  const backups = await listBackups(dir);
  const next = nextBackupDue(plan.schedule, backups[0]?.takenAt ?? null, new Date());
  return {
    backups,
    schedule: plan.schedule,
    keep: plan.keep,
    scheduleSource: plan.source,
    nextAt: next?.toISOString() ?? null,
    inProgress,
  };
}

/**
 * The backup of this name, opened for reading, or null when there is none. Only a
 * backup's name is looked up, so no name can reach outside `dir`.
 */
export async function openBackup(dir: string, name: string) {
  if (!backupTakenAt(name)) return null;
  const handle = await open(path.join(dir, name)).catch(() => null);
  if (!handle) return null;
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    return null;
  }
  return { handle, size: stats.size };
}

/** The backup's name for `takenAt` in `dir`, with a copy number when one of that second is there already. */
async function freeName(dir: string, takenAt: Date): Promise<string> {
  for (let copy = 1; ; copy += 1) {
    const candidate = path.join(dir, backupFileName(takenAt, copy));
    if (!(await exists(candidate))) return candidate;
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
