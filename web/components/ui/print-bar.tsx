/**
 * The bar above a printable page (an invoice, a receipt, a workshop sheet): the way back
 * to its order, and a Print button once scripts run. Neither is printed.
 */
import { Printer } from "lucide-react";
import { Link } from "react-router";

export function PrintBar({ back }: { back: { to: string; label: string } | null }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
      {back ? (
        <Link to={back.to} className="inline-flex h-11 items-center text-sm underline underline-offset-4">
          {back.label}
        </Link>
      ) : (
        <span />
      )}
      <button
        type="button"
        onClick={() => window.print()}
        className="inline-flex h-11 items-center gap-2 rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90 [html:not([data-hydrated])_&]:hidden"
      >
        <Printer className="size-4" aria-hidden="true" /> Print
      </button>
    </div>
  );
}
