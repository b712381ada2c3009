import { Link, redirect } from "react-router";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/admin-login";
import { logInAction, type FormAnswer } from "./account-answers.server";
import { AuthScreen, textLink } from "./auth-screen";
import { LoginForm } from "./login-form";

/**
 * Someone already signed in has nothing to do here: an admin goes to the dashboard, a
 * customer home (docs/product.md, Accounts).
 */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer) throw redirect(viewer.isAdmin ? "/admin/dashboard" : "/");
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => logInAction(request, context, "admin");

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Admin Login",
    description: "Sign in to manage the shop's catalogue.",
    path: "/admin/login",
    noindex: true,
  });

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  return (
    <AuthScreen
      eyebrow="Shop team"
      title="Admin Login"
      intro="Sign in to manage products, collections and projects."
      footer={
        <>
          Shopping with us?{" "}
          <Link to="/login" className={textLink}>
            Customer login
          </Link>
        </>
      }
    >
      <LoginForm id="admin-login" action="/admin/login" answered={actionData as FormAnswer | undefined} />
    </AuthScreen>
  );
}
