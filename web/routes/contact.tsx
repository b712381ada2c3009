import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { displayPhone } from "../../domain/accounts/phone";
import { ContactMessageSchema } from "../../domain/contact/contact.schema";
import { enquiryMessage, whatsappLink } from "../../domain/whatsapp";
import { ContactForm, type ContactAnswer } from "../components/contact/contact-form";
import { WhatsAppIcon } from "../components/ui/brand-icons";
import { SocialLinks } from "../components/shell/social-links";
import { PageHero } from "../components/ui/page-hero";
import {
  actionAnswer,
  backPath,
  invalidReply,
  isDocumentRequest,
  readSubmission,
  redirectWithFlash,
  refusalOf,
  refusedReply,
} from "../lib/page-actions.server";
import { seoMeta } from "../lib/seo";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/contact";

const FAILED_TO_SEND = "Failed to send message. Please try again.";

/**
 * The contact form posts here from every page it is on. Sent, a browser's own post goes
 * back where it came from with the thanks, and the page's scripts clear the form; refused,
 * the form comes back with the messages and what was typed (this page, for a browser's
 * own post).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readSubmission(request, ContactMessageSchema);
  if (submission.status !== "success") {
    return actionAnswer<ContactAnswer>({ result: invalidReply(submission) }, 400);
  }
  try {
    const message = (await context.contact.sendMessage(submission.value)) || "Message sent successfully!";
    const flash = { kind: "success", message } as const;
    if (isDocumentRequest(request)) return redirectWithFlash(backPath(request, formData, "/contact"), flash);
    return actionAnswer<ContactAnswer>({ result: submission.reply({ resetForm: true }), flash });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const result = refusedReply(submission, { ...refusal, message: refusal.message || FAILED_TO_SEND });
    return actionAnswer<ContactAnswer>({ result }, refusal.status);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Contact us",
    description: "Write to us, call, or chat on WhatsApp. We answer every day, around the clock.",
    path: "/contact",
  });

export default function Contact({ actionData }: Route.ComponentProps) {
  const { site, viewer } = useShell();
  const details = [
    { icon: Mail, label: "Email", value: site.email, href: `mailto:${site.email}` },
    { icon: Phone, label: "Phone", value: displayPhone(site.phone), href: `tel:${site.phone}` },
    { icon: MapPin, label: "Showroom", value: site.address },
    { icon: Clock, label: "Business hours", value: site.hours },
  ];
  return (
    <>
      <PageHero eyebrow="Contact" title="Let's talk about your space">
        Questions about a piece, a custom size or a whole project? Send us a message and we will get back to you.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-14 px-5 py-14 md:px-8 lg:grid-cols-12">
        <section aria-labelledby="write" className="lg:col-span-7">
          <h2 id="write" className="font-serif text-2xl">
            Send us a message
          </h2>
          <div className="mt-6">
            <ContactForm backHash="write" answered={actionData as ContactAnswer | undefined} />
          </div>
        </section>
        <aside className="lg:col-span-5" aria-labelledby="reach">
          <h2 id="reach" className="font-serif text-2xl">
            Reach us
          </h2>
          <dl className="mt-6 space-y-5">
            {details.map(({ icon: Icon, label, value, href }) => (
              <div key={label} className="relative pl-9">
                <dt className="text-sm text-stone">
                  <Icon className="absolute top-0.5 left-0 size-5 text-clay" aria-hidden="true" />
                  {label}
                </dt>
                <dd className="mt-0.5">
                  {href ? (
                    <a href={href} className="hover:underline hover:underline-offset-4">
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={whatsappLink(site.whatsappNumber, enquiryMessage(site.shopName))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full bg-[#1f7a4d] px-5 py-3 text-sm text-white hover:bg-[#18663f]"
            >
              <WhatsAppIcon className="size-5" />
              Chat on WhatsApp
            </a>
            <SocialLinks site={site} labelled />
          </div>
          {!viewer?.isAdmin && (
            <div className="mt-10 rounded-2xl bg-sand p-6">
              <h3 className="font-serif text-xl">Planning a space?</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone">
                Our designers visit homes and offices, or start with a consultation.
              </p>
              <Link
                to="/order?kind=service"
                className="mt-5 inline-flex items-center justify-center rounded-full bg-ink px-5 py-3 text-center text-sm text-white hover:bg-ink/90"
              >
                Request a site visit or design consultation
              </Link>
            </div>
          )}
        </aside>
      </div>
    </>
  );
}
