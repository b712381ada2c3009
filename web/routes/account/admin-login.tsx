import { useState } from "react";
import { Link, redirect } from "react-router";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/admin-login";
import { AuthScreen, textLink } from "./auth-screen";
import { LoginForm } from "./login-form";

/** An admin already signed in goes straight to the dashboard (SPEC.md §2). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer?.isAdmin) throw redirect("/admin/dashboard");
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
