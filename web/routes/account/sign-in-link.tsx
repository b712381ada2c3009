import { Form, Link, redirect } from "react-router";
import { redirectWithFlash, refusalOf } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import { SignInLinkSchema } from "../../../domain/accounts/auth.schema";
import type { Route } from "./+types/sign-in-link";
import { WELCOME_BACK } from "./account-answers.server";
import { AuthScreen, textLink } from "./auth-screen";

/**
 * Where an e-mailed sign-in link lands. Opening it signs nobody in (mail scanners open
 * links too): the button does, through a form posted to this page's action, so it works
 * before the page's scripts have loaded, or without them. The token travels in the
 * form's body, so request logs of the post never hold it. A used, expired or missing
 * link comes back here without its token.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const link = SignInLinkSchema.safeParse({ token: (await request.formData()).get("token") });
  if (!link.success) return redirect("/sign-in-link", 303);
  try {
    const viewer = await context.accounts.redeemSignInLink(link.data.token);
    return redirectWithFlash(viewer.isAdmin ? "/admin/dashboard" : "/profile", {
      kind: "success",
      message: WELCOME_BACK,
    });
  } catch (error) {
    // A used, expired or made-up link (refused with 400) comes back here without its token.
    if (refusalOf(error)?.status === 400) return redirect("/sign-in-link", 303);
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta(matches, {
    title: "Finish signing in",
    description: "Finish signing in with the link we e-mailed you.",
    // Never the token: it must not end up in a canonical link or a preview.
    path: "/sign-in-link",
    noindex: true,
  }),
  // Nor in the Referer header of anything this page loads or links to: only the origin
  // goes. Not "no-referrer", which would also blank the form's Origin header, and the
  // server refuses a write whose origin it cannot tell from another site's.
  { name: "referrer", content: "strict-origin" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function SignInLink({ params }: Route.ComponentProps) {
  const token = params.token;
  if (!token)
    return (
      <AuthScreen eyebrow="Account" title="This link has expired">
        <p className="text-stone">
          This sign-in link is invalid or has expired. Each link works once, for 15 minutes: log in again and we will
          send you a new one.
        </p>
        <Link
          to="/login"
          className="mt-6 inline-flex h-12 w-full items-center justify-center rounded-full bg-ink px-8 text-sm text-white hover:bg-ink/90"
        >
          Back to login
        </Link>
      </AuthScreen>
    );

  return (
    <AuthScreen
      eyebrow="Account"
      title="Finish signing in"
      intro="You asked to sign in with your password, and we e-mailed you this link to be sure it was you."
      footer={
        <>
          Not you?{" "}
          <Link to="/login" className={textLink}>
            Go to the login page
          </Link>{" "}
          and choose a new password with Forgot Password.
        </>
      }
    >
      <Form method="post" action="/sign-in-link">
        <input type="hidden" name="token" value={token} />
        <button
          type="submit"
          className="h-12 w-full rounded-full bg-ink px-8 text-sm text-white hover:bg-ink/90 disabled:opacity-60"
        >
          Sign in
        </button>
      </Form>
    </AuthScreen>
  );
}
