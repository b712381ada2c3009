import { describe, expect, it } from "vitest";
import {
  backupDownloadPath,
  backupFileName,
  backupTakenAt,
  describeBackupInterval,
  formatBackupSize,
} from "./backup-files";

describe("a backup's name", () => {
  it("says when it was taken, to the second, in UTC", () => {
    const at = new Date("2026-05-01T10:30:07.654Z");
    expect(backupFileName(at)).toBe("furnish-backup-2026-05-01T10-30-07Z.tar.gz");
    expect(backupFileName(at, 2)).toBe("furnish-backup-2026-05-01T10-30-07Z-2.tar.gz");
    expect(backupTakenAt(backupFileName(at))).toBe("2026-05-01T10:30:07.000Z");
    expect(backupTakenAt(backupFileName(at, 12))).toBe("2026-05-01T10:30:07.000Z");
  });

  it.each([
    "notes.txt",
    "furnish-backup-2026-05-01T10-30-07Z.tar",
    "furnish-backup-2026-05-01T10-30-07Z-1.tar.gz",
    "furnish-backup-2026-05-01T10-30-07Z-02.tar.gz",
    "furnish-backup-2026-02-30T10-30-07Z.tar.gz",
    "furnish-backup-2026-05-01T25-30-07Z.tar.gz",
    "../furnish-backup-2026-05-01T10-30-07Z.tar.gz",
    "furnish-backup-2026-05-01T10-30-07Z.tar.gz/..",
    ".furnish-backup-2026-05-01T10-30-07Z.tar.gz",
  ])("is nothing else: %s", (name) => {
    expect(backupTakenAt(name)).toBeNull();
  });

  it("is downloaded from the admin API", () => {
    expect(backupDownloadPath("furnish-backup-2026-05-01T10-30-07Z.tar.gz")).toBe(
      "/api/admin/operations/backups/furnish-backup-2026-05-01T10-30-07Z.tar.gz",
    );
  });
});

describe("words for backups", () => {
  it("say how often they are taken", () => {
    expect(describeBackupInterval(30)).toBe("every 30 minutes");
    expect(describeBackupInterval(60)).toBe("every hour");
    expect(describeBackupInterval(90)).toBe("every 90 minutes");
    expect(describeBackupInterval(360)).toBe("every 6 hours");
    expect(describeBackupInterval(1440)).toBe("every day");
    expect(describeBackupInterval(7 * 1440)).toBe("every 7 days");
  });

  it("say how large they are", () => {
    expect(formatBackupSize(200)).toBe("1 KB");
    expect(formatBackupSize(640 * 1024)).toBe("640 KB");
    expect(formatBackupSize(12.5 * 1024 * 1024)).toBe("12.5 MB");
    expect(formatBackupSize(3 * 1024 ** 3)).toBe("3.00 GB");
  });
});
