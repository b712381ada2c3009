import { ChefHat, Hammer, Briefcase, Sofa } from "lucide-react";

/** The business's four services: home finishing, interior design, office furnishing, kitchen cabinets. */
const SERVICES = [
  {
    icon: Hammer,
    title: "Home finishing",
    text: "Wall panels, ceilings, flooring and lighting: we take a new or tired house to move-in ready.",
  },
  {
    icon: Sofa,
    title: "Interior design",
    text: "A designer plans each room with you, from mood board to the last cushion, within your budget.",
  },
  {
    icon: Briefcase,
    title: "Office furnishing",
    text: "Desks, seating, meeting rooms and reception areas that work hard and welcome clients.",
  },
  {
    icon: ChefHat,
    title: "Kitchen cabinets",
    text: "Made-to-measure cabinets and worktops, built in our workshop and installed by our team.",
  },
];

export function ServicesSection() {
  return (
    <section aria-labelledby="services" className="bg-ink text-white">
      <div className="mx-auto max-w-7xl px-5 py-16 md:px-8 md:py-24">
        <p className="text-xs tracking-[0.2em] text-white/70 uppercase">What we do</p>
        <h2 id="services" className="mt-3 font-serif text-3xl md:text-4xl">
          Our services
        </h2>
        <ul className="mt-10 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Icon className="size-7 text-[#e2b48f]" aria-hidden="true" />
              <h3 className="mt-4 font-serif text-xl">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-white/80">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
