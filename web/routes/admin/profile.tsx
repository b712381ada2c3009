/**
 * /admin/profile: the signed-in member's own record (docs/product.md, Staff and roles),
 * for every role: who they are, their roles, and the WhatsApp number the customers of
 * the orders assigned to them write to instead of the shop's. The action saves the number
 * through `context.staff` and comes back here saying so.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import { ROLE_LABELS } from "../../../domain/staff/permissions";
import { StaffWhatsappSchema } from "../../../domain/staff/staff.schema";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { Field, FormErrors, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { requireStaffPage, saveAdminForm } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/profile";

export const PROFILE_PAGE = "/admin/profile";

export const meta: Route.MetaFunction = () => [{ title: "Your profile" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffPage(context, "profile.own");
  const [member, unread] = await Promise.all([context.staff.mine(), context.admin.countUnreadMessages()]);
  return { member, unread };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaffPage(context, "profile.own");
  return saveAdminForm({
    request,
    schema: StaffWhatsappSchema,
    save: (body) => context.staff.setMyWhatsapp(body),
    then: (sent) => ({
      to: PROFILE_PAGE,
      flash: {
        kind: "success",
        message: String(sent.get("whatsappNumber") ?? "").trim()
          ? "Your WhatsApp number is saved: customers of the orders assigned to you write there."
          : "Your WhatsApp number is removed: your orders' customers write to the shop's number.",
      },
    }),
  });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { member, unread } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="profile" unread={unread} />
      <div className="min-w-0 max-w-3xl">
        <h1 className="font-serif text-3xl md:text-4xl">Your profile</h1>
        <dl className="mt-6 grid gap-4 rounded-3xl border border-line bg-white p-5 text-sm sm:grid-cols-3 sm:p-8">
          <div>
            <dt className="text-stone">Name</dt>
            <dd className="mt-0.5 font-medium">{member.name}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-stone">E-mail</dt>
            <dd className="mt-0.5 truncate font-medium">{member.email}</dd>
          </div>
          <div>
            <dt className="text-stone">Roles</dt>
            <dd className="mt-0.5 font-medium">{member.roles.map((role) => ROLE_LABELS[role]).join(", ")}</dd>
          </div>
        </dl>
        <section aria-labelledby="whatsapp-title" className="mt-8 rounded-3xl border border-line bg-white p-5 sm:p-8">
          <h2 id="whatsapp-title" className="font-serif text-xl">
            Your WhatsApp number
          </h2>
          <p className="mt-1 text-sm text-stone">
            The customers of the orders assigned to you ask about them here, instead of on the shop&apos;s number.
          </p>
          <div className="mt-5">
            {/* Keyed by the number saved, so the form starts again from it. */}
            <WhatsappForm
              key={member.whatsappNumber ?? ""}
              saved={member.whatsappNumber}
              lastResult={actionData?.result}
            />
          </div>
        </section>
      </div>
    </div>
  );
}

function WhatsappForm({
  saved,
  lastResult,
}: {
  saved: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "my-whatsapp",
    schema: StaffWhatsappSchema,
    lastResult,
    defaultValue: { whatsappNumber: saved ? displayPhone(saved) : "" },
  });
  const pending = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <FormErrors form={form} />
      <Field
        meta={fields.whatsappNumber}
        label="WhatsApp number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Blank: your orders' customers write to the shop's number."
      />
      <div className="flex justify-end">
        <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
          Save number
        </SubmitButton>
      </div>
    </Form>
  );
}
