import { CalendarClock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  availabilityText,
  dimensionsText,
  readyText,
  type Availability,
  type Dimensions,
} from "../../../domain/catalog/furniture";
import { stylePath, type Style } from "../../../domain/catalog/styles";

/** "Made to order in 6–8 weeks · Ready by about 20 Jan 2027", or "In stock · Ready now": by the price. */
export function ReadyNote({ availability, readyBy }: { availability: Availability; readyBy: string }) {
  return (
    <p className="flex items-start gap-2 text-sm text-ink">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden="true" />
      <span>
        {availabilityText(availability)}
        <span className="text-stone"> · {readyText(availability, readyBy)}</span>
      </span>
    </p>
  );
}

export interface Specs {
  dimensions?: Dimensions | null;
  materials: string | null;
  availability: Availability;
  readyBy: string;
  /** A sold piece has no availability to give. */
  sold?: boolean;
  make?: string | null;
  model?: string | null;
  items: string;
  style: Style;
  category?: string;
  isForeign: boolean;
  origin: string | null;
}

/**
 * The facts a buyer compares, one per row, label beside value: size, materials, when it
 * can be ready, make and model, what is included, style and category, and where an
 * import is made. Rows without a value are left out.
 */
export function SpecTable({ specs, headingId }: { specs: Specs; headingId: string }) {
  const { dimensions } = specs;
  const rows: Array<[string, ReactNode]> = [];
  if (dimensions) {
    rows.push(["Dimensions", dimensionsText({ ...dimensions, seatHeight: null })]);
    if (dimensions.seatHeight !== null) rows.push(["Seat height", `${dimensions.seatHeight} cm`]);
  }
  if (specs.materials) rows.push(["Materials", specs.materials]);
  if (!specs.sold) {
    rows.push([
      "Availability",
      <>
        {availabilityText(specs.availability)}
        <span className="block text-stone">{readyText(specs.availability, specs.readyBy)}</span>
      </>,
    ]);
  }
  if (specs.make) rows.push(["Make", specs.make]);
  if (specs.model) rows.push(["Model", specs.model]);
  if (specs.items) rows.push(["Includes", specs.items]);
  rows.push([
    "Style",
    <Link to={stylePath(specs.style)} className="underline decoration-ink/25 underline-offset-4 hover:decoration-ink">
      {specs.style}
    </Link>,
  ]);
  if (specs.category) {
    rows.push([
      "Category",
      <Link
        to={`/shop?category=${encodeURIComponent(specs.category)}`}
        className="underline decoration-ink/25 underline-offset-4 hover:decoration-ink"
      >
        {specs.category}
      </Link>,
    ]);
  }
  if (specs.isForeign && specs.origin) rows.push(["Made in", specs.origin]);
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-line pt-6">
      <h2 id={headingId} className="font-serif text-xl">
        Details
      </h2>
      <dl className="mt-3 text-sm">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className="grid grid-cols-[7.5rem_1fr] gap-x-4 border-b border-line/70 py-2.5 last:border-b-0 sm:grid-cols-[9rem_1fr]"
          >
            <dt className="text-stone">{label}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
