import { describe, expect, it } from "vitest";
import { BackupPlanFormSchema, describeBackupSchedule, nextBackupDue } from "./backup-schedule";

const at = (iso: string) => new Date(iso);

describe("nextBackupDue", () => {
  const now = at("2027-01-12T15:00:00.000Z"); // 4:00 pm in Lagos

  it("plans none when off, and the first at once when there is no backup yet", () => {
    expect(nextBackupDue({ kind: "off" }, "2027-01-12T10:00:00.000Z", now)).toBeNull();
    expect(nextBackupDue({ kind: "every", minutes: 360 }, null, now)).toEqual(now);
    expect(nextBackupDue({ kind: "daily", at: "02:00" }, null, now)).toEqual(now);
  });

  it("counts an interval from the newest backup, and an overdue one is due now", () => {
    expect(nextBackupDue({ kind: "every", minutes: 360 }, "2027-01-12T12:00:00.000Z", now)).toEqual(
      at("2027-01-12T18:00:00.000Z"),
    );
    expect(nextBackupDue({ kind: "every", minutes: 60 }, "2027-01-12T12:00:00.000Z", now)).toEqual(now);
  });

  it("takes a daily backup at the first time of day after the newest, in Lagos time", () => {
    // Taken at 4:00 pm Lagos today: next is 2:00 am Lagos tomorrow, 01:00 UTC.
    expect(nextBackupDue({ kind: "daily", at: "02:00" }, "2027-01-12T15:00:00.000Z", now)).toEqual(
      at("2027-01-13T01:00:00.000Z"),
    );
    // Taken at 00:30 am Lagos (23:30 UTC the day before): 2:00 am the same Lagos day.
    expect(
      nextBackupDue({ kind: "daily", at: "02:00" }, "2027-01-11T23:30:00.000Z", at("2027-01-12T00:00:00.000Z")),
    ).toEqual(at("2027-01-12T01:00:00.000Z"));
    // The newest is two days old: a backup was missed, so one is due now.
    expect(nextBackupDue({ kind: "daily", at: "23:30" }, "2027-01-10T15:00:00.000Z", now)).toEqual(now);
  });
});

describe("describeBackupSchedule", () => {
  it("says it as an owner reads it", () => {
    expect(describeBackupSchedule({ kind: "off" })).toBeNull();
    expect(describeBackupSchedule({ kind: "every", minutes: 360 })).toBe("every 6 hours");
    expect(describeBackupSchedule({ kind: "every", minutes: 30 })).toBe("every 30 minutes");
    expect(describeBackupSchedule({ kind: "daily", at: "02:00" })).toBe("every day at 2:00 am");
    expect(describeBackupSchedule({ kind: "daily", at: "14:30" })).toBe("every day at 2:30 pm");
  });
});

describe("the Settings → Backups form", () => {
  it("reads only the field of the choice made", () => {
    expect(BackupPlanFormSchema.parse({ kind: "daily", everyHours: "6", at: "02:00", keep: "7" })).toEqual({
      schedule: { kind: "daily", at: "02:00" },
      keep: 7,
    });
    expect(BackupPlanFormSchema.parse({ kind: "every", everyHours: "6", at: "", keep: "3" })).toEqual({
      schedule: { kind: "every", minutes: 360 },
      keep: 3,
    });
    expect(BackupPlanFormSchema.parse({ kind: "off", keep: "7" })).toEqual({ schedule: { kind: "off" }, keep: 7 });
  });

  it("names the field at fault", () => {
    const result = BackupPlanFormSchema.safeParse({ kind: "daily", at: "", keep: "0" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ["at", "Choose a time of day, such as 02:00."],
        ["keep", "Keep from 1 to 1000 backups."],
      ]),
    );
  });
});
