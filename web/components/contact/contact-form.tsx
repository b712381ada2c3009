import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import type { Viewer } from "../../../domain/load-context";
import { BackField } from "../../lib/back-field";
import { Field, FormErrors, SubmitButton, TextAreaField } from "../form/fields";
import { useServerForm } from "../form/use-server-form";
import type { FormAnswer } from "../../lib/action-answer";
import { useFlashToast } from "../../lib/use-flash-toast";
import { useShell } from "../../lib/use-shell";
import { displayPhone } from "../../../domain/accounts/phone";

/** Where the contact form posts, from any page: the /contact route's action. */
export const CONTACT_ACTION = "/contact";

/** The contact action's answer to the page's scripts: the form's result and the message for a toast. */
export type ContactAnswer = FormAnswer;

/**
 * The contact form (docs/product.md, Contact messages), on the home page and /contact. Only
 * the server checks it, with the shared schema and its messages, so the shop's pages do not
 * download the schema library for a form a visitor may never send. Without scripts the
 * browser posts it to /contact, which sends the visitor back where they were with the
 * message, or shows the form again with the messages and what was typed. On success the
 * subject and message clear, and the personal fields go back to the signed-in profile's
 * details (blank for a guest, or where the profile has none).
 */
export function ContactForm({
  id = "contact",
  backHash,
  answered,
}: {
  id?: string;
  /** The section to come back to after a post without scripts. */
  backHash?: string;
  /** The action's answer to a post the browser made itself (on /contact). */
  answered?: ContactAnswer | undefined;
}) {
  const { viewer } = useShell();
  const profile = viewer && !viewer.isAdmin ? viewer : null;
  // Signing in or out, or editing the profile, starts the form again from the new details.
  const key = profile ? `${profile._id}:${profile.username}:${profile.email}:${profile.phoneNumber}` : "guest";
  return <ContactFormFields key={key} id={id} backHash={backHash} profile={profile} answered={answered} />;
}

function ContactFormFields({
  id,
  backHash,
  profile,
  answered,
}: {
  id: string;
  backHash: string | undefined;
  profile: Viewer | null;
  answered: ContactAnswer | undefined;
}) {
  const fetcher = useFetcher<ContactAnswer>();
  const [form, fields] = useServerForm({
    id,
    lastResult: (fetcher.data ?? answered)?.result,
    // What comes from the profile stays after sending; the rest clears.
    defaultValue: {
      name: profile?.username ?? "",
      email: profile?.email ?? "",
      phoneNumber: profile?.phoneNumber ? displayPhone(profile.phoneNumber) : "",
      subject: "",
      message: "",
    },
  });
  const pending = fetcher.state !== "idle";
  useFlashToast(fetcher.data);

  return (
    <fetcher.Form
      method="post"
      action={CONTACT_ACTION}
      {...getFormProps(form)}
      aria-busy={pending}
      className="grid gap-5 sm:grid-cols-2"
    >
      <BackField {...(backHash ? { hash: backHash } : {})} />
      <div className="empty:hidden sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <Field meta={fields.name} label="Name" autoComplete="name" required />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" required />
      <Field meta={fields.phoneNumber} label="Phone number" type="tel" autoComplete="tel" inputMode="tel" required />
      <Field meta={fields.subject} label="Subject" required />
      <div className="sm:col-span-2">
        <TextAreaField meta={fields.message} label="Message" required />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} pendingLabel="Sending..." wide={false}>
          Send Message
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
