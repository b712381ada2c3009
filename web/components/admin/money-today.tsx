/**
 * The dashboard's money card (docs/product.md, Payments): what came in today and this
 * week, and what waits for someone — payments asked for and not yet made, payments held
 * for review, transfers to confirm. Read once by the admin panel's layout; nothing shows
 * to a member who may not read money.
 */
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatNaira } from "../../../domain/money";
import type { MoneyAtAGlance } from "../../../domain/payments/payments.schema";

export function MoneyToday({ money }: { money: MoneyAtAGlance }) {
  const waiting = [
    { label: "Requests pending", value: money.requestsPending, urgent: false },
    { label: "Held for review", value: money.heldForReview, urgent: money.heldForReview > 0 },
    { label: "Transfers to confirm", value: money.transfersToConfirm, urgent: money.transfersToConfirm > 0 },
  ];
  return (
    <section aria-labelledby="money-today" className="rounded-3xl border border-line bg-white p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="money-today" className="font-serif text-xl">
          Money
        </h2>
        <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline">
          Orders <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-5">
        <div className="min-w-0">
          <dt className="text-sm text-stone">Received today</dt>
          <dd className="mt-0.5 font-serif text-xl break-words tabular-nums sm:text-2xl">
            {formatNaira(money.receivedToday)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-stone">This week</dt>
          <dd className="mt-0.5 font-serif text-xl break-words tabular-nums sm:text-2xl">
            {formatNaira(money.receivedThisWeek)}
          </dd>
        </div>
        {waiting.map(({ label, value, urgent }) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-stone">{label}</dt>
            <dd className={`mt-0.5 font-serif text-xl tabular-nums sm:text-2xl ${urgent ? "text-clay" : ""}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
