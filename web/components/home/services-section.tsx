import { ChefHat, Hammer, Briefcase, Sofa } from "lucide-react";
import { Link } from "react-router";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";
import { HOME_SECTION_BAND } from "./home-section";

/** An icon for each of the four services, in the order the owner lists them in Settings. */
const ICONS = [Hammer, Sofa, Briefcase, ChefHat];

/**
 * The business's four services, as the owner describes them in Settings, and two ways to
 * ask for one: a site visit or consultation, and "Talk to a designer". Both go through the
 * order sheet, which records the request before WhatsApp opens (to the design services'
 * number, the shop's own when none is set), so every conversation with a designer leaves a
 * record on the owner's desk. Admins cannot order, so they are offered neither.
 */
export function ServicesSection() {
  const { site, viewer } = useShell();
  // The owner's design service, when one is named so, is chosen for the shopper already.
  const design = site.services.find(({ title }) => /design/i.test(title))?.title;
  return (
    <section aria-labelledby="services" className={`${HOME_SECTION_BAND} bg-ink text-white`}>
      <div className="mx-auto max-w-7xl px-5 py-16 md:px-8 md:py-24">
        <p className="text-xs tracking-[0.2em] text-white/70 uppercase">What we do</p>
        <h2 id="services" className="mt-3 font-serif text-3xl md:text-4xl">
          Our services
        </h2>
        <ul className="mt-10 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          {site.services.map(({ title, text }, index) => {
            const Icon = ICONS[index % ICONS.length]!;
            return (
              <li key={index}>
                <Icon className="size-7 text-[#e2b48f]" aria-hidden="true" />
                <h3 className="mt-4 font-serif text-xl">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-white/80">{text}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-12 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {!viewer?.isAdmin && (
            <>
              <Link
                to="/order?kind=service"
                className="inline-flex items-center justify-center rounded-full bg-white px-6 py-3 text-center text-sm text-ink hover:bg-sand"
              >
                Request a site visit or design consultation
              </Link>
              <Link
                to={`/order?${new URLSearchParams({ kind: "service", ...(design ? { service: design } : {}) })}`}
                className="inline-flex items-center justify-center gap-2 rounded-full border border-white/40 px-6 py-3 text-sm text-white hover:bg-white/10"
              >
                <WhatsAppIcon className="size-4" />
                Talk to a designer
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
