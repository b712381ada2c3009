/**
 * The admin's backups over HTTP and in page loaders: the list (newest first), the
 * download and a backup taken on demand, for the Owner only; a name that is not a backup's is answered 404 without
 * reaching the disk outside BACKUP_DIR.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { backupDownloadPath, backupFileName } from "../../../domain/backups/backup-files";
import type { BackupList } from "../../../domain/backups/backups.schema";
import { adminCookie, customerCookie, freshAddress } from "../../../tests/support/admin-session";
import { useTestApp } from "../../../tests/support/test-app";
import { createBackupActions } from "./backups.actions";

const t = useTestApp();
let owner: string;
const older = backupFileName(new Date("2026-03-01T08:00:00Z"));
const newer = backupFileName(new Date("2026-03-02T08:00:00Z"));
const sameSecond = backupFileName(new Date("2026-03-02T08:00:00Z"), 2);

beforeAll(async () => {
  owner = await adminCookie(t);
  await writeFile(path.join(t.backupsDir, older), "older backup bytes");
  await writeFile(path.join(t.backupsDir, newer), "newer backup bytes, a few more");
  await writeFile(path.join(t.backupsDir, sameSecond), "taken in the same second");
  await writeFile(path.join(t.backupsDir, "notes.txt"), "not a backup");
  await mkdir(path.join(t.backupsDir, backupFileName(new Date("2026-03-03T08:00:00Z"))));
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {}, remoteAddress: freshAddress() });

describe("GET /api/admin/operations/backups", () => {
  it("lists the kept backups, newest first, with their size and when they were taken", async () => {
    const response = await get("/api/admin/operations/backups", owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json<BackupList>()).toEqual({
      backups: [
        { name: sameSecond, size: 24, takenAt: "2026-03-02T08:00:00.000Z" },
        { name: newer, size: 30, takenAt: "2026-03-02T08:00:00.000Z" },
        { name: older, size: 18, takenAt: "2026-03-01T08:00:00.000Z" },
      ],
      // Without BACKUP_EVERY and before the owner sets a schedule, only backups asked for are taken.
      schedule: { kind: "off" },
      keep: 7,
      scheduleSource: "server",
      nextAt: null,
      inProgress: false,
    });
  });

  it("is for admins only", async () => {
    expect((await get("/api/admin/operations/backups")).statusCode).toBe(401);
    expect((await get("/api/admin/operations/backups", await customerCookie(t))).statusCode).toBe(403);
  });
});

describe("GET /api/admin/operations/backups/:name", () => {
  it("downloads the backup as a file", async () => {
    const response = await get(backupDownloadPath(older), owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/gzip");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${older}"`);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body).toBe("older backup bytes");
  });

  it("is for admins only", async () => {
    expect((await get(backupDownloadPath(older))).statusCode).toBe(401);
    const customer = await get(backupDownloadPath(older), await customerCookie(t));
    expect(customer.statusCode).toBe(403);
    expect(customer.body).not.toContain("older backup bytes");
  });

  it("never reaches outside the folder", async () => {
    for (const url of [
      "/api/admin/operations/backups/../../../etc/passwd",
      "/api/admin/operations/backups/../notes.txt",
    ]) {
      const response = await get(url, owner);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
    }
  });

  it.each([
    ["a file that is not a backup", "notes.txt"],
    ["a way out, encoded", "..%2F..%2Fetc%2Fpasswd"],
    ["a backup's name with a path before it", `..%2Fbackups%2F${older}`],
    ["an impossible date", "furnish-backup-2026-13-40T08-00-00Z.tar.gz"],
    ["a backup that is not there", backupFileName(new Date("2025-01-01T00:00:00Z"))],
    ["a folder named as a backup", backupFileName(new Date("2026-03-03T08:00:00Z"))],
  ])("answers 404 for %s", async (_label, name) => {
    const response = await get(`/api/admin/operations/backups/${name}`, owner);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "There is no backup of that name." });
  });
});

describe("the page loaders' backups", () => {
  const actions = () =>
    createBackupActions({
      backups: { dir: t.backupsDir, everyMinutes: 1440, keep: 7 },
      plan: async () => ({ schedule: { kind: "every", minutes: 1440 }, keep: 7, source: "server" }),
      onDemand: { inProgress: async () => false },
    } as never);
  const asViewer = (viewer: { isAdmin: boolean; roles: string[] } | null) =>
    actions()({ signedIn: async () => (viewer ? { viewer } : null) } as unknown as FastifyRequest);

  it("lists them for an admin, with the schedule", async () => {
    const list = await asViewer({ isAdmin: true, roles: ["owner"] }).list();
    expect(list.backups.map((backup) => backup.name)).toEqual([sameSecond, newer, older]);
    expect(list).toMatchObject({ schedule: { kind: "every", minutes: 1440 }, keep: 7, scheduleSource: "server" });
  });

  it("refuses guests and customers as the API does", async () => {
    await expect(asViewer(null).list()).rejects.toMatchObject({ statusCode: 401 });
    await expect(asViewer({ isAdmin: false, roles: [] }).list()).rejects.toMatchObject({ statusCode: 403 });
    await expect(asViewer({ isAdmin: true, roles: ["sales", "accounts"] }).list()).rejects.toMatchObject({
      statusCode: 403,
      message: "This needs the Owner role.",
    });
  });
});

describe("POST /api/admin/operations/backups", () => {
  const post = (cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/operations/backups",
      headers: cookie ? { cookie } : {},
      remoteAddress: freshAddress(),
    });

  it("is for the Owner only", async () => {
    expect((await post()).statusCode).toBe(401);
    expect((await post(await customerCookie(t))).statusCode).toBe(403);
  });

  it("takes a backup while the shop runs, one at a time, and lists it once whole", async () => {
    const before = (await get("/api/admin/operations/backups", owner)).json<BackupList>().backups.length;
    // Asked twice at once: one starts, the other is refused; nothing is taken twice.
    const answers = await Promise.all([post(owner), post(owner)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const [started, refused] = answers[0]!.statusCode === 202 ? answers : [answers[1]!, answers[0]!];
    expect(started!.json()).toEqual({ message: "Backup started. It shows in the list once taken, in a minute or so." });
    expect(refused!.json()).toEqual({ message: "A backup is being taken now. It shows in the list once taken." });

    await expect
      .poll(async () => (await get("/api/admin/operations/backups", owner)).json<BackupList>().inProgress, {
        timeout: 60_000,
      })
      .toBe(false);
    const after = (await get("/api/admin/operations/backups", owner)).json<BackupList>();
    expect(after.backups).toHaveLength(before + 1);
    const taken = after.backups.find((backup) => Date.parse(backup.takenAt) > Date.now() - 120_000)!;
    expect(taken.size).toBeGreaterThan(1000);
    // The backup is a whole archive: it downloads as one.
    const download = await get(backupDownloadPath(taken.name), owner);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
