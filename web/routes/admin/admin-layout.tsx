/**
 * The admin panel's frame: only an admin gets past the loader (guests go to the admin
 * login, customers home; SPEC.md §6), and the server checks every admin call again.
 * The admin components and features (web/components/admin, web/features/admin) ship
 * only to these routes.
 */
import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/admin-layout";

export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/admin/login");
  if (!viewer.isAdmin) throw redirect("/");
  return { admin: viewer };
}

// After a logout the root reloads the viewer and the page goes home; this guard must not
// race it to the login screen.
export const shouldRevalidate = () => false;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout() {
  return (
    <div className="min-h-[70vh]">
      <Outlet />
    </div>
  );
}
