/**
 * The cookie banner's answer (docs/product.md, Cart and wishlist): stores the choice in
 * a cookie the server reads, and gives a guest's list cookie the lifetime it allows —
 * 30 days when accepted, the browser session when declined. An action only: a browser's
 * own post goes back to the page it came from, now without the banner.
 */
import { redirect } from "react-router";
import { CONSENT_CHOICES, type ConsentChoice } from "../../domain/cookie-consent";
import { quietAnswer } from "../features/lists/list-action.server";
import { answer } from "../lib/page-actions.server";
import type { Route } from "./+types/cookie-consent";

const isChoice = (value: unknown): value is ConsentChoice =>
  typeof value === "string" && (CONSENT_CHOICES as readonly string[]).includes(value);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const choice = formData.get("choice");
  if (!isChoice(choice)) {
    return answer(request, formData, { kind: "error", message: "Please choose Accept All or Decline." }, 400);
  }
  await context.lists.chooseCookies(choice);
  return quietAnswer(request, formData);
}

/** Nothing to show here: a visit goes home. */
export function loader() {
  return redirect("/");
}
