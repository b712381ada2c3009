/**
 * The dashboard's first section: a welcome, the money (for those who read it), what the
 * orders ask for today (for those who read orders), what is left to set up (for the
 * Owner), the counts and the usual next steps (for those who may take them), so no link
 * here leads to a refusal.
 */
import { ArrowRight, CircleDashed, FolderKanban, Inbox, Layers, Package, Plus } from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { DashboardSummary } from "../../../domain/catalog/admin.types";
import { describeDemoItems, type DemoCatalogueCounts } from "../../../domain/setup/demo-catalogue.schema";
import type { SetupItem } from "../../../domain/setup/setup-checklist";
import type { Flash } from "../../lib/flash";
import { useFlashToast } from "../../lib/use-flash-toast";
import { BackField } from "../../lib/back-field";
import { ConfirmDialog } from "../form/confirm-dialog";
import { useAdminFrame } from "../../features/admin/admin-frame";
import { allows } from "../../../domain/staff/permissions";
import { DASHBOARD_PATH } from "./delete-confirm";
import { MoneyToday } from "./money-today";
import { OrdersToday } from "./orders-today";
import { TodayBlock } from "./today-queues";
import type { Today } from "../../../domain/today/today.schema";

export interface Checklist {
  items: SetupItem[];
  demoCatalogue: DemoCatalogueCounts;
}

/** The counts come from the dashboard's loader, which also needs them for the sidebar's unread badge. */
export function DashboardOverview({
  name,
  summary,
  checklist,
  today,
  now,
}: {
  name: string;
  /** The owner's day, for those who work its queues (Owner and Sales); null for the others. */
  today: Today | null;
  summary: DashboardSummary;
  checklist: Checklist | null;
  /** The loader's clock, for how long orders have waited. */
  now: number;
}) {
  const roles = useAdminFrame()?.admin.roles ?? [];
  const tiles = [
    { label: "Products", value: summary.products, icon: Package, href: "?section=products" },
    { label: "Collections", value: summary.collections, icon: Layers, href: "?section=collections" },
    { label: "Projects", value: summary.projects, icon: FolderKanban, href: "?section=projects" },
    ...(allows(roles, "messages.read")
      ? [{ label: "Unread messages", value: summary.unreadMessages, icon: Inbox, href: "?section=messages" }]
      : []),
  ];
  // Here, not in the checklist: the removal's message shows once the checklist has gone.
  const removal = useFetcher<{ flash?: Flash }>({ key: "remove-demo-catalogue" });
  // Read by the admin panel's layout; null for a member who may not read money.
  const money = useAdminFrame()?.money ?? null;
  useFlashToast(removal.data);
  const actions = allows(roles, "catalogue.write")
    ? [
        { label: "Add Product", href: "/admin/products/new" },
        { label: "Add Collection", href: "/admin/collections/new" },
        { label: "Add Project", href: "/admin/addproject" },
      ]
    : [];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl md:text-4xl">Welcome back, {name}</h1>
        <p className="mt-2 text-stone">Here is your shop at a glance.</p>
      </div>
      {today && <TodayBlock today={today} />}
      {money && <MoneyToday money={money} />}
      {/* The new orders waiting are Today's first queue for those who see it. */}
      {summary.orders && <OrdersToday orders={summary.orders} now={now} withWaiting={!today} />}
      {checklist && checklist.items.length > 0 && <SetupChecklist checklist={checklist} removal={removal} />}
      <ul className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
        {tiles.map(({ label, value, icon: Icon, href }) => (
          <li key={label}>
            <Link
              to={href}
              className="block rounded-3xl border border-line bg-white p-5 transition-colors hover:border-ink"
            >
              <Icon className="size-5 text-clay" aria-hidden="true" />
              <span className="mt-4 block font-serif text-3xl">{value}</span>
              <span className="mt-1 block text-sm text-stone">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      {actions.length > 0 && (
        <section aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="font-serif text-xl">
            Quick actions
          </h2>
          <div className="mt-4 flex flex-wrap gap-3">
            {actions.map((action) => (
              <Link
                key={action.href}
                to={action.href}
                className="inline-flex items-center gap-2 rounded-full border border-ink px-4 py-2.5 text-sm hover:bg-ink hover:text-white"
              >
                <Plus className="size-4" aria-hidden="true" /> {action.label}
              </Link>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

type Removal = ReturnType<typeof useFetcher<{ flash?: Flash }>>;

const smallButton =
  "mt-3 inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink px-4 text-sm hover:bg-ink hover:text-white";

/**
 * What is left to set up (docs/product.md, Setup checklist), each with its fix. Calm: the
 * shop works meanwhile, so nothing here is an error.
 */
function SetupChecklist({ checklist, removal }: { checklist: Checklist; removal: Removal }) {
  return (
    <section aria-labelledby="setup-checklist" className="rounded-3xl border border-line bg-sand p-5 sm:p-6">
      <h2 id="setup-checklist" className="font-serif text-xl">
        Finish setting up your shop
      </h2>
      <p className="mt-1 text-sm text-stone">Your shop works meanwhile; these make it yours.</p>
      <ul className="mt-4 space-y-4">
        {checklist.items.map((item) => (
          <li key={item.id} className="flex gap-3">
            <CircleDashed className="mt-0.5 size-5 shrink-0 text-clay" aria-hidden="true" />
            <div className="min-w-0 break-words">
              <p className="font-medium">{item.title}</p>
              <p className="mt-0.5 text-sm text-stone">{item.fix}</p>
              {item.link && (
                <Link to={item.link.href} className={smallButton}>
                  {item.link.label} <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )}
              {item.id === "demo-catalogue" && <RemoveDemoCatalogue demo={checklist.demoCatalogue} fetcher={removal} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Remove demo catalogue, after the one confirmation, posted to the dashboard's action. */
function RemoveDemoCatalogue({ demo, fetcher }: { demo: DemoCatalogueCounts; fetcher: Removal }) {
  return (
    <ConfirmDialog
      name="remove-demo-catalogue"
      trigger="Remove demo catalogue"
      triggerClassName={smallButton}
      title="Remove the demo catalogue?"
      question={`This removes the demo's ${describeDemoItems(demo)}, with their pictures, from your shop. What you added or edited stays. This cannot be undone.`}
      confirmLabel="Remove demo catalogue"
      pending={fetcher.state !== "idle"}
      pendingLabel="Removing..."
      form={({ children, className }) => (
        <fetcher.Form method="post" action={DASHBOARD_PATH} className={className}>
          <input type="hidden" name="intent" value="remove-demo-catalogue" />
          <BackField />
          {children}
        </fetcher.Form>
      )}
    />
  );
}
