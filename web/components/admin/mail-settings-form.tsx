/**
 * Settings → E-mail (/admin/settings/email): the mail server the shop sends through, as a
 * mail provider's help page gives it: the server's name, the port, the username and
 * password, and the address mail comes from. The password is written, never shown back:
 * a saved one says so, and an empty field keeps it. Without a SECRETS_KEY on the server
 * the password field is disabled with the server's words on how to set it. A plain form:
 * it saves without scripts too. "Send a test e-mail" and "Stop using this server" are
 * forms of their own beside it.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { KeyRound, Mail, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { MAIL_MESSAGES, MailServerInputSchema, type MailSettings } from "../../../domain/settings/mail-settings.schema";
import { Field, FormErrors, PasswordField, SubmitButton } from "../form/fields";
import { useSchemaForm } from "../form/use-schema-form";

/** The forms' intents, for the page's action. */
export const MAIL_INTENTS = { save: "save-mail", test: "test-mail", off: "mail-off" } as const;

const valuesOf = (server: MailSettings["server"]) => ({
  host: server?.host ?? "",
  port: String(server?.port ?? 587),
  username: server?.username ?? "",
  fromAddress: server?.fromAddress ?? "",
});

/** Where the shop's e-mails go now, in a sentence. */
function whereMailGoes({ server, serverDefault }: MailSettings): string {
  if (server) return `E-mails are sent through ${server.host}, from ${server.fromAddress}.`;
  if (serverDefault === "smtp") return "E-mails are sent through the mail server the server is set up with.";
  return "E-mails are saved as files on the server, not sent: nobody gets a password reset or a new order's e-mail until you set your mail server here.";
}

export function MailSettingsForm({
  settings,
  lastResult,
}: {
  settings: MailSettings;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "mail-settings",
    schema: MailServerInputSchema,
    lastResult,
    defaultValue: valuesOf(settings.server),
  });
  const navigation = useNavigation();
  const posting = (intent: string) =>
    navigation.formMethod?.toUpperCase() === "POST" && navigation.formData?.get("intent") === intent;
  const noKey = !settings.canKeepPassword;
  const saved = settings.server?.hasPassword ?? false;

  return (
    <div className="space-y-6">
      <p role="status" data-testid="mail-status" className="flex gap-3 rounded-2xl bg-sand px-4 py-3 text-sm">
        <Mail className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden="true" />
        <span>{whereMailGoes(settings)}</span>
      </p>

      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value={MAIL_INTENTS.save} />
        <FormErrors form={form} />
        <p className="text-sm text-stone">
          Your mail provider&rsquo;s help page gives these, under &ldquo;SMTP settings&rdquo;: for Gmail, the server
          smtp.gmail.com, port 587, your address as the username and an app password; Zoho, Outlook and hosting
          companies give theirs the same way.
        </p>
        <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
          <Field
            meta={fields.host}
            label="Mail server"
            placeholder="smtp.gmail.com"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={253}
          />
          <Field
            meta={fields.port}
            label="Port"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            hint="Usually 587 or 465."
          />
        </div>
        <Field
          meta={fields.username}
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          hint="Usually your full e-mail address."
        />
        {noKey && (
          <div role="note" className="flex gap-3 rounded-2xl border border-clay/40 bg-clay/10 px-4 py-3 text-sm">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden="true" />
            <p>{MAIL_MESSAGES.noKey}</p>
          </div>
        )}
        <PasswordField
          meta={fields.password}
          label="Password"
          autoComplete="new-password"
          maxLength={500}
          disabled={noKey}
          placeholder={saved ? "Saved: leave empty to keep" : undefined}
          hint={
            saved
              ? "A password is saved. Leave this empty to keep it; type a new one to replace it."
              : "Some providers (Gmail, Outlook) ask for an app password made for this shop."
          }
        />
        <Field
          meta={fields.fromAddress}
          label="Send from"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          maxLength={254}
          placeholder="hello@yourshop.ng"
          hint="The address e-mails come from; the name is the one in Settings → Shop."
        />
        <SubmitButton pending={posting(MAIL_INTENTS.save)} pendingLabel="Saving..." wide={false}>
          Save mail server
        </SubmitButton>
      </Form>

      <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center">
        <Form method="post">
          <input type="hidden" name="intent" value={MAIL_INTENTS.test} />
          <button
            type="submit"
            aria-disabled={posting(MAIL_INTENTS.test) || undefined}
            className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white aria-disabled:opacity-60 sm:w-auto"
          >
            <Send className="size-4" aria-hidden="true" />
            {posting(MAIL_INTENTS.test) ? "Sending..." : "Send a test e-mail"}
          </button>
        </Form>
        <p className="text-sm text-stone">To your own e-mail address, through the server saved here.</p>
      </div>

      {settings.server && (
        <Form method="post" className="border-t border-line pt-5">
          <input type="hidden" name="intent" value={MAIL_INTENTS.off} />
          <button type="submit" className="text-sm text-stone underline underline-offset-4 hover:text-ink">
            Stop using this mail server
          </button>
        </Form>
      )}
    </div>
  );
}
