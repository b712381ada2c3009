import { Link } from "react-router";
import { PageHero } from "../components/ui/page-hero";
import { seoMeta } from "../lib/seo";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Privacy policy",
    description: "What we keep about you, why, for how long, and how to have it removed.",
    path: "/privacy",
  });

export default function Privacy() {
  const { site } = useShell();
  const sections: Array<{ title: string; body: React.ReactNode }> = [
    {
      title: "What we keep",
      body: (
        <>
          <p>
            When you create an account: your name, e-mail address, phone number and a scrambled form of your password
            (we never keep the password itself).
          </p>
          <p>Your cart and wishlist, so that they are there on your next visit and on your other devices.</p>
          <p>Messages you send us through the contact form, with the name, e-mail and phone number you give.</p>
        </>
      ),
    },
    {
      title: "Cookies and storage in your browser",
      body: (
        <>
          <p>A sign-in cookie keeps you signed in; it is removed when you log out.</p>
          <p>
            When you add something to your cart or wishlist, an anonymousId cookie keeps them on our server, even before
            you sign up. If you choose Accept All, it lasts 30 days between visits; if you choose Decline (or have not
            chosen yet), it lasts only until you close your browser.
          </p>
          <p>
            When you choose where we deliver, a delivery cookie remembers the area, floor and lift for the delivery
            prices, as long as the anonymousId cookie lasts; signed in, your account remembers it too.
          </p>
          <p>Your choice itself is remembered for a year in a cookie named cookie_consent.</p>
          <p>We use no advertising or tracking cookies.</p>
        </>
      ),
    },
    {
      title: "How we use it",
      body: (
        <p>
          Only to run the shop: to keep your account, cart and wishlist, to answer your messages and orders, and to send
          the e-mails you ask for, such as a password reset. We do not sell or share your data for marketing.
        </p>
      ),
    },
    {
      title: "Ordering on WhatsApp",
      body: (
        <p>
          When you order, WhatsApp opens with a message listing your items. Nothing is sent until you press send in
          WhatsApp, and what you send there is governed by WhatsApp's own privacy policy.
        </p>
      ),
    },
    {
      title: "Your rights",
      body: (
        <p>
          You can see and correct your details on your{" "}
          <Link to="/profile" className="underline underline-offset-2">
            profile
          </Link>
          , and delete your account there at any time; deleting it removes your details, cart and wishlist. For anything
          else, write to{" "}
          <a href={`mailto:${site.email}`} className="underline underline-offset-2">
            {site.email}
          </a>
          .
        </p>
      ),
    },
  ];
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy policy">
        {site.shopName} keeps as little about you as it can, and only to serve you.
      </PageHero>
      <div className="mx-auto max-w-7xl px-5 py-14 md:px-8">
        <div className="max-w-3xl">
          {sections.map((section) => (
            <section key={section.title} className="mt-10 first:mt-0">
              <h2 className="font-serif text-2xl">{section.title}</h2>
              <div className="mt-3 space-y-3 leading-relaxed text-ink/90">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
