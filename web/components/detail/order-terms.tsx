import { PencilRuler, Ship, Truck, Wallet } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router";
import { weeksText, type Availability } from "../../../domain/catalog/furniture";
import { useShell } from "../../lib/use-shell";

/** The delivery note's first sentence: the rest (storage charges) is on the terms page. */
const firstSentence = (text: string) => /^[\s\S]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/**
 * The shop's order terms in brief, beside the price (the owner's words from Settings, as
 * the terms page gives them): what confirms an order — a deposit, or full payment for a
 * piece ordered from abroad — how long this piece takes to make (or to ship), counted
 * from then, and when delivery is to be taken. A piece in stock has nothing to make. The
 * piece's own wait is given rather than the shop's usual one, which could contradict it.
 */
export function OrderTerms({ availability }: { availability: Availability }) {
  const { deposit, delivery } = useShell().site.orderTerms;
  const { kind } = availability;
  const rows: Array<{ icon: ComponentType<{ className?: string }>; label: string; text: ReactNode }> = [
    kind === "imported"
      ? { icon: Wallet, label: "Payment", text: "in full before we order it from the maker" }
      : { icon: Wallet, label: "Deposit", text: `${deposit} of the price confirms your order` },
  ];
  if (kind === "made_to_order")
    rows.push({ icon: PencilRuler, label: "Production", text: `${weeksText(availability)} from your deposit` });
  if (kind === "imported")
    rows.push({ icon: Ship, label: "Shipping", text: `${weeksText(availability)} from your payment` });
  rows.push({ icon: Truck, label: "Delivery", text: firstSentence(delivery) });
  return (
    <section aria-labelledby="order-terms" className="mt-6 rounded-2xl bg-sand/70 px-5 py-4 text-sm">
      <h2 id="order-terms" className="sr-only">
        Order terms
      </h2>
      <ul className="space-y-2">
        {rows.map(({ icon: Icon, label, text }) => (
          <li key={label} className="flex gap-2.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden="true" />
            <span>
              <span className="font-medium">{label}:</span> <span className="text-ink/80">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <Link to="/terms" className="mt-3 inline-block text-stone underline underline-offset-4 hover:text-ink">
        Read our order terms
      </Link>
    </section>
  );
}
