import { ChevronDown, KeyRound, LogOut, Trash2 } from "lucide-react";
import { lazy, useState } from "react";
import { redirect } from "react-router";
import { useDeferredDialog } from "../../components/ui/deferred-dialog";
import { PageHero } from "../../components/ui/page-hero";
import { useLogout } from "../../features/accounts/session";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/profile";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileDetailsForm } from "./profile-details-form";

/** Admins have the dashboard; guests are asked to log in (SPEC.md §2). */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login");
  if (viewer.isAdmin) throw redirect("/admin/dashboard");
  return { account: viewer };
}

// The page keeps its own copy of the account: after a logout or a deletion the root's
// viewer is reloaded before leaving, and this loader's redirect to /login must not race
// the way home.
export const shouldRevalidate = () => false;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "My Profile",
    description: "Your details, password and account.",
    path: "/profile",
    noindex: true,
  });

const loadDeletePanel = () => import("./delete-account-panel");
const DeleteAccountPanel = lazy(loadDeletePanel);

const card = "rounded-3xl border border-line bg-white p-5 sm:p-8";

export default function Profile({ loaderData }: Route.ComponentProps) {
  const [account, setAccount] = useState(loaderData.account);
  const [changingPassword, setChangingPassword] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useLogout(account);
  const deleteDialog = useDeferredDialog(DeleteAccountPanel, loadDeletePanel);

  return (
    <>
      <PageHero eyebrow="Account" title="My Profile">
        Signed in as {account.email}.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-5 md:px-8 md:py-14 lg:grid-cols-12 lg:gap-8">
        <section aria-labelledby="details" className={`${card} lg:col-span-7 lg:self-start`}>
          <ProfileDetailsForm account={account} onSaved={setAccount} />
        </section>

        <div className="space-y-6 lg:col-span-5">
          <section aria-labelledby="password" className={card}>
            <h2 id="password" className="font-serif text-2xl">
              Password
            </h2>
            <p className="mt-2 text-sm text-stone">Changing it signs you out on your other devices.</p>
            <button
              type="button"
              aria-expanded={changingPassword}
              aria-controls="change-password"
              onClick={() => setChangingPassword((open) => !open)}
              className="mt-5 inline-flex h-11 items-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-sand"
            >
              <KeyRound className="size-4" aria-hidden="true" />
              Change Password
              <ChevronDown
                className={`size-4 transition-transform ${changingPassword ? "rotate-180" : ""}`}
                aria-hidden="true"
              />
            </button>
            <div id="change-password" hidden={!changingPassword} className="mt-6">
              {changingPassword && <ChangePasswordForm onClose={() => setChangingPassword(false)} />}
            </div>
          </section>

          <section aria-labelledby="session" className={card}>
            <h2 id="session" className="font-serif text-2xl">
              Account
            </h2>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                disabled={loggingOut}
                onClick={async () => {
                  setLoggingOut(true);
                  await logout();
                  setLoggingOut(false);
                }}
                className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90 disabled:opacity-60"
              >
                <LogOut className="size-4" aria-hidden="true" />
                Logout
              </button>
              <button
                {...deleteDialog.triggerProps}
                className="inline-flex h-11 items-center justify-center gap-2 rounded-full border border-promo px-5 text-sm text-promo hover:bg-promo/5"
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Delete Account
              </button>
            </div>
            {deleteDialog.panel}
          </section>
        </div>
      </div>
    </>
  );
}
