import { redirect } from "react-router";
import { redirectWithFlash } from "../../lib/page-actions.server";
import type { Route } from "./+types/logout";

/** Every Logout button posts here (LogoutButton): the session ends and the visitor goes home. */
export async function action({ context }: Route.ActionArgs) {
  const message = await context.accounts.logOut();
  return redirectWithFlash("/", { kind: "success", message });
}

/** Nothing to show: a visit (a bookmark, a typed address) goes home, signed in or not. */
export const loader = () => redirect("/");
