/**
 * A small count over an icon; positioned absolutely so its arrival never moves anything.
 * Screen readers hear it as part of the link's name: "Cart (2 items)".
 */
export function CountBadge({ count, announce = true }: { count: number; announce?: boolean }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute -top-1 -right-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-clay px-1 text-[11px] leading-none font-semibold text-white"
      >
        {count > 99 ? "99+" : count}
      </span>
      {announce && <CountText count={count} />}
    </>
  );
}

/** The badge's words for screen readers, for links that put them after their label. */
export function CountText({ count }: { count: number }) {
  if (count <= 0) return null;
  return <span className="sr-only">{` (${count} ${count === 1 ? "item" : "items"})`}</span>;
}
