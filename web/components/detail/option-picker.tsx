import { SwatchBook } from "lucide-react";
import { Link } from "react-router";
import type { Product } from "../../../domain/catalog/catalog.types";
import { priceDifferenceLabel } from "../../../domain/money";
import { MAX_SWATCHES } from "../../../domain/orders/swatches";
import { ResponsiveImage } from "../ui/responsive-image";
import { formatCompact } from "../../../domain/numbers";

export type ProductOption = Product["options"][number];

/** The address's `?option=` that picks one of a product's finishes or fabrics. */
export const OPTION_PARAM = "option";

/**
 * A product's finishes or fabrics: its swatch (a picture of the finish itself) as a round
 * chip, or its name as a chip, with what it adds to the price under it when it adds
 * anything. Each is a link to this page with the option in the address, so a choice
 * works before the page's scripts run and survives a reload or Back; the page swaps the
 * photos and the price in place once they do.
 * `swatches`, for a shopper: the order sheet that requests samples of the finishes
 * (docs/product.md, Swatches), a plain link, the finish shown ticked to start with.
 */
export function OptionPicker({
  options,
  chosen,
  swatches = null,
}: {
  options: readonly ProductOption[];
  chosen: ProductOption;
  swatches?: string | null;
}) {
  const chosenDifference = priceDifferenceLabel(chosen.priceDifference);
  return (
    <div className="mt-6">
      <p className="text-sm" aria-live="polite">
        <span className="text-stone">Finish:</span> <span className="font-medium">{chosen.name}</span>
        {chosenDifference && <span className="text-stone tabular-nums">{` · ${chosenDifference}`}</span>}
      </p>
      <ul aria-label="Finishes" className="mt-3 flex flex-wrap items-start gap-x-3 gap-y-2">
        {options.map((option) => {
          const current = option._id === chosen._id;
          const difference = priceDifferenceLabel(option.priceDifference);
          return (
            <li key={option._id} className="flex flex-col items-center">
              <Link
                to={`?${OPTION_PARAM}=${encodeURIComponent(option._id)}`}
                replace
                preventScrollReset
                aria-label={`Finish: ${option.name}${difference ? `, ${difference}` : ""}`}
                aria-current={current ? "true" : undefined}
                title={difference ? `${option.name} (${difference})` : option.name}
                className={
                  option.image
                    ? `block size-12 overflow-hidden rounded-full ring-offset-2 ${current ? "ring-2 ring-ink" : "ring-1 ring-line hover:ring-stone"}`
                    : `inline-flex h-12 items-center rounded-full border px-4 text-sm ${current ? "border-ink bg-ink text-white" : "border-line hover:border-ink"}`
                }
              >
                {option.image ? (
                  <ResponsiveImage image={option.image} alt="" sizes="48px" className="size-12 object-cover" />
                ) : (
                  option.name
                )}
              </Link>
              {difference && (
                <span aria-hidden="true" className="mt-1 text-[11px] leading-none text-stone tabular-nums">
                  {compactDifference(option.priceDifference)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {swatches && (
        <Link to={swatches} className="group mt-3 inline-flex min-h-11 items-center gap-2 text-sm text-ink">
          <SwatchBook className="size-4 text-stone group-hover:text-ink" aria-hidden="true" />
          <span className="underline decoration-line underline-offset-4 group-hover:decoration-ink">
            Request swatches
          </span>
          <span className="text-stone">· free, up to {MAX_SWATCHES} finishes</span>
        </Link>
      )}
    </div>
  );
}

/** "+₦120K" under a small swatch: the whole amount is in its label and above the swatches. */
function compactDifference(naira: number): string {
  return `+₦${formatCompact(naira)}`;
}
