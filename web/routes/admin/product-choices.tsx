/**
 * /admin/product-choices?search=…&page=n: the collection form's product picker reads its
 * matches here (a loader only, fetched by the picker), the first n pages at once.
 */
import { requireStaffPage } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/product-choices";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(context, "catalogue.read");
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return context.admin.findProducts({
    search: params.get("search")?.slice(0, 200) ?? undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  });
}
