import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";

/**
 * The frame of the cart and wishlist pages: the heading and the count. When a line goes
 * and took the focus with it (its remove button, its question), the heading takes it, so
 * a keyboard or screen-reader user is not left at the top of the page.
 */
export function ListPage({
  title,
  count,
  lineCount,
  children,
}: {
  title: string;
  /** The count's words ("3 items"), empty for an empty list. */
  count: string;
  /** How many lines there are: fewer than before means one went. */
  lineCount: number;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = useRef(lineCount);
  useEffect(() => {
    const fewer = lineCount < lines.current;
    lines.current = lineCount;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (fewer && lost) heading.current?.focus();
  }, [lineCount]);
  return (
    <div className="mx-auto max-w-7xl px-5 pt-8 pb-8 md:px-8 md:pt-12 lg:pb-20">
      <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl focus:outline-none md:text-4xl">
        {title}
      </h1>
      <p className="mt-2 h-6 text-stone" aria-live="polite">
        {count}
      </p>
      <div className="mt-6 md:mt-8">{children}</div>
    </div>
  );
}

export const itemsText = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/** Lines whose item was deleted as the page was read are left out; the page says so. */
export function VanishedNotice({ count, list }: { count: number; list: "cart" | "wishlist" }) {
  if (count === 0) return null;
  return (
    <p role="status" className="mb-6 rounded-2xl bg-sand px-5 py-3 text-sm text-ink">
      {`Some items in your ${list} were removed as they are no longer available.`}
    </p>
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
