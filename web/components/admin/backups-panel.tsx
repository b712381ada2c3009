/**
 * The shop's backups for the owner (Settings → Backups): when the last one was taken (or
 * that none has been) and when the next one is due, Back up now (a plain form to the
 * page's action, which answers at once; the backup is listed once whole), when the shop
 * takes them by itself (the schedule's form, handed in as `schedule`), and a Download link
 * for each one kept. Restoring stays on the server (`npm run restore -- FILE`): it
 * replaces the whole shop and needs it stopped.
 *
 * Its page's loader reads the list with `context.backups.list()` (the Owner's) and hands
 * it over as `list`; a download is a plain link to the admin API, which checks the
 * session as every admin operation does.
 */
import { Archive, Download } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { backupDownloadPath, formatBackupSize } from "../../../domain/backups/backup-files";
import { describeBackupSchedule } from "../../../domain/backups/backup-schedule";
import type { BackupList } from "../../../domain/backups/backups.schema";
import { formatMoment } from "../../../domain/dates";

export interface BackupsPanelProps {
  /** What `context.backups.list()` answers: the kept backups, newest first, the schedule and the next backup. */
  list: BackupList;
  /** The schedule's form, shown under the words saying what it is now. */
  schedule?: ReactNode;
}

const Command = ({ children }: { children: string }) => (
  <code className="rounded-md bg-sand px-1.5 py-0.5 font-mono text-[0.85em] text-ink">{children}</code>
);

/** The Back up now form's intent, for the Settings page's action. */
export const BACKUP_NOW = "backup-now";

export function BackupsPanel({
  list: { backups, schedule, keep, scheduleSource, nextAt, inProgress },
  schedule: scheduleForm,
}: BackupsPanelProps) {
  const last = backups[0];
  const when = describeBackupSchedule(schedule);
  const navigation = useNavigation();
  const asking = navigation.state === "submitting" && navigation.formData?.get("intent") === BACKUP_NOW;
  return (
    <section aria-labelledby="backups-heading" className="rounded-3xl border border-line bg-white">
      <header className="flex items-start gap-3 border-b border-line px-5 py-4 sm:px-6">
        <Archive className="mt-1 size-5 shrink-0 text-clay" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="backups-heading" className="font-serif text-2xl">
            Backups
          </h2>
          <p className="mt-1 text-sm text-stone">
            {last ? (
              <>
                Last backup: <strong className="font-medium text-ink">{formatMoment(last.takenAt)}</strong>
              </>
            ) : (
              "No backup has been taken yet."
            )}
          </p>
          {nextAt && (
            <p className="text-sm text-stone">
              Next backup: <strong className="font-medium text-ink">{formatMoment(nextAt)}</strong>
            </p>
          )}
        </div>
      </header>

      <div className="space-y-3 px-5 py-4 text-sm sm:px-6">
        <p>
          A backup copies the whole shop (products, pictures, accounts, orders and messages) into one file while the
          shop keeps running. <Command>npm run backup</Command> on the server takes one too.
        </p>
        {inProgress ? (
          <p role="status" className="rounded-xl bg-sand px-4 py-3">
            A backup is being taken now. Reload this page in a minute to see it in the list.
          </p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value={BACKUP_NOW} />
            <button
              type="submit"
              disabled={asking}
              className="inline-flex h-11 items-center gap-2 rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90 disabled:opacity-60"
            >
              <Archive className="size-4" aria-hidden="true" /> {asking ? "Starting..." : "Back up now"}
            </button>
          </Form>
        )}
        <p className="text-stone">
          {when ? (
            <>
              The shop takes a backup {when}
              {schedule.kind === "daily" ? " (Lagos time)" : ""} and keeps the last {keep === 1 ? "one" : keep}
              {scheduleSource === "server" ? ", as the server is set up to until you choose here" : ""}.
            </>
          ) : (
            <>The shop takes none by itself: choose when below.</>
          )}
        </p>
        {scheduleForm}
      </div>

      {backups.length > 0 && (
        <ul className="border-t border-line">
          {backups.map((backup) => (
            <li
              key={backup.name}
              className="flex items-center justify-between gap-3 border-b border-line px-5 py-3 last:border-0 sm:px-6"
            >
              <div className="min-w-0">
                <p className="truncate text-sm">{formatMoment(backup.takenAt)}</p>
                <p className="text-xs text-stone">{formatBackupSize(backup.size)}</p>
              </div>
              <a
                href={backupDownloadPath(backup.name)}
                download={backup.name}
                aria-label={`Download the backup of ${formatMoment(backup.takenAt)}`}
                className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-ink px-4 text-sm hover:bg-ink hover:text-white"
              >
                <Download className="size-4" aria-hidden="true" /> Download
              </a>
            </li>
          ))}
        </ul>
      )}

      <p className="border-t border-line px-5 py-3 text-xs text-stone sm:px-6">
        To bring the shop back to a backup, stop it, then run <Command>npm run restore -- FILE</Command> on the server.
      </p>
    </section>
  );
}
