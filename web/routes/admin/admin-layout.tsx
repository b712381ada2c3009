/**
 * The admin panel's frame: only an admin gets past the loader (guests go to the admin
 * login, customers home), and the server checks every admin call again. Each admin route's
 * own loader applies the same gate, as loaders run side by side. It also counts the new
 * orders waiting for a reply, for the Orders badge (read again when an order changes:
 * web/features/live/use-live-connection.ts).
 */
import { Outlet } from "react-router";
import { requireAdminPage } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/admin-layout";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdminPage(context);
  const waiting = await context.orderDesk.list({ status: "new", limit: 1 });
  return { admin, newOrders: waiting.total };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout() {
  return (
    <div className="min-h-[70vh]">
      <Outlet />
    </div>
  );
}
