/**
 * The Settings form (/admin/settings): the shop's name and words, the numbers customers
 * order on, contact details, links, the home page's hero pictures and services, and the
 * order terms. One save sends every field; the shop shows the result at once.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import {
  MAX_HERO_IMAGES,
  MAX_SOCIAL_LINKS,
  ShopSettingsFormSchema,
  type ShopSettings,
} from "../../../domain/settings/shop-settings.schema";
import { isDemoEmail } from "../../../domain/setup/demo-values";
import { withFilesAsImages } from "../../features/admin/admin-form-data";
import { Field, FormErrors, SubmitButton, TextAreaField } from "../form/fields";
import { FormSection } from "../form/form-section";
import { useSchemaForm } from "../form/use-schema-form";
import { useSaving } from "./form-page";
import { ImagePicker } from "./image-picker";

/** Blank rows offered under the saved links, up to the limit. */
const BLANK_LINK_ROWS = 2;

const valuesOf = (settings: ShopSettings) => ({
  shopName: settings.shopName,
  description: settings.description,
  slogan: settings.slogan,
  cityLine: settings.cityLine,
  referencePrefix: settings.referencePrefix,
  mailSenderName: settings.mailSenderName,
  whatsappNumber: displayPhone(`+${settings.whatsappNumber}`),
  servicesWhatsappNumber: settings.servicesWhatsappNumber ? displayPhone(`+${settings.servicesWhatsappNumber}`) : "",
  phone: displayPhone(settings.phone),
  email: settings.email,
  address: settings.address,
  hours: settings.hours,
  instagramUrl: settings.instagramUrl ?? "",
  socialLinks: [
    ...settings.socialLinks,
    ...Array.from({ length: BLANK_LINK_ROWS }, () => ({ label: "", url: "" })),
  ].slice(0, MAX_SOCIAL_LINKS),
  ecatalogUrl: settings.ecatalogUrl ?? "",
  services: settings.services,
  orderTerms: settings.orderTerms,
  journalYears: String(settings.journalYears),
  visitFee: String(settings.visitFee),
});

/** The form the notice's Resend button posts, outside the settings' form (forms do not nest). */
export const RESEND_FORM = "resend-email-link";
export const RESEND_INTENT = "resend-email-link";

/** Beside the e-mail while it is not confirmed: the demo address cannot be; another gets its link again. */
function EmailNotice({ email, canResend }: { email: string; canResend: boolean }) {
  const demo = isDemoEmail(email);
  return (
    <div
      role="status"
      data-testid="email-notice"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      {demo ? (
        <p>
          This is the demo address, which you do not receive: enter your shop&rsquo;s e-mail. New orders and contact
          messages are not e-mailed until then.
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            <strong className="font-medium">Not confirmed yet</strong> — open the link we sent to {email}. Until then
            new orders and contact messages are not e-mailed to it.
          </p>
          {canResend && (
            <SubmitButton
              pending={false}
              pendingLabel="Sending..."
              form={RESEND_FORM}
              name="intent"
              value={RESEND_INTENT}
              wide={false}
            >
              Resend the link
            </SubmitButton>
          )}
        </div>
      )}
    </div>
  );
}

