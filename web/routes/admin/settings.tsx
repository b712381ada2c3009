/**
 * /admin/settings: the shop's settings (docs/product.md, Shop settings). The action saves
 * the form or sends the shop's e-mail a new confirmation link, and comes back here saying
 * so. A save shows on the shop at once. Every member of staff reads the settings; only
 * the Owner's form saves (the server refuses anyone else's save anyway). The backups and
 * the mail server have tabs of their own (Settings → Backups, → E-mail).
 */
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { RESEND_INTENT, SettingsForm } from "../../components/admin/settings-form";
import { redirectWithFlash, refusalOf } from "../../lib/page-actions.server";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { ShopSettingsFormSchema } from "../../../domain/settings/shop-settings.schema";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import { settingsBody } from "../../features/admin/settings-form-data";
import { allows, neededFor } from "../../../domain/staff/permissions";
import type { Route } from "./+types/settings";

export const SETTINGS_PAGE = "/admin/settings";
export const SETTINGS_SAVED = "Settings saved. The shop shows them now.";

export const meta: Route.MetaFunction = () => [{ title: "Settings" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "settings.read");
  const [settings, unread] = await Promise.all([context.settings.get(), context.admin.countUnreadMessages()]);
  // Every member reads the settings; only those who may change them get a form that saves.
  return { settings, unread, canSave: allows(viewer.roles, "settings.write") };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The settings form, or the e-mail's Resend the link beside it, by its intent.
  const intent = (await request.clone().formData()).get("intent");
  if (intent === RESEND_INTENT) {
    try {
      const message = `A new link is on its way to ${(await context.settings.resendEmailLink()).email}.`;
      return redirectWithFlash(SETTINGS_PAGE, { kind: "success", message });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return redirectWithFlash(SETTINGS_PAGE, { kind: "error", message: refusal.message });
    }
  }
  return saveAdminForm({
    request,
    schema: ShopSettingsFormSchema,
    body: settingsBody,
    save: (body) => context.settings.update(body),
    then: () => ({ to: SETTINGS_PAGE, flash: { kind: "success", message: SETTINGS_SAVED } }),
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, unread, canSave } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="settings" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Settings</h1>
        <p className="mt-2 text-stone">
          {canSave
            ? "Your shop's details, as shoppers see them. A save shows on the shop at once."
            : `Your shop's details, as shoppers see them. ${neededFor("settings.write").replace("This needs", "Changing them needs")}`}
        </p>
        <SettingsTabs active="shop" />
        <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">
          {/* Keyed by the save, so the form starts again from what was stored. */}
          <SettingsForm
            key={JSON.stringify(settings)}
            settings={settings}
            lastResult={actionData?.result}
            readOnly={!canSave}
          />
        </div>
      </div>
    </div>
  );
}
