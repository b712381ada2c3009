/**
 * /admin/settings/email: the mail server the shop sends through (docs/product.md,
 * Outgoing mail), the Owner's ("settings.write"). The loader reads it as the server tells
 * it (never the password, only whether one is saved); the action saves it, sends a test
 * e-mail to the Owner or goes back to the server's own setting, through
 * `context.settings`, and comes back here saying so. A refused form comes back with its
 * messages and what was typed, the password left out. A save holds at once on every
 * instance of the shop.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { MailServerInputSchema } from "../../../domain/settings/mail-settings.schema";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { MAIL_INTENTS, MailSettingsForm } from "../../components/admin/mail-settings-form";
import { MAIL_SETTINGS_PAGE, SettingsTabs } from "../../components/admin/settings-tabs";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { actionAnswer, invalidReply, redirectWithFlash, refusalOf, refusedReply } from "../../lib/page-actions.server";
import type { Route } from "./+types/settings-email";

export const MAIL_SAVED = "Mail server saved. The shop's e-mails go through it now.";
export const MAIL_OFF = "The shop no longer uses that mail server.";

export const meta: Route.MetaFunction = () => [{ title: "E-mail settings" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "settings.write");
  const [settings, unread] = await Promise.all([context.settings.mail(), context.admin.countUnreadMessages()]);
  return { settings, unread };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "settings.write");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === MAIL_INTENTS.test || intent === MAIL_INTENTS.off) {
    try {
      const message =
        intent === MAIL_INTENTS.test
          ? (await context.settings.sendTestMail()).message
          : (await context.settings.updateMail({ server: null }), MAIL_OFF);
      return redirectWithFlash(MAIL_SETTINGS_PAGE, { kind: "success", message });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return redirectWithFlash(MAIL_SETTINGS_PAGE, { kind: "error", message: refusal.message });
    }
  }
  const submission = parseWithZod(formData, { schema: MailServerInputSchema });
  if (submission.status !== "success") return actionAnswer({ result: invalidReply(submission) }, 400);
  try {
    await context.settings.updateMail({ server: submission.value });
  } catch (error) {
    const refusal = readRefusal(error);
    return actionAnswer({ result: refusedReply(submission, refusal) }, refusal.status);
  }
  return redirectWithFlash(MAIL_SETTINGS_PAGE, { kind: "success", message: MAIL_SAVED });
}

export default function MailSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, unread } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="settings" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">E-mail</h1>
        <p className="mt-2 text-stone">
          The mail server your shop sends its e-mails through: password resets, sign-in links, new orders and messages.
        </p>
        <SettingsTabs active="email" />
        <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">
          {/* Keyed by the save, so the form starts again from what was stored. */}
          <MailSettingsForm key={JSON.stringify(settings)} settings={settings} lastResult={actionData?.result} />
        </div>
      </div>
    </div>
  );
}
