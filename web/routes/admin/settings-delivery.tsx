/**
 * /admin/settings/delivery: the owner's delivery prices (docs/product.md, Delivery): the
 * areas delivered to, state by state (`?state=`, else the main area's state, else Lagos),
 * anywhere else, the main area, the vehicles, the floors, installation and the sizes of
 * pieces without measurements. Owner and Sales read it ("delivery.read"); only the Owner's
 * form saves ("settings.write"; the door refuses anyone else anyway). The action saves
 * through `context.delivery` and comes back to the same state saying so; a refused form
 * comes back with each message beside its field and what was typed. "Set price for
 * selected" posted without scripts fills the ticked areas' fees and comes back unsaved.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { NIGERIA_STATES } from "../../../domain/delivery/nigeria-states";
import { allows, rolesFor } from "../../../domain/staff/permissions";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { DeliverySettingsForm } from "../../components/admin/delivery-settings-form";
import { DELIVERY_SETTINGS_PAGE, SettingsTabs } from "../../components/admin/settings-tabs";
import { readRefusal, requireStaffPage } from "../../features/admin/admin-page.server";
import {
  byLga,
  DeliverySettingsFormSchema,
  fillTickedFees,
  formErrorsOf,
  SET_PRICE_INTENT,
} from "../../features/admin/delivery-forms";
import { actionAnswer, redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/settings-delivery";

export const DELIVERY_PRICES_SAVED = "Delivery prices saved.";

export const meta: Route.MetaFunction = () => [{ title: "Delivery prices" }, { name: "robots", content: "noindex" }];

/** The state as the list of states spells it, or null for none of them. */
const knownState = (name: string | null | undefined) =>
  NIGERIA_STATES.find((state) => state.toLowerCase() === name?.trim().toLowerCase()) ?? null;

const pageOf = (state: string) => `${DELIVERY_SETTINGS_PAGE}?state=${encodeURIComponent(state)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "delivery.read");
  const [settings, delivered, unread] = await Promise.all([
    context.delivery.settings(),
    context.delivery.areas(),
    context.admin.countUnreadMessages(),
  ]);
  const main = delivered.find((area) => area.id === settings.mainAreaId) ?? delivered[0];
  const state = knownState(new URL(request.url).searchParams.get("state")) ?? knownState(main?.state) ?? "Lagos";
  const stateAreas = byLga(await context.delivery.allAreas(state));
  return { settings, delivered, state, stateAreas, unread, canSave: allows(viewer.roles, "settings.write") };
}

/** The form's answer when the page stays: its result and, after "Set price for selected", how many areas it filled. */
const formAnswer = (result: SubmissionResult<string[]>, status: number, filled?: number) =>
  actionAnswer<{ filled?: number }>(filled === undefined ? { result } : { result, filled }, status);

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "settings.write");
  const formData = await request.formData();
  const state = knownState(String(formData.get("state") ?? "")) ?? "Lagos";

  if (formData.get("intent") === SET_PRICE_INTENT) {
    // Without scripts: the ticked areas' fees filled in, shown for the owner to check and save.
    const fill = fillTickedFees(formData);
    const typed = parseWithZod("error" in fill ? formData : fill.formData, { schema: DeliverySettingsFormSchema });
    // Only the fill is answered: the rest of the form is checked when it is saved.
    const error: Record<string, string[]> = "error" in fill ? { bulkFee: [fill.error] } : {};
    const result: SubmissionResult<string[]> = {
      ...typed.reply(),
      error,
      status: "error" in fill ? "error" : "success",
    };
    return "error" in fill ? formAnswer(result, 400) : formAnswer(result, 200, fill.filled);
  }

  const submission = parseWithZod(formData, { schema: DeliverySettingsFormSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  try {
    await context.delivery.updateSettings(submission.value.body);
  } catch (error) {
    const refusal = readRefusal(error);
    const fieldErrors = formErrorsOf(refusal.errors, submission.value.fieldOf);
    return formAnswer(submission.reply({ formErrors: [refusal.message], fieldErrors }), refusal.status);
  }
  return redirectWithFlash(pageOf(state), { kind: "success", message: DELIVERY_PRICES_SAVED });
}

export default function DeliverySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, delivered, state, stateAreas, unread, canSave } = loaderData;
  const states = new Set(delivered.map((area) => area.state));
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="delivery" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Delivery prices</h1>
        <p className="mt-2 text-stone">
          What delivery and installation cost, so shoppers see the price in their cart before they order.
          {!canSave && ` Only the ${rolesFor("settings.write")} changes prices.`}
        </p>
        <SettingsTabs active="delivery" />
        <p className="mt-6 text-sm" data-testid="delivery-summary">
          {delivered.length === 0
            ? "You deliver nowhere yet: shoppers everywhere are told the price on request."
            : `Delivering to ${delivered.length} ${delivered.length === 1 ? "area" : "areas"} in ${states.size} ${states.size === 1 ? "state" : "states"}.`}
        </p>
        <div className="mt-4 rounded-3xl border border-line bg-white px-4 py-5 sm:p-8">
          {/* Keyed by the save and the state, so the form starts again from what was stored. */}
          <DeliverySettingsForm
            key={`${state} ${JSON.stringify(settings)}`}
            settings={settings}
            delivered={delivered}
            state={state}
            stateAreas={stateAreas}
            readOnly={!canSave}
            lastResult={actionData?.result}
            filled={actionData?.filled}
          />
        </div>
      </div>
    </div>
  );
}
