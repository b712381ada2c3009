import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { ProductSummary } from "../../lib/summaries";
import { PieceRow } from "./related-pieces";

/**
 * The products this device opened last, newest first, kept in its localStorage (nothing
 * is sent to the shop): each as its card showed it at the visit, so the row needs no
 * request. Shown only once the page's scripts run, as the server cannot know them.
 */
const KEY = "furnish:recently-viewed";
/** Kept: the row shows 8, and the page's own product is left out of it. */
const KEPT = 9;
const SHOWN = 8;

const subscribe = (changed: () => void) => {
  window.addEventListener("storage", changed);
  return () => window.removeEventListener("storage", changed);
};

const stored = (): string | null => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    // Storage can be switched off (some private windows): there is simply no history.
    return null;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const isImage = (value: unknown) =>
  isRecord(value) &&
  typeof value.url === "string" &&
  typeof value.public_id === "string" &&
  typeof value.width === "number" &&
  typeof value.height === "number" &&
  Array.isArray(value.widths) &&
  value.widths.every((width) => typeof width === "number");

/** A card as it was stored, checked field by field: the storage is the visitor's to change. */
const isPiece = (value: unknown): value is ProductSummary =>
  isRecord(value) &&
  typeof value._id === "string" &&
  typeof value.name === "string" &&
  typeof value.price === "number" &&
  (value.discountedPrice === null || typeof value.discountedPrice === "number") &&
  typeof value.isPromo === "boolean" &&
  typeof value.isBestSeller === "boolean" &&
  typeof value.sold === "boolean" &&
  typeof value.category === "string" &&
  typeof value.style === "string" &&
  (value.collectionId === null ||
    (isRecord(value.collectionId) &&
      typeof value.collectionId._id === "string" &&
      typeof value.collectionId.name === "string")) &&
  Array.isArray(value.images) &&
  value.images.every(isImage) &&
  // Kept before cards knew of finishes: left out, so a card never adds one in a finish unasked.
  typeof value.finishes === "number";

function parse(raw: string | null): ProductSummary[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isPiece) : [];
  } catch {
    return [];
  }
}

function remember(piece: ProductSummary) {
  const list = [piece, ...parse(stored()).filter((other) => other._id !== piece._id)].slice(0, KEPT);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Full or switched off: the visit is not kept.
  }
}

/** Notes the visit to `current` and shows the other pieces seen lately (up to 8). */
export function RecentlyViewed({ current }: { current: ProductSummary }) {
  const raw = useSyncExternalStore(subscribe, stored, () => null);
  const pieces = useMemo(
    () =>
      parse(raw)
        .filter((piece) => piece._id !== current._id)
        .slice(0, SHOWN),
    [raw, current._id],
  );
  const visit = JSON.stringify(current);
  useEffect(() => remember(JSON.parse(visit) as ProductSummary), [visit]);
  return <PieceRow id="recently-viewed" title="Recently viewed" pieces={pieces} />;
}
