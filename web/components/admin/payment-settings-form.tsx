/**
 * Settings → Payments (/admin/settings/payments): the shop's bank account, which the
 * tracking page shows to customers who pay by transfer, and the online providers
 * (Paystack, Flutterwave), each off, in test mode or live. Secret keys are written, never
 * shown back: a saved one says so, and an empty field keeps it. Without a SECRETS_KEY on
 * the server, the key fields are disabled with the server's words on how to set it. Each
 * provider's webhook address is shown to paste at the provider. A plain form: it saves
 * without scripts too.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  PAYMENT_MESSAGES,
  PROVIDER_LABELS,
  type PaymentSettings,
  type ProviderName,
} from "../../../domain/payments/payments.schema";
import { PaymentSettingsFormSchema, type ProviderChoice } from "../../features/admin/payment-forms";
import { Field, FormErrors, PasswordField, SelectField, SubmitButton } from "../form/fields";
import { FormSection } from "../form/form-section";
import { useSchemaForm } from "../form/use-schema-form";
import { CopyField } from "./copy-field";
import { useSaving } from "./form-page";

export type Webhooks = Record<ProviderName, string>;

const MODE_OPTIONS: ReadonlyArray<{ value: ProviderChoice; label: string }> = [
  { value: "off", label: "Not used" },
  { value: "test", label: "Test mode: no real money" },
  { value: "live", label: "Live: real payments" },
];

const valuesOf = (settings: PaymentSettings) => ({
  bank: settings.bank ?? { bankName: "", accountName: "", accountNumber: "" },
  paystack: { mode: settings.paystack?.mode ?? "off", publicKey: settings.paystack?.publicKey ?? "" },
  flutterwave: { mode: settings.flutterwave?.mode ?? "off" },
});

/** What a secret field says: that one is saved (and left empty stays), or where to find it. */
const secretHint = (saved: boolean, where: string) =>
  saved ? "A key is saved. Leave this empty to keep it; type a new one to replace it." : where;

export function PaymentSettingsForm({
  settings,
  webhooks,
  lastResult,
}: {
  settings: PaymentSettings;
  webhooks: Webhooks;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "payment-settings",
    schema: PaymentSettingsFormSchema,
    lastResult,
    defaultValue: valuesOf(settings),
  });
  const saving = useSaving();
  const bank = fields.bank.getFieldset();
  const paystack = fields.paystack.getFieldset();
  const flutterwave = fields.flutterwave.getFieldset();
  const noKeys = !settings.canKeepKeys;

  return (
    <Form method="post" {...getFormProps(form)}>
      {/* The summary takes room only when it has something to say. */}
      <div className="[&>div:not(:empty)]:mb-8">
        <FormErrors form={form} />
      </div>
      <div className="space-y-8">
        {noKeys && (
          <div role="note" className="flex gap-3 rounded-2xl border border-clay/40 bg-clay/10 px-4 py-3 text-sm">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden="true" />
            <p>{PAYMENT_MESSAGES.noKey}</p>
          </div>
        )}

        <FormSection title="Bank transfer">
          <p className="text-sm text-stone">
            Customers who pay by transfer see this account on their order&rsquo;s page, then tell you they have paid;
            you confirm each transfer on the order. Leave all three blank to take no transfers.
          </p>
          <Field meta={bank.bankName} label="Bank name" maxLength={80} autoComplete="off" placeholder="GTBank" />
          <Field meta={bank.accountName} label="Account name" maxLength={120} autoComplete="off" />
          <Field
            meta={bank.accountNumber}
            label="Account number"
            inputMode="numeric"
            maxLength={13}
            autoComplete="off"
            hint="The 10-digit NUBAN."
          />
        </FormSection>

        <Provider name="paystack" webhook={webhooks.paystack} live={settings.paystack?.mode === "live"}>
          <SelectField meta={paystack.mode} label="Paystack mode" options={MODE_OPTIONS} />
          <Field
            meta={paystack.publicKey}
            label="Paystack public key"
            maxLength={300}
            autoComplete="off"
            spellCheck={false}
            placeholder="pk_test_…"
          />
          <PasswordField
            meta={paystack.secretKey}
            label="Paystack secret key"
            secretName="key"
            maxLength={300}
            autoComplete="off"
            disabled={noKeys}
            placeholder={settings.paystack?.hasSecretKey ? "Saved: leave empty to keep" : "sk_test_…"}
            hint={secretHint(
              Boolean(settings.paystack?.hasSecretKey),
              "In Paystack: Settings → API Keys & Webhooks. Test keys start sk_test_, live ones sk_live_.",
            )}
          />
        </Provider>

        <Provider name="flutterwave" webhook={webhooks.flutterwave} live={settings.flutterwave?.mode === "live"}>
          <SelectField meta={flutterwave.mode} label="Flutterwave mode" options={MODE_OPTIONS} />
          <PasswordField
            meta={flutterwave.secretKey}
            label="Flutterwave secret key"
            secretName="key"
            maxLength={300}
            autoComplete="off"
            disabled={noKeys}
            placeholder={settings.flutterwave?.hasSecretKey ? "Saved: leave empty to keep" : "FLWSECK_TEST-…"}
            hint={secretHint(
              Boolean(settings.flutterwave?.hasSecretKey),
              "In Flutterwave: Settings → API Keys. Test keys start FLWSECK_TEST-.",
            )}
          />
          <PasswordField
            meta={flutterwave.secretHash}
            label="Flutterwave webhook secret hash"
            secretName="secret hash"
            maxLength={300}
            autoComplete="off"
            disabled={noKeys}
            placeholder={settings.flutterwave?.hasSecretHash ? "Saved: leave empty to keep" : undefined}
            hint={
              settings.flutterwave?.hasSecretHash
                ? "A secret hash is saved. Leave this empty to keep it; type a new one to replace it."
                : "Any long random words: type the same in Flutterwave’s webhook settings, so the shop knows its calls."
            }
          />
        </Provider>

        <div className="flex justify-end border-t border-line pt-6">
          <SubmitButton pending={saving} pendingLabel="Saving..." wide={false}>
            Save payment settings
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}

/** A provider's part of the form, with the address its webhooks call. */
function Provider({
  name,
  webhook,
  live,
  children,
}: {
  name: ProviderName;
  webhook: string;
  live: boolean;
  children: ReactNode;
}) {
  const label = PROVIDER_LABELS[name];
  return (
    <FormSection title={label}>
      <p className="text-sm text-stone">
        Customers pay the deposit or the balance on {label}&rsquo;s own checkout page. Try it in test mode first;
        {live ? " it is live now: payments are real." : " switch to live once a test payment has gone through."}
      </p>
      {children}
      <CopyField
        id={`${name}-webhook`}
        label={`${label} webhook URL`}
        value={webhook}
        hint={`Paste it in ${label}’s webhook settings: the shop then hears of payments even when a customer closes the page.`}
      />
    </FormSection>
  );
}
