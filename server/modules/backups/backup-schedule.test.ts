/**
 * The shop's own backups (BACKUP_EVERY, BACKUP_KEEP): one turn takes a backup when the
 * newest is old enough, keeps the newest BACKUP_KEEP, and stands aside while another
 * instance holds the lock.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName } from "../../../domain/backups/backup-files";
import { insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { createTestApp, useTestApp } from "../../../tests/support/test-app";
import { BACKUP_LOCK, runScheduledBackup } from "./backup-schedule";

const t = useTestApp();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "furnish-scheduled-backups-"));
  await insertProduct(t.db, { name: "Velvet Sofa", images: [await makeImage(t.db, t.mediaDir)] });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const HOUR = 3_600_000;
const settings = () => ({ dir, everyMinutes: 60, keep: 3 });
const turn = () => runScheduledBackup({ pool: t.pool, storage: t.storage, settings: settings() });
const hoursAgo = (hours: number) => backupFileName(new Date(Date.now() - hours * HOUR));

describe("a scheduled backup", () => {
  it("is taken when the newest is as old as BACKUP_EVERY, and only the newest BACKUP_KEEP are kept", async () => {
    // Four older backups (their contents do not matter here) and a file that is none.
    const older = [hoursAgo(2), hoursAgo(5), hoursAgo(26), hoursAgo(50)];
    for (const name of older) await writeFile(path.join(dir, name), "an older backup");
    await writeFile(path.join(dir, "notes.txt"), "the owner's own file");

    expect(await turn()).toBe("taken");
    const kept = (await readdir(dir)).sort();
    expect(kept).toHaveLength(4);
    expect(kept).toContain("notes.txt");
    expect(kept).toEqual(expect.arrayContaining([older[0], older[1]]));
    const newest = kept.find((name) => !older.includes(name) && name !== "notes.txt")!;
    expect(newest).toMatch(/^furnish-backup-.+\.tar\.gz$/);

    // The newest is minutes old: nothing is due for another hour.
    expect(await turn()).toBe("not due");
    expect((await readdir(dir)).sort()).toEqual(kept);
  });

  it("stands aside while another instance holds the lock", async () => {
    await rm(dir, { recursive: true, force: true });
    const other = await t.pool.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [BACKUP_LOCK]);
      expect(await turn()).toBe("busy");
      expect(await readdir(dir).catch(() => [])).toEqual([]);
      await other.query("select pg_advisory_unlock($1)", [BACKUP_LOCK]);
      expect(await turn()).toBe("taken");
      expect(await readdir(dir)).toHaveLength(1);
    } finally {
      other.release();
    }
  });
});

describe("the shop with BACKUP_EVERY", () => {
  it("lets its first minute go to visitors, and stops without waiting for its timer", async () => {
    const own = await mkdtemp(path.join(tmpdir(), "furnish-schedule-"));
    const shop = await createTestApp({ backups: { dir: own, everyMinutes: 5, keep: 2 } });
    try {
      await shop.app.ready();
      expect(await readdir(own)).toEqual([]);
    } finally {
      await shop.close();
      await rm(own, { recursive: true, force: true });
    }
  });
});
