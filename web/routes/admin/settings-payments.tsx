/**
 * /admin/settings/payments: how customers pay (docs/product.md, Payments) — the bank
 * account for transfers and the online providers' modes and keys. Owner and Accounts only
 * ("payments.settings"); the menus offer it to no one else. The loader reads the settings
 * as the server tells them (never a secret, only whether one is saved) and the webhook
 * addresses to paste at each provider; the action saves through `context.paymentDesk`
 * and comes back here saying so. A refused form comes back with its messages and what
 * was typed, the secrets left out.
 */
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { PaymentSettingsForm, type Webhooks } from "../../components/admin/payment-settings-form";
import { PAYMENT_SETTINGS_PAGE, SettingsTabs } from "../../components/admin/settings-tabs";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import { PaymentSettingsFormSchema, SECRET_FIELDS } from "../../features/admin/payment-forms";
import { actionAnswer, readSubmission, redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/settings-payments";

export const PAYMENT_SETTINGS_SAVED = "Payment settings saved.";

export const meta: Route.MetaFunction = () => [{ title: "Payment settings" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "payments.settings");
  const [settings, unread] = await Promise.all([context.paymentDesk.settings(), context.admin.countUnreadMessages()]);
  const base = context.site.publicUrl.replace(/\/+$/, "");
  const webhooks: Webhooks = {
    paystack: `${base}/api/payments/webhooks/paystack`,
    flutterwave: `${base}/api/payments/webhooks/flutterwave`,
  };
  return { settings, webhooks, unread };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "payments.settings");
  const { submission } = await readSubmission(request, PaymentSettingsFormSchema);
  const hideFields = [...SECRET_FIELDS];
  if (submission.status !== "success") return actionAnswer({ result: submission.reply({ hideFields }) }, 400);
  try {
    await context.paymentDesk.updateSettings(submission.value);
  } catch (error) {
    const refusal = readRefusal(error);
    const fieldErrors = Object.fromEntries(Object.entries(refusal.errors ?? {}).map(([name, text]) => [name, [text]]));
    const result = submission.reply({ formErrors: [refusal.message], fieldErrors, hideFields });
    return actionAnswer({ result }, refusal.status);
  }
  return redirectWithFlash(PAYMENT_SETTINGS_PAGE, { kind: "success", message: PAYMENT_SETTINGS_SAVED });
}

export default function PaymentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, webhooks, unread } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="payments" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Payment settings</h1>
        <p className="mt-2 text-stone">
          How customers pay you: by bank transfer, or online through Paystack or Flutterwave.
        </p>
        <SettingsTabs active="payments" />
        <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">
          {/* Keyed by the save, so the form starts again from what was stored. */}
          <PaymentSettingsForm
            key={JSON.stringify(settings)}
            settings={settings}
            webhooks={webhooks}
            lastResult={actionData?.result}
          />
        </div>
      </div>
    </div>
  );
}
