/**
 * The settings' pages, side by side, each for the roles that may open it: the shop's
 * details and Follow-ups (every member reads them, the Owner saves), E-mail (Owner), Payments (Owner, Accounts), Delivery (Owner,
 * Sales) and Backups (Owner). Nothing shows to a member who may open only one of them.
 */
import { Link } from "react-router";
import { MAIL_SETTINGS_PAGE } from "../../../domain/setup/setup-checklist";
import { allows, type Permission } from "../../../domain/staff/permissions";
import { useAdminViewer } from "./admin-sidebar";

export const PAYMENT_SETTINGS_PAGE = "/admin/settings/payments";
export const DELIVERY_SETTINGS_PAGE = "/admin/settings/delivery";
export const BACKUP_SETTINGS_PAGE = "/admin/settings/backups";
export const FOLLOW_UPS_SETTINGS_PAGE = "/admin/settings/follow-ups";
export { MAIL_SETTINGS_PAGE };

type Tab = "shop" | "follow-ups" | "email" | "payments" | "delivery" | "backups";

const TABS: ReadonlyArray<{ id: Tab; to: string; label: string; needs: Permission }> = [
  { id: "shop", to: "/admin/settings", label: "Shop", needs: "settings.read" },
  { id: "follow-ups", to: FOLLOW_UPS_SETTINGS_PAGE, label: "Follow-ups", needs: "settings.read" },
  { id: "email", to: MAIL_SETTINGS_PAGE, label: "E-mail", needs: "settings.write" },
  { id: "payments", to: PAYMENT_SETTINGS_PAGE, label: "Payments", needs: "payments.settings" },
  { id: "delivery", to: DELIVERY_SETTINGS_PAGE, label: "Delivery", needs: "delivery.read" },
  { id: "backups", to: BACKUP_SETTINGS_PAGE, label: "Backups", needs: "backups.manage" },
];

const tab = (active: boolean) =>
  `inline-flex h-10 items-center rounded-full px-4 text-sm ${
    active ? "bg-ink text-white" : "border border-line hover:border-ink"
  }`;

export function SettingsTabs({ active }: { active: Tab }) {
  const roles = useAdminViewer()?.roles ?? [];
  const open = TABS.filter((page) => allows(roles, page.needs));
  if (open.length < 2) return null;
  return (
    <nav aria-label="Settings pages" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {open.map(({ id, to, label }) => (
          <li key={id}>
            <Link to={to} className={tab(active === id)} aria-current={active === id ? "page" : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
