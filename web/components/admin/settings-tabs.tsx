/**
 * The settings' pages, side by side: the shop's details and, for the roles that keep the
 * payment settings (Owner, Accounts), Payments. Nothing shows to a member who may open
 * only one of them.
 */
import { Link } from "react-router";
import { allows } from "../../../domain/staff/permissions";
import { useAdminViewer } from "./admin-sidebar";

export const PAYMENT_SETTINGS_PAGE = "/admin/settings/payments";

const tab = (active: boolean) =>
  `inline-flex h-10 items-center rounded-full px-4 text-sm ${
    active ? "bg-ink text-white" : "border border-line hover:border-ink"
  }`;

export function SettingsTabs({ active }: { active: "shop" | "payments" }) {
  const roles = useAdminViewer()?.roles ?? [];
  if (!allows(roles, "payments.settings") || !allows(roles, "settings.read")) return null;
  return (
    <nav aria-label="Settings pages" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/admin/settings"
            className={tab(active === "shop")}
            aria-current={active === "shop" ? "page" : undefined}
          >
            Shop
          </Link>
        </li>
        <li>
          <Link
            to={PAYMENT_SETTINGS_PAGE}
            className={tab(active === "payments")}
            aria-current={active === "payments" ? "page" : undefined}
          >
            Payments
          </Link>
        </li>
      </ul>
    </nav>
  );
}
