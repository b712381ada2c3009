import { useRouteLoaderData } from "react-router";
import type { loadAdminFrame } from "./admin-page.server";

/**
 * The admin panel layout's data (the signed-in admin, the new orders' count, the money at
 * a glance) for the pieces inside the panel, typed from its loader; undefined outside /admin.
 */
export function useAdminFrame() {
  return useRouteLoaderData<typeof loadAdminFrame>("routes/admin/admin-layout");
}
