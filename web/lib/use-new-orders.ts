import { useRouteLoaderData } from "react-router";

/**
 * How many new orders wait for a reply, as the admin panel's layout counted them; null
 * outside the admin panel. Read by id, so the shell's bottom bar needs no admin code.
 */
export function useNewOrders(): number | null {
  const data = useRouteLoaderData("routes/admin/admin-layout") as { newOrders: number } | undefined;
  return data?.newOrders ?? null;
}
