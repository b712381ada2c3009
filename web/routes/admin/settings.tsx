/**
 * /admin/settings: the shop's settings (docs/product.md, Shop settings), and below them
 * the backups (the last one taken, a download for each kept). The loader reads both; the
 * action saves the form and comes back here saying so. A save shows on the shop at once.
 */
import { BackupsPanel } from "../../components/admin/backups-panel";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { SettingsForm } from "../../components/admin/settings-form";
import { ShopSettingsFormSchema } from "../../../domain/settings/shop-settings.schema";
import { requireAdminPage, saveAdminForm } from "../../features/admin/admin-page.server";
import { settingsBody } from "../../features/admin/settings-form-data";
import type { Route } from "./+types/settings";

export const SETTINGS_PAGE = "/admin/settings";
export const SETTINGS_SAVED = "Settings saved. The shop shows them now.";

export const meta: Route.MetaFunction = () => [{ title: "Settings" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [settings, unread, backups] = await Promise.all([
    context.settings.get(),
    context.admin.countUnreadMessages(),
    context.backups.list(),
  ]);
  return { settings, unread, backups };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveAdminForm({
    request,
    schema: ShopSettingsFormSchema,
    body: settingsBody,
    save: (body) => context.settings.update(body),
    then: () => ({ to: SETTINGS_PAGE, flash: { kind: "success", message: SETTINGS_SAVED } }),
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, unread, backups } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="settings" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Settings</h1>
        <p className="mt-2 text-stone">Your shop's details, as shoppers see them. A save shows on the shop at once.</p>
        <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">
          {/* Keyed by the save, so the form starts again from what was stored. */}
          <SettingsForm key={JSON.stringify(settings)} settings={settings} lastResult={actionData?.result} />
        </div>
        <div className="mt-8">
          <BackupsPanel list={backups} />
        </div>
      </div>
    </div>
  );
}
