import { useState } from "react";
import { Link, redirect } from "react-router";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/admin-login";
import { AuthScreen, textLink } from "./auth-screen";
import { LoginForm } from "./login-form";

/**
 * Someone already signed in has nothing to do here: an admin goes to the dashboard, a
 * customer home (SPEC.md §2 auth gate, §6).
 */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer) throw redirect(viewer.isAdmin ? "/admin/dashboard" : "/");
  return null;
}

// See login.tsx: the form reloads the viewer, then leaves on its own.
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Admin Login",
    description: "Sign in to manage the shop's catalogue.",
    path: "/admin/login",
    noindex: true,
  });

export default function AdminLogin() {
  const [email, setEmail] = useState("");
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
      <LoginForm endpoint="/admin/login" idPrefix="admin-login" email={email} onEmailChange={setEmail} />
    </AuthScreen>
  );
}
