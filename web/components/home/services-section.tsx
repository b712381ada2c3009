import { ChefHat, Hammer, Briefcase, Sofa } from "lucide-react";
import { whatsappLink } from "../../../domain/whatsapp";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";

/** An icon for each of the four services, in the order the owner lists them in Settings. */
const ICONS = [Hammer, Sofa, Briefcase, ChefHat];

/**
 * The business's four services, as the owner describes them in Settings, and a WhatsApp
 * link to the design services' number (the shop's own when none is set).
 */
export function ServicesSection() {
  const { site } = useShell();
  const number = site.servicesWhatsappNumber ?? site.whatsappNumber;
  return (
    <section aria-labelledby="services" className="bg-ink text-white">
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
        <a
          href={whatsappLink(number, `Hello ${site.shopName}, I would like to talk about a design project.`)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-12 inline-flex items-center gap-2 rounded-full bg-white px-6 py-3 text-sm text-ink hover:bg-sand"
        >
          <WhatsAppIcon className="size-4" />
          Talk to a designer
        </a>
      </div>
    </section>
  );
}
