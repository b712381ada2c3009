/** The dashboard's first section: a welcome, the counts and the usual next steps. */
import { FolderKanban, Inbox, Layers, Package, Plus } from "lucide-react";
import { Link } from "react-router";
import type { DashboardSummary } from "../../../domain/catalog/admin.types";

/** The counts come from the dashboard's loader, which also needs them for the sidebar's unread badge. */
export function DashboardOverview({ name, summary }: { name: string; summary: DashboardSummary }) {
  const tiles = [
    { label: "Products", value: summary.products, icon: Package, href: "?section=products" },
    { label: "Collections", value: summary.collections, icon: Layers, href: "?section=collections" },
    { label: "Projects", value: summary.projects, icon: FolderKanban, href: "?section=projects" },
    { label: "Unread messages", value: summary.unreadMessages, icon: Inbox, href: "?section=messages" },
  ];
  const actions = [
    { label: "Add Product", href: "/admin/products/new" },
    { label: "Add Collection", href: "/admin/collections/new" },
    { label: "Add Project", href: "/admin/addproject" },
  ];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl md:text-4xl">Welcome back, {name}</h1>
        <p className="mt-2 text-stone">Here is your shop at a glance.</p>
      </div>
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
    </div>
  );
}
