/**
 * The Data saver switch's post (docs/product.md, Data saver): remembers the choice in a
 * cookie and goes back to the page it came from, which the server then renders in the
 * chosen mode. An action only, and a plain document post even with scripts, so the whole
 * page (its pictures, whether its scripts wait) follows the new mode at once.
 */
import { redirect } from "react-router";
import { answer, backPath } from "../lib/page-actions.server";
import { dataSaverCookie, isDataSaverChoice } from "../lib/data-saver.server";
import type { Route } from "./+types/data-saver";

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const choice = formData.get("mode");
  if (!isDataSaverChoice(choice)) {
    return answer(request, formData, { kind: "error", message: "Choose Data saver on or off." }, 400);
  }
  return redirect(backPath(request, formData), { status: 303, headers: { "Set-Cookie": dataSaverCookie(choice) } });
}

/** Nothing to show here: a visit goes home. */
export function loader() {
  return redirect("/");
}
