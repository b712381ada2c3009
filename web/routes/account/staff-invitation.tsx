/**
 * /staff/invitation/:token: where the owner's e-mailed invitation lands. The page shows
 * the shop, the invited e-mail and roles, and asks for a name (as the owner wrote it, to
 * correct) and a password; the action sets them, signs the new member in and opens the
 * admin. A used, expired or made-up link says so. A plain form: works without scripts.
 */
import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { ROLE_LABELS } from "../../../domain/staff/permissions";
import { InvitationAcceptSchema, STAFF_MESSAGES } from "../../../domain/staff/staff.schema";
import { Field, FormErrors, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readSubmission, redirectWithFlash } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/staff-invitation";
import { invalid, refused } from "./account-answers.server";
import { AuthScreen } from "./auth-screen";

export const INVITATION_WELCOME = "Welcome! Your password is set and you are signed in.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await context.accounts.readStaffInvitation(params.token);
  if (!invitation) return data({ invitation: null }, { status: 404 });
  return { invitation };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, InvitationAcceptSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    await context.accounts.acceptStaffInvitation(params.token, submission.value);
  } catch (error) {
    return refused(submission, error);
  }
  return redirectWithFlash("/admin", { kind: "success", message: INVITATION_WELCOME });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta(matches, {
    title: "Join the staff",
    description: "Choose your password to join the shop's staff.",
    // Never the token: it must not end up in a canonical link or a preview.
    path: "/staff/invitation",
    noindex: true,
  }),
  // Nor in the Referer header of anything this page loads or links to (see reset-password.tsx).
  { name: "referrer", content: "strict-origin" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "invitation",
    schema: InvitationAcceptSchema,
    lastResult: actionData?.result,
    ...(invitation ? { defaultValue: { name: invitation.name } } : {}),
  });

  if (!invitation)
    return (
      <AuthScreen eyebrow="Staff" title="This invitation has expired">
        <p className="text-stone">{STAFF_MESSAGES.invitationGone}</p>
      </AuthScreen>
    );

  const roles = invitation.roles.map((role) => ROLE_LABELS[role]).join(", ");
  return (
    <AuthScreen
      eyebrow={invitation.shopName}
      title="Join the staff"
      intro={
        <>
          You are invited to {invitation.shopName} as <strong className="font-medium text-ink">{roles}</strong>. Choose
          your password to sign in.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormErrors form={form} />
        <div>
          <p className="text-sm font-medium">E-mail</p>
          <p className="mt-1.5 rounded-xl bg-sand/70 px-4 py-3 text-[15px] break-all" data-testid="invited-email">
            {invitation.email}
          </p>
        </div>
        <Field meta={fields.name} label="Your name" autoComplete="name" maxLength={80} />
        <PasswordField
          meta={fields.password}
          label="Password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
        />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Saving...">
          Join and sign in
        </SubmitButton>
      </Form>
    </AuthScreen>
  );
}
