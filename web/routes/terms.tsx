import type { ShellSite } from "../../domain/load-context";
import { PageHero } from "../components/ui/page-hero";
import { seoMeta } from "../lib/seo";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Terms & Conditions",
    description: "Deposits, production and shipping times, delivery, warranty, complaints, refunds and installation.",
    path: "/terms",
  });

/** The business's terms, effective July 22, 2025; the order terms are the owner's, from Settings. */
const termsOf = ({
  deposit,
  production,
  shipping,
  delivery,
}: ShellSite["orderTerms"]): Array<{ title: string; body: string[] }> => [
  {
    title: "Orders and deposits",
    body: [
      `An order is confirmed once a deposit of ${deposit} of its price has been paid.`,
      "Foreign (imported) products must be paid for in full before the order is placed with the maker.",
    ],
  },
  {
    title: "Production and shipping",
    body: [
      `Production takes ${production} from the confirmation of the order.`,
      `Shipping of foreign products takes ${shipping}.`,
    ],
  },
  {
    title: "Delivery and storage",
    body: [delivery],
  },
  {
    title: "Warranty",
    body: ["Every piece carries a 3-month warranty against manufacturing defects from the day of delivery."],
  },
  {
    title: "Complaints",
    body: ["Any complaint about a delivered order must reach us within 24 hours of delivery."],
  },
  {
    title: "Refunds",
    body: [
      "Refunds are made only before production starts, or for a defect that we have confirmed.",
      "Once production has started, a refund is possible only after the piece has been resold.",
    ],
  },
  {
    title: "Installation and site visits",
    body: [
      "Installation of high beds, wall panels and kitchens carries an extra charge.",
      "Site measurement visits are paid for.",
    ],
  },
];

export default function Terms() {
  const { site } = useShell();
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms & Conditions">
        Effective July 22, 2025. These terms apply to every order placed with {site.shopName}.
      </PageHero>
      <div className="mx-auto max-w-7xl px-5 py-14 md:px-8">
        <div className="max-w-3xl">
          <ol className="space-y-10">
            {termsOf(site.orderTerms).map((term, index) => (
              <li key={term.title}>
                <h2 className="font-serif text-2xl">
                  {index + 1}. {term.title}
                </h2>
                {term.body.map((line) => (
                  <p key={line} className="mt-3 leading-relaxed text-ink/90">
                    {line}
                  </p>
                ))}
              </li>
            ))}
          </ol>
          <p className="mt-12 text-sm text-stone">
            Questions about these terms? Write to{" "}
            <a href={`mailto:${site.email}`} className="underline underline-offset-2">
              {site.email}
            </a>
            .
          </p>
        </div>
      </div>
    </>
  );
}
