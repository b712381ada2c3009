import { KeyRound, LogOut, Package, Trash2 } from "lucide-react";
import { Link, redirect } from "react-router";
import {
  ChangePasswordFormSchema,
  DeleteAccountFormSchema,
  UpdateProfileFormSchema,
} from "../../../domain/accounts/auth.schema";
import { LogoutButton } from "../../components/shell/logout-button";
import { PageHero } from "../../components/ui/page-hero";
import { readSubmission, redirectWithFlash } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/profile";
import { invalid, refused, stayed, type FormAnswer } from "./account-answers.server";
import { ChangePasswordPanel } from "./change-password-form";
import { DeleteAccount } from "./delete-account";
import { ProfileDetailsForm } from "./profile-details-form";

/**
 * Admins have the dashboard; guests are asked to log in. `?edit` opens the details for
 * editing and `?password` the Change Password panel, so both work before (or without)
 * the page's scripts, which then toggle them in place.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login");
  if (viewer.isAdmin) throw redirect("/admin/dashboard");
  const search = new URL(request.url).searchParams;
  return { account: viewer, editing: search.has("edit"), changingPassword: search.has("password") };
}

export type ProfileIntent = "update" | "password" | "delete";

/** The profile's three forms post here, each naming itself in `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = context.viewer;
  if (!viewer) return redirectWithFlash("/login", { kind: "error", message: "Please log in to continue." });
  const intent = (await request.clone().formData()).get("intent") as ProfileIntent | null;

  if (intent === "password") {
    const { submission } = await readSubmission(request, ChangePasswordFormSchema);
    if (submission.status !== "success") return invalid(submission);
    try {
      const message = await context.accounts.changePassword(submission.value);
      return stayed(request, submission, { kind: "success", message }, "/profile");
    } catch (error) {
      return refused(submission, error, (refusal) => refusal.message || "Failed to change password. Please try again.");
    }
  }

  if (intent === "delete") {
    const { submission } = await readSubmission(request, DeleteAccountFormSchema);
    if (submission.status !== "success") return invalid(submission);
    try {
      const message = await context.accounts.deleteAccount(submission.value);
      return redirectWithFlash("/", { kind: "success", message });
    } catch (error) {
      return refused(submission, error);
    }
  }

  const { submission } = await readSubmission(request, UpdateProfileFormSchema(viewer.email));
  if (submission.status !== "success") return invalid(submission);
  try {
    await context.accounts.updateProfile(submission.value);
    return stayed(request, submission, { kind: "success", message: "Profile updated successfully" }, "/profile");
  } catch (error) {
    return refused(submission, error);
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "My Profile",
    description: "Your details, password and account.",
    path: "/profile",
    noindex: true,
  });

const card = "rounded-3xl border border-line bg-white p-5 sm:p-8";

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  // A post the browser made itself comes back to this page with its answer; which form
  // it was for, the URL says (the forms post from /profile?edit, ?password, ?confirm=…).
  const answered = actionData as FormAnswer | undefined;

  return (
    <>
      <PageHero eyebrow="Account" title="My Profile">
        Signed in as {account.email}.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-5 md:px-8 md:py-14 lg:grid-cols-12 lg:gap-8">
        <section aria-labelledby="details" className={`${card} lg:col-span-7 lg:self-start`}>
          <ProfileDetailsForm
            // New details from the server start the form again from them.
            key={`${account.username}|${account.email}|${account.phoneNumber ?? ""}`}
            account={account}
            editingAtFirst={loaderData.editing}
            answered={loaderData.editing ? answered : undefined}
          />
        </section>

        <div className="space-y-6 lg:col-span-5">
          <section aria-labelledby="orders" className={card}>
            <h2 id="orders" className="font-serif text-2xl">
              Orders
            </h2>
            <p className="mt-2 text-sm text-stone">Where each of your orders is, and what is left to pay.</p>
            <Link
              to="/profile/orders"
              className="mt-5 inline-flex h-11 items-center justify-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white"
            >
              <Package className="size-4" aria-hidden="true" />
              My orders
            </Link>
          </section>
          <section aria-labelledby="password" className={card}>
            <h2 id="password" className="font-serif text-2xl">
              Password
            </h2>
            <p className="mt-2 text-sm text-stone">Changing it signs you out on your other devices.</p>
            <ChangePasswordPanel
              openAtFirst={loaderData.changingPassword}
              answered={loaderData.changingPassword ? answered : undefined}
              toggleIcon={<KeyRound className="size-4" aria-hidden="true" />}
            />
          </section>

          <section aria-labelledby="session" className={card}>
            <h2 id="session" className="font-serif text-2xl">
              Account
            </h2>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <LogoutButton className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90 aria-disabled:opacity-60">
                <LogOut className="size-4" aria-hidden="true" />
                Logout
              </LogoutButton>
              <DeleteAccount
                answered={!loaderData.editing && !loaderData.changingPassword ? answered : undefined}
                triggerIcon={<Trash2 className="size-4" aria-hidden="true" />}
              />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
