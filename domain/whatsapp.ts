/**
 * Every WhatsApp message the shop prefills (docs/product.md, Ordering on WhatsApp): one
 * builder, so an item's order link, the cart's order link and the general enquiry all read
 * the same way. Prices are the server's current prices, formatted as everywhere else.
 */
import { effectivePrice, formatNaira, koboToNaira, nairaToKobo } from "./money";
import type { ItemType, PricedItem } from "./shopping-lists";

/** One line of an order message: the item at its current price, how many, and its link. */
export interface OrderLine {
  item: PricedItem;
  quantity: number;
  /** Absolute link to the item's page. */
  url: string;
}

export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/** The path of an item's own page. */
export function itemPath(itemType: ItemType, id: string): string {
  return itemType === "Product" ? `/product/${id}` : `/collection/${id}`;
}

/** The absolute link to an item's page, for messages that leave the site. */
export function itemUrl(publicUrl: string, itemType: ItemType, id: string): string {
  return publicUrl.replace(/\/+$/, "") + itemPath(itemType, id);
}

export function itemOrderMessage(item: PricedItem, url: string): string {
  return [
    "Hello! I would like to order this item:",
    "",
    item.name,
    `Price: ${formatNaira(effectivePrice(item))}`,
    url,
  ].join("\n");
}

/**
 * A sold piece cannot be ordered, but a shopper who likes it may want another made or
 * something close: the message names the piece and links to it, without a price.
 */
export function soldItemEnquiryMessage(name: string, url: string): string {
  return [
    "Hello! I'm interested in this piece, which shows as sold:",
    "",
    name,
    url,
    "",
    "Could you make another, or suggest something similar?",
  ].join("\n");
}

export function cartTotal(lines: Array<Pick<OrderLine, "item" | "quantity">>): number {
  // Summed in kobo so that many lines never drift by a kobo.
  const kobo = lines.reduce((sum, line) => sum + nairaToKobo(effectivePrice(line.item)) * line.quantity, 0);
  return koboToNaira(kobo);
}

export function cartOrderMessage(lines: OrderLine[]): string {
  const body = lines.map(
    (line, index) =>
      `${index + 1}. ${line.item.name}\n   Quantity: ${line.quantity}\n   Unit price: ${formatNaira(effectivePrice(line.item))}\n   ${line.url}`,
  );
  return ["Hello! I would like to order these items:", "", ...body, "", `Total: ${formatNaira(cartTotal(lines))}`].join(
    "\n",
  );
}

export function enquiryMessage(shopName: string): string {
  return `Hello ${shopName}! I would like to make an enquiry.`;
}
