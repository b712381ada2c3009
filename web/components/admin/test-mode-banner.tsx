/**
 * Across the top of every admin page while a payment provider is in test mode: payments
 * made now are rehearsals, and no money reaches the shop. Shown to those who read money;
 * the roles that keep the payment settings get the way to go live.
 */
import { FlaskConical } from "lucide-react";
import { Link } from "react-router";
import { allows } from "../../../domain/staff/permissions";
import { useAdminFrame } from "../../features/admin/admin-frame";
import { PAYMENT_SETTINGS_PAGE } from "./settings-tabs";

export function TestModeBanner() {
  const frame = useAdminFrame();
  if (!frame?.money?.testMode) return null;
  const mayChange = allows(frame.admin.roles, "payments.settings");
  return (
    <div role="status" className="border-b border-clay/30 bg-clay/10 print:hidden">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm sm:px-5 md:px-8">
        <FlaskConical className="size-4 shrink-0 text-clay" aria-hidden="true" />
        <strong className="font-medium">Payments are in test mode.</strong>
        <span className="text-stone">Checkouts take no real money.</span>
        {mayChange && (
          <Link to={PAYMENT_SETTINGS_PAGE} className="underline underline-offset-2">
            Go live in Payment settings
          </Link>
        )}
      </p>
    </div>
  );
}
