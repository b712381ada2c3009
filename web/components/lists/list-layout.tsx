import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";

/**
 * The frame of the cart and wishlist pages, rendered on the server: the heading and a
 * line for the count, which waits (as a quiet bar of the same height) until the
 * browser knows the lines. The list heading takes the focus when a removed line had it.
 */
export function ListPage({
  title,
  count,
  headingRef,
  children,
}: {
  title: string;
  /** The count's words, or null while the lines are loading. */
  count: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-5 pt-8 pb-28 md:px-8 md:pt-12 lg:pb-20">
      <h1 ref={headingRef} tabIndex={-1} className="font-serif text-3xl md:text-4xl focus:outline-none">
        {title}
      </h1>
      <p className="mt-2 h-6 text-stone" aria-live="polite">
        {count ?? (
          <span className="inline-block h-4 w-24 rounded-full bg-sand align-middle motion-safe:animate-pulse" />
        )}
      </p>
      <div className="mt-6 md:mt-8">{children}</div>
    </div>
  );
}

export const itemsText = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/** Placeholder lines with the real lines' shape, while the lines load after hydration. */
export function LinesSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-line border-y border-line">
      {Array.from({ length: lines }, (_, index) => (
        <li key={index} className="flex gap-4 py-6 sm:gap-6">
          <div className="aspect-[4/3] w-24 shrink-0 rounded-sm bg-sand motion-safe:animate-pulse sm:w-36" />
          <div className="flex flex-1 flex-col gap-3 pt-1">
            <div className="h-3 w-20 rounded-full bg-sand" />
            <div className="h-5 w-3/5 rounded-full bg-sand" />
            <div className="h-4 w-28 rounded-full bg-sand" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function EmptyList({
  message,
  to,
  label,
  icon,
}: {
  message: string;
  to: string;
  label: string;
  icon: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-line px-6 py-16 text-center md:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-sand text-clay">{icon}</span>
      <p className="mt-5 font-serif text-2xl">{message}</p>
      <Link to={to} className="mt-6 rounded-full bg-ink px-6 py-3 text-sm text-white hover:bg-ink/90">
        {label}
      </Link>
    </div>
  );
}
