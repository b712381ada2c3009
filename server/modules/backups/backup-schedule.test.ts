/**
 * The shop's own backups (Settings → Backups, else BACKUP_EVERY and BACKUP_KEEP): one turn
 * takes a backup when the newest is old enough, keeps the newest `keep`, and stands aside
 * while another instance holds the lock; a schedule the owner sets takes effect at once on
 * every instance, without a restart.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName } from "../../../domain/backups/backup-files";
import { insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import type { FastifyInstance } from "fastify";
import type { BackupList } from "../../../domain/backups/backups.schema";
import { adminCookie, freshAddress, staffCookie } from "../../../tests/support/admin-session";
import { createTestApp, TEST_MAIL_FROM, TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { createMailer } from "../mail/mailer";
import { BACKUP_LOCK, runScheduledBackup } from "./backup-schedule";
import type { BackupPlan } from "./backup-plan.service";

const t = useTestApp();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "furnish-scheduled-backups-"));
  await insertProduct(t.db, { name: "Velvet Sofa", images: [await makeImage(t.db, t.mediaDir)] });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const HOUR = 3_600_000;
const plan = async (): Promise<BackupPlan> => ({ schedule: { kind: "every", minutes: 60 }, keep: 3, source: "server" });
const turn = () => runScheduledBackup({ pool: t.pool, storage: t.storage, dir, plan });
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

describe("the schedule the owner sets in Settings → Backups", () => {
  it("takes effect at once on every instance, without a restart, and a change plans the next backup again", async () => {
    const own = await mkdtemp(path.join(tmpdir(), "furnish-planned-"));
    // Two instances of one shop on one database, each started without BACKUP_EVERY.
    const first = await createTestApp({ backups: { dir: own, keep: 7 } });
    const second = await buildApp({
      database: first,
      env: TEST_SITE,
      mediaDir: first.mediaDir,
      backups: { dir: own, keep: 7 },
      mailer: createMailer({ from: TEST_MAIL_FROM, outboxDir: first.outboxDir, log: { info: () => {} } }),
    });
    try {
      await Promise.all([first.app.ready(), second.ready()]);
      const owner = await adminCookie(first);
      const schedule = (app: FastifyInstance, body: object) =>
        app.inject({
          method: "PUT",
          url: "/api/admin/operations/backups/schedule",
          payload: body,
          headers: { cookie: owner, origin: TEST_SITE.PUBLIC_URL },
          remoteAddress: freshAddress(),
        });
      const list = async (app: FastifyInstance) =>
        (
          await app.inject({
            method: "GET",
            url: "/api/admin/operations/backups",
            headers: { cookie: owner },
            remoteAddress: freshAddress(),
          })
        ).json<BackupList>();
      const backupsIn = async () => (await readdir(own)).filter((name) => name.endsWith(".tar.gz")).sort();

      // A backup three hours old (only its name counts for the schedule).
      const old = hoursAgo(3);
      await writeFile(path.join(own, old), "an older backup");

      // Every 6 hours: the next is three hours away, and the other instance says the same.
      const sixHours = await schedule(first.app, { schedule: { kind: "every", minutes: 360 }, keep: 5 });
      expect(sixHours.statusCode, sixHours.body).toBe(200);
      const planned = sixHours.json<BackupList>();
      expect(planned).toMatchObject({ schedule: { kind: "every", minutes: 360 }, keep: 5, scheduleSource: "settings" });
      expect(Date.parse(planned.nextAt!) - Date.now()).toBeGreaterThan(2.9 * HOUR);
      expect(Date.parse(planned.nextAt!) - Date.now()).toBeLessThan(3 * HOUR);
      await expect.poll(async () => (await list(second)).schedule).toEqual({ kind: "every", minutes: 360 });

      // Every 2 hours: the backup is overdue, so one is taken now, by one of the two.
      const twoHours = await schedule(second, { schedule: { kind: "every", minutes: 120 }, keep: 5 });
      expect(twoHours.statusCode, twoHours.body).toBe(200);
      await expect.poll(backupsIn, { timeout: 60_000 }).toHaveLength(2);
      const after = await list(first.app);
      expect(after.backups[1]!.name).toBe(old);
      expect(Date.parse(after.nextAt!) - Date.parse(after.backups[0]!.takenAt)).toBe(2 * HOUR);

      // Daily at a time: the next is that time of day in Lagos, after the newest backup.
      const daily = await schedule(first.app, { schedule: { kind: "daily", at: "02:00" }, keep: 5 });
      const nextAt = new Date(daily.json<BackupList>().nextAt!);
      expect(nextAt.getTime()).toBeGreaterThan(Date.now());
      expect(nextAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * HOUR);
      expect(nextAt.toISOString()).toMatch(/T01:00:00\.000Z$/);

      // Off: none planned, on either instance.
      const off = await schedule(first.app, { schedule: { kind: "off" }, keep: 5 });
      expect(off.json<BackupList>().nextAt).toBeNull();
      await expect.poll(async () => (await list(second)).nextAt).toBeNull();

      // Journaled, in words.
      const journal = await first.app.inject({
        method: "GET",
        url: "/api/admin/operations/journal?area=backups",
        headers: { cookie: owner },
      });
      expect(journal.body).toContain("Backup schedule changed");
      expect(journal.body).toContain("every day at 2:00 am");
    } finally {
      await second.close();
      await first.close();
      await rm(own, { recursive: true, force: true });
    }
  }, 90_000);

  it("is the Owner's alone, and a wrong schedule is refused at its field", async () => {
    const owner = await adminCookie(t);
    const put = (cookie: string, body: object) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/operations/backups/schedule",
        payload: body,
        headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
        remoteAddress: freshAddress(),
      });
    const body = { schedule: { kind: "daily", at: "02:00" }, keep: 7 };
    for (const role of ["sales", "accounts", "catalogue", "workshop"] as const) {
      const refused = await put(await staffCookie(t, [role]), body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "This needs the Owner role." });
    }
    const wrong = await put(owner, { schedule: { kind: "daily", at: "25:00" }, keep: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain("Choose a time of day, such as 02:00.");
    expect(JSON.stringify(wrong.json())).toContain("Keep from 1 to 1000 backups.");
  });
});
