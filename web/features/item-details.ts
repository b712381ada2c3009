/**
 * Names, current prices and pictures of the items in the cart or wishlist, from the
 * server (details-by-ids): the lines themselves hold only ids, and prices are never
 * taken from the browser. An item the server could not describe shows SPEC.md §8's
 * placeholders with price 0.
 */
import { useEffect, useState } from "react";
import type { ImageRef } from "../../domain/catalog/catalog.types";
import type { ItemType } from "../../domain/shopping-lists";
import { api } from "../lib/api-client";
import { itemIdsOf, type ListLine } from "./list-lines";

export interface ItemDetail {
  name: string;
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
  image: ImageRef | null;
  sold: boolean;
}

/** What the page knows of a line's item: still loading, described, or a placeholder. */
export type ItemView =
  { status: "loading" } | ({ status: "ready" } & ItemDetail) | ({ status: "error" | "missing" } & ItemDetail);

type Resolved = ItemDetail | "error" | "missing";

interface DetailsAnswer {
  products: Array<Omit<ItemDetail, "image"> & { _id: string; images: ImageRef[] }>;
  collections: Array<Omit<ItemDetail, "image" | "sold"> & { _id: string; coverImage: ImageRef | null }>;
}

const keyOf = (itemType: ItemType, item: string) => `${itemType}:${item}`;

function lineOfKey(key: string): ListLine {
  const [itemType, item] = key.split(/:(.*)/s) as [ItemType, string];
  return { _id: key, item, itemType };
}

/** Each asked line's item: its details, or "missing" when the answer left it out. */
export function resolveDetails(lines: ListLine[], answer: DetailsAnswer): Record<string, Resolved> {
  const found = new Map<string, ItemDetail>();
  for (const { _id, images, ...product } of answer.products)
    found.set(keyOf("Product", _id), { ...product, image: images[0] ?? null });
  for (const { _id, coverImage, ...collection } of answer.collections)
    found.set(keyOf("Collection", _id), { ...collection, image: coverImage, sold: false });
  return Object.fromEntries(
    lines.map((line) => {
      const key = keyOf(line.itemType, line.item);
      return [key, found.get(key) ?? "missing"];
    }),
  );
}

export function viewOf(line: ListLine, resolved: Resolved | undefined): ItemView {
  if (resolved === undefined) return { status: "loading" };
  if (typeof resolved === "object") return { status: "ready", ...resolved };
  const shortId = `${line.item.slice(0, 6)}...`;
  return {
    status: resolved,
    name: `${resolved === "error" ? "Error loading" : "Unknown"} ${line.itemType} (ID: ${shortId})`,
    price: 0,
    isPromo: false,
    discountedPrice: null,
    image: null,
    sold: false,
  };
}

/**
 * Asks the server about the lines' items it has not described yet (once per page visit,
 * so prices are current) and returns how to view each line.
 */
export function useItemDetails(lines: ListLine[]): (line: ListLine) => ItemView {
  const [resolved, setResolved] = useState<Record<string, Resolved>>({});
  const wanted = [...new Set(lines.map((l) => keyOf(l.itemType, l.item)).filter((key) => resolved[key] === undefined))]
    .sort()
    .join(",");

  useEffect(() => {
    if (!wanted) return;
    const asked = wanted.split(",").map(lineOfKey);
    let current = true;
    api<DetailsAnswer>("/cart/details-by-ids", { method: "POST", body: itemIdsOf(asked) }).then(
      (answer) => current && setResolved((before) => ({ ...before, ...resolveDetails(asked, answer) })),
      () =>
        current &&
        setResolved((before) => ({ ...before, ...Object.fromEntries(asked.map((l) => [l._id, "error" as const])) })),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  return (line) => viewOf(line, resolved[keyOf(line.itemType, line.item)]);
}
