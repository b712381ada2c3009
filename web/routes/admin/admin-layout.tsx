/**
 * The admin panel's frame: only an admin gets past the loader (guests go to the admin
 * login, customers home), and the server checks every admin call again. Each admin route's
 * own loader applies the same gate, as loaders run side by side. It also counts the new
 * orders waiting for a reply, for the Orders badge (read again when an order changes:
 * web/features/live/use-live-connection.ts), and the money at a glance: a banner says so
 * while a payment provider is in test mode.
 */
import { Outlet } from "react-router";
import { TestModeBanner } from "../../components/admin/test-mode-banner";
import { loadAdminFrame } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/admin-layout";

export function loader({ context }: Route.LoaderArgs) {
  return loadAdminFrame(context);
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout() {
  return (
    <div className="min-h-[70vh]">
      <TestModeBanner />
      <Outlet />
    </div>
  );
}
