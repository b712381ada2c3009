/**
 * /admin/settings/backups: the shop's backups (docs/product.md, Backups), the Owner's
 * ("backups.manage"): the last and the next, Back up now, when the shop takes them by
 * itself and how many it keeps, and a download for each kept. The action starts a backup
 * or saves the schedule through `context.backups` and comes back here saying so; a
 * refused schedule comes back with each message beside its field. A new schedule holds at
 * once on every instance of the shop.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { BackupPlanFormSchema } from "../../../domain/backups/backup-schedule";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { BACKUP_NOW, BackupsPanel } from "../../components/admin/backups-panel";
import { BackupScheduleForm } from "../../components/admin/backup-schedule-form";
import { BACKUP_SETTINGS_PAGE, SettingsTabs } from "../../components/admin/settings-tabs";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { actionAnswer, redirectWithFlash, refusalOf, refusedReply } from "../../lib/page-actions.server";
import type { Route } from "./+types/settings-backups";

export const SCHEDULE_SAVED = "Backup schedule saved.";

export const meta: Route.MetaFunction = () => [{ title: "Backups" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "backups.manage");
  const [list, unread] = await Promise.all([context.backups.list(), context.admin.countUnreadMessages()]);
  return { list, unread };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "backups.manage");
  const formData = await request.formData();
  if (formData.get("intent") === BACKUP_NOW) {
    try {
      const { message } = await context.backups.start();
      return redirectWithFlash(BACKUP_SETTINGS_PAGE, { kind: "success", message });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return redirectWithFlash(BACKUP_SETTINGS_PAGE, { kind: "error", message: refusal.message });
    }
  }
  const submission = parseWithZod(formData, { schema: BackupPlanFormSchema });
  if (submission.status !== "success") return actionAnswer({ result: submission.reply() }, 400);
  try {
    await context.backups.saveSchedule(submission.value);
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer({ result: refusedReply(submission, refusal) }, refusal.status);
  }
  return redirectWithFlash(BACKUP_SETTINGS_PAGE, { kind: "success", message: SCHEDULE_SAVED });
}

export default function BackupSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, unread } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="settings" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Backups</h1>
        <p className="mt-2 text-stone">A copy of the whole shop, to bring it back should the server fail.</p>
        <SettingsTabs active="backups" />
        <div className="mt-6">
          <BackupsPanel
            list={list}
            schedule={
              // Keyed by the save, so the form starts again from what was stored.
              <BackupScheduleForm
                key={JSON.stringify([list.schedule, list.keep])}
                list={list}
                lastResult={actionData?.result}
              />
            }
          />
        </div>
      </div>
    </div>
  );
}
