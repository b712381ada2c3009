/**
 * /admin/settings/follow-ups: Today's thresholds, the WhatsApp messages' templates and the
 * e-mail reminders' switch (docs/product.md, Today). Every member reads them
 * ("settings.read"), like the shop's other settings; only the Owner saves, through
 * `context.settings.update`, which checks each template's {fields} as the API does.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { allows } from "../../../domain/staff/permissions";
import { FollowUpSettingsFormSchema } from "../../../domain/today/today.schema";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { FollowUpsForm } from "../../components/admin/follow-ups-form";
import { FOLLOW_UPS_SETTINGS_PAGE, SettingsTabs } from "../../components/admin/settings-tabs";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { actionAnswer, invalidReply, redirectWithFlash, refusedReply } from "../../lib/page-actions.server";
import type { Route } from "./+types/settings-follow-ups";

export const FOLLOW_UPS_SAVED = "Follow-ups saved.";

export const meta: Route.MetaFunction = () => [{ title: "Follow-ups" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "settings.read");
  const [settings, unread] = await Promise.all([context.settings.get(), context.admin.countUnreadMessages()]);
  const { followUps, messageTemplates, emailReminders } = settings;
  return {
    settings: { followUps, messageTemplates, emailReminders },
    canWrite: allows(viewer.roles, "settings.write"),
    unread,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "settings.write");
  const submission = parseWithZod(await request.formData(), { schema: FollowUpSettingsFormSchema });
  if (submission.status !== "success") return actionAnswer({ result: invalidReply(submission) }, 400);
  try {
    await context.settings.update(submission.value);
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer({ result: refusedReply(submission, refusal) }, refusal.status);
  }
  return redirectWithFlash(FOLLOW_UPS_SETTINGS_PAGE, { kind: "success", message: FOLLOW_UPS_SAVED });
}

export default function FollowUpsSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, canWrite, unread } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="settings" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Follow-ups</h1>
        <p className="mt-2 text-stone">When Today asks you to chase a customer, and what your messages say.</p>
        <SettingsTabs active="follow-ups" />
        <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">
          <FollowUpsForm
            key={JSON.stringify(settings)}
            settings={settings}
            canWrite={canWrite}
            lastResult={actionData?.result}
          />
        </div>
      </div>
    </div>
  );
}
