/**
 * /shop-email/confirm/:token: where the link sent to a new shop e-mail lands (docs/product.md,
 * Shop settings). The page names the address and asks for one click, so a mail scanner
 * that opens links does not spend it; the click confirms it, and from then on new orders
 * and contact messages are e-mailed there. A used, expired or made-up link says so. A
 * plain form: works without scripts.
 */
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "../../components/form/fields";
import { actionAnswer, refusalOf } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/shop-email-confirm";
import { AuthScreen } from "./auth-screen";

export const LINK_GONE =
  "This confirmation link is invalid, used or expired. Resend it from the admin panel's Settings.";

/** A dead link answers 200 too: after a confirmation the loader runs again and finds the link spent. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await context.shopEmail.read(params.token);
  return { email: link?.email ?? null };
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    const { email } = await context.shopEmail.confirm(params.token);
    return actionAnswer({ confirmed: email, refused: null });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return actionAnswer({ confirmed: null, refused: refusal.message }, refusal.status);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta(matches, {
    title: "Confirm the shop's e-mail",
    description: "Confirm the address the shop's orders and messages are e-mailed to.",
    // Never the token: it must not end up in a canonical link or a preview.
    path: "/shop-email/confirm",
    noindex: true,
  }),
  // Nor in the Referer header of anything this page loads or links to (see reset-password.tsx).
  { name: "referrer", content: "strict-origin" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function ShopEmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.confirmed)
    return (
      <AuthScreen eyebrow="Shop e-mail" title="E-mail confirmed">
        <p className="text-stone" role="status">
          <strong className="font-medium break-all text-ink">{actionData.confirmed}</strong> is confirmed. New orders
          and contact messages are e-mailed there from now on.
        </p>
      </AuthScreen>
    );
  if (!loaderData.email || actionData?.refused)
    return (
      <AuthScreen eyebrow="Shop e-mail" title="This link does not work">
        <p className="text-stone" role="alert">
          {actionData?.refused ?? LINK_GONE}
        </p>
      </AuthScreen>
    );
  return (
    <AuthScreen
      eyebrow="Shop e-mail"
      title="Confirm the shop's e-mail"
      intro={
        <>
          New orders and contact messages, with the customers&rsquo; details, will be e-mailed to{" "}
          <strong className="font-medium break-all text-ink">{loaderData.email}</strong>.
        </>
      }
    >
      <Form method="post">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Confirming...">
          Confirm this e-mail
        </SubmitButton>
      </Form>
    </AuthScreen>
  );
}