export function SettingsForm({
  settings,
  lastResult,
  readOnly = false,
}: {
  settings: ShopSettings;
  lastResult: SubmissionResult<string[]> | undefined;
  /** For a member who may read the settings but not change them: every field shown, none editable, no save. */
  readOnly?: boolean;
}) {
  const [form, fields] = useSchemaForm({
    id: "settings",
    schema: ShopSettingsFormSchema,
    lastResult,
    defaultValue: valuesOf(settings),
    prepare: withFilesAsImages,
  });
  const saving = useSaving();
  const services = fields.services.getFieldList();
  const links = fields.socialLinks.getFieldList();
  const terms = fields.orderTerms.getFieldset();

  return (
    <>
      <Form method="post" id={RESEND_FORM} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <fieldset disabled={readOnly} className="min-w-0 space-y-8">
          <FormErrors form={form} />
          <FormSection title="Shop">
            <Field meta={fields.shopName} label="Shop name" markRequired maxLength={80} autoComplete="organization" />
            <TextAreaField
              meta={fields.description}
              label="Short description"
              hint="One or two sentences: the footer and link previews of the home page show it."
              maxLength={300}
            />
            <Field
              meta={fields.slogan}
              label="Slogan"
              markRequired
              maxLength={80}
              hint="The home page's headline, and the link previews' line when there is no description."
            />
            <Field
              meta={fields.cityLine}
              label="Line above the slogan"
              markRequired
              maxLength={60}
              hint='Your trade and city, in small capitals: for example "Furniture & interiors, Abuja".'
            />
          </FormSection>

          <FormSection title="Ordering">
            <Field
              meta={fields.whatsappNumber}
              label="WhatsApp order number"
              markRequired
              type="tel"
              autoComplete="off"
              hint="Every Order Now and Chat on WhatsApp button opens a chat with this number."
            />
            <Field
              meta={fields.servicesWhatsappNumber}
              label="WhatsApp number for design services (optional)"
              type="tel"
              autoComplete="off"
              hint="Site visit and design requests (and Talk to a designer) open a chat with this number; left blank, the order number."
            />
            <Field
              meta={fields.referencePrefix}
              label="Order reference prefix"
              markRequired
              maxLength={4}
              autoComplete="off"
              hint={`2 to 4 capital letters: new orders are named like ${settings.referencePrefix}-7K3QX. Orders placed before keep their references.`}
            />
          </FormSection>

          <FormSection title="Contact details">
            <Field meta={fields.phone} label="Phone" markRequired type="tel" autoComplete="off" />
            <Field
              meta={fields.email}
              label="E-mail"
              markRequired
              type="email"
              autoComplete="off"
              hint="Shown on the contact page. New orders and contact messages are e-mailed here once you confirm it by the link we send."
            />
            {!settings.emailConfirmed && <EmailNotice email={settings.email} canResend={!readOnly} />}
            <Field
              meta={fields.mailSenderName}
              label="E-mail sender name"
              markRequired
              maxLength={80}
              autoComplete="off"
              hint="The name the shop's e-mails come from."
            />
            <Field meta={fields.address} label="Address" markRequired maxLength={200} autoComplete="off" />
            <Field
              meta={fields.hours}
              label="Business hours"
              markRequired
              maxLength={80}
              hint='For example "24/7" or "Mon–Sat, 9am–6pm".'
            />
          </FormSection>

          <FormSection title="Links">
            <Field
              meta={fields.instagramUrl}
              label="Instagram"
              type="url"
              placeholder="https://www.instagram.com/yourshop"
              autoComplete="off"
            />
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Other links</legend>
              <p className="text-sm text-stone">Facebook, TikTok, a website… Leave a row blank for none.</p>
              {links.map((link, index) => {
                const row = link.getFieldset();
                return (
                  <div key={link.key} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                    <Field meta={row.label} label={`Link ${index + 1} name`} maxLength={40} placeholder="Facebook" />
                    <Field meta={row.url} label={`Link ${index + 1} address`} type="url" placeholder="https://" />
                  </div>
                );
              })}
            </fieldset>
            <Field
              meta={fields.ecatalogUrl}
              label="E-catalogue link"
              type="url"
              placeholder="https://"
              hint="The E-catalog page opens it; left blank, it asks for the catalogue on WhatsApp."
            />
            <ImagePicker
              meta={fields.ecatalogImage}
              saved={settings.ecatalogImage ? [settings.ecatalogImage] : []}
              label="E-catalogue cover"
              chooseLabel={(_, count) => (count > 0 ? "Choose another cover" : "Choose a cover")}
              mode="single"
              multiple={false}
              hint="Up to 10 MB. Without one, the page shows a project's photo."
            />
          </FormSection>

          <FormSection title="Home page">
            <ImagePicker
              meta={fields.heroImages}
              saved={settings.heroImages}
              label="Hero pictures"
              chooseLabel={(_, count) => (count > 0 ? "Add hero pictures" : "Choose hero pictures")}
              mode="append"
              multiple
              reorderable
              hint={`Up to ${MAX_HERO_IMAGES}, shown in this order; drag them or use the arrows. New pictures join at the end. Without any, the home page shows your newest projects' and products' photos.`}
            />
            {services.map((service, index) => {
              const row = service.getFieldset();
              return (
                <fieldset key={service.key} className="space-y-3 rounded-2xl border border-line p-4">
                  <legend className="px-1 text-sm font-medium">Service {index + 1}</legend>
                  <Field meta={row.title} label="Title" markRequired maxLength={60} />
                  <TextAreaField meta={row.text} label="Description" markRequired maxLength={240} />
                </fieldset>
              );
            })}
          </FormSection>

          <FormSection title="Order terms">
            <p className="text-sm text-stone">The Terms & Conditions page states these to every shopper.</p>
            <Field
              meta={terms.deposit}
              label="Deposit to confirm an order"
              markRequired
              maxLength={60}
              hint='For example "50% to 80%".'
            />
            <Field
              meta={terms.production}
              label="Production time"
              markRequired
              maxLength={60}
              hint='For example "3 to 6 weeks".'
            />
            <Field meta={terms.shipping} label="Shipping time of foreign products" markRequired maxLength={60} />
            <TextAreaField meta={terms.delivery} label="Delivery note" markRequired maxLength={300} />
          </FormSection>

          <FormSection title="Visits">
            <Field
              meta={fields.visitFee}
              label="Measurement visit fee (₦)"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              hint="Asked of the customer once a visit is proposed or booked, like a deposit. 0 for no fee."
            />
          </FormSection>

          <FormSection title="Journal">
            <Field
              meta={fields.journalYears}
              label="Keep the journal for (years)"
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              hint="From 1 to 10 years. Entries older than this are removed each day."
            />
          </FormSection>

          {!readOnly && (
            <div className="flex justify-end border-t border-line pt-6">
              <SubmitButton pending={saving} pendingLabel="Saving..." wide={false}>
                Save Settings
              </SubmitButton>
            </div>
          )}
        </fieldset>
      </Form>
    </>
  );
}
