/**
 * Settings → Follow-ups (/admin/settings/follow-ups): when Today lists an entry, the
 * WhatsApp message each queue and each order step opens with, and whether customers who
 * agreed to them get e-mail reminders (docs/product.md, Today). The Owner saves; the other
 * roles read it with the fields disabled. A plain form: it saves without scripts too.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import {
  FOLLOW_UP_FIELDS,
  FOLLOW_UP_LABELS,
  FollowUpSettingsFormSchema,
  TEMPLATE_FIELDS,
  TEMPLATE_KEYS,
  TEMPLATE_LABELS,
} from "../../../domain/today/today.schema";
import { Field, FormErrors, SubmitButton, TextAreaField } from "../form/fields";
import { FlagField } from "../form/flag-field";
import { useSchemaForm } from "../form/use-schema-form";

export function FollowUpsForm({
  settings,
  canWrite,
  lastResult,
}: {
  settings: Pick<ShopSettings, "followUps" | "messageTemplates" | "emailReminders">;
  canWrite: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "follow-ups",
    schema: FollowUpSettingsFormSchema,
    lastResult,
    defaultValue: {
      followUps: Object.fromEntries(FOLLOW_UP_FIELDS.map((field) => [field, String(settings.followUps[field])])),
      messageTemplates: settings.messageTemplates,
      emailReminders: settings.emailReminders ? "on" : "",
    },
  });
  const thresholds = fields.followUps.getFieldset();
  const templates = fields.messageTemplates.getFieldset();
  const navigation = useNavigation();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8">
      <FormErrors form={form} />
      <fieldset disabled={!canWrite} className="space-y-8">
        <section className="space-y-4">
          <h2 className="font-serif text-xl">When to chase</h2>
          <p className="text-sm text-stone">Whole numbers; 0 lists an entry at once.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            {FOLLOW_UP_FIELDS.map((field) => (
              <Field
                key={field}
                meta={thresholds[field]}
                label={`${FOLLOW_UP_LABELS[field].label} (${FOLLOW_UP_LABELS[field].unit})`}
                inputMode="numeric"
                maxLength={3}
              />
            ))}
          </div>
        </section>
        <section className="space-y-4">
          <h2 className="font-serif text-xl">E-mail reminders</h2>
          <FlagField
            meta={fields.emailReminders}
            label="Send e-mail reminders"
            description="To customers who ticked the box when signing up or ordering: a quote waiting for an answer and a balance due, at most one per order every 3 days, each with a link to stop them."
          />
        </section>
        <section className="space-y-4">
          <h2 className="font-serif text-xl">Messages</h2>
          <p className="text-sm text-stone">
            Today and the order page fill these in before you send them. You may use{" "}
            {TEMPLATE_FIELDS.map((field) => `{${field}}`).join(", ")}.
          </p>
          {TEMPLATE_KEYS.map((key) => (
            <TextAreaField key={key} meta={templates[key]} label={TEMPLATE_LABELS[key]} rows={4} maxLength={1000} />
          ))}
        </section>
      </fieldset>
      {canWrite && (
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Saving..." wide={false}>
          Save follow-ups
        </SubmitButton>
      )}
    </Form>
  );
}
