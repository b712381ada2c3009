/**
 * Numbers as the shop writes them (en-NG: commas between thousands, a point before the
 * decimals), worked out here rather than by the browser's Intl. A page's first Intl format
 * makes Chrome load its locale data: about 20 ms of a fast computer's main thread, over
 * 100 ms of a mid-range phone's, in the middle of the page coming to life. ESLint keeps
 * Intl and toLocaleString out of web/ and domain/ (docs/architecture.md, What ships to shoppers).
 */

/**
 * `n` with commas between thousands and between `minDecimals` and `maxDecimals` decimals,
 * rounded half away from zero on the number as written (12.345 → "12.35", as Intl does):
 * formatNumber(1234.5, { maxDecimals: 2 }) is "1,234.5".
 */
export function formatNumber(n: number, { minDecimals = 0, maxDecimals = 0 } = {}): string {
  // From 10^21 up JavaScript writes only an exponent ("1e+21"): no amount of ours is that large.
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return String(n);
  const written = Math.abs(n).toString();
  // Below a millionth JavaScript writes an exponent too; toFixed does not.
  const [whole = "0", fraction = ""] = (written.includes("e") ? Math.abs(n).toFixed(maxDecimals) : written).split(".");
  let units = BigInt(whole + fraction.padEnd(maxDecimals, "0").slice(0, maxDecimals));
  if ((fraction[maxDecimals] ?? "0") >= "5") units += 1n;
  const scale = 10n ** BigInt(maxDecimals);
  const digits = (units % scale).toString().padStart(maxDecimals, "0");
  let decimals = digits.slice(0, maxDecimals);
  while (decimals.length > minDecimals && decimals.endsWith("0")) decimals = decimals.slice(0, -1);
  const grouped = (units / scale).toString().replace(/\B(?=(\d{3})+$)/g, ",");
  return `${n < 0 && units > 0n ? "-" : ""}${grouped}${decimals ? `.${decimals}` : ""}`;
}

const COMPACT_UNITS = [
  { size: 1, suffix: "" },
  { size: 1e3, suffix: "K" },
  { size: 1e6, suffix: "M" },
  { size: 1e9, suffix: "B" },
  { size: 1e12, suffix: "T" },
];

/** "950", "1.3K", "120K", "1.5M": short, with one decimal at most (as Intl's compact notation). */
export function formatCompact(n: number): string {
  const size = Math.abs(n);
  let i = COMPACT_UNITS.findLastIndex((unit) => size >= unit.size);
  if (i === -1) i = 0;
  let shown = Math.round((size / COMPACT_UNITS[i]!.size) * 10) / 10;
  // 999,960 rounds to 1,000K: that is written 1M.
  if (shown >= 1000 && i < COMPACT_UNITS.length - 1) {
    i += 1;
    shown = Math.round((size / COMPACT_UNITS[i]!.size) * 10) / 10;
  }
  return `${n < 0 && shown > 0 ? "-" : ""}${formatNumber(shown, { maxDecimals: 1 })}${COMPACT_UNITS[i]!.suffix}`;
}
