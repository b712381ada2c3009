/**
 * Every WhatsApp message the shop prefills (docs/product.md, Ordering on WhatsApp): one
 * builder, so an item's order link, the cart's order link and the general enquiry all read
 * the same way. Prices are the server's current prices, formatted as everywhere else.
 */
import { effectivePrice, formatNaira, koboToNaira, nairaToKobo } from "./money";
import type { ItemType, PricedItem } from "./shopping-lists";

/**
 * One line of an order message: the item at its current price, how many, its link, the
 * option (finish or fabric) chosen, and when it can be ready ("Made to order in 6–8 weeks,
 * ready by about 20 Jan 2027"), so the shop reads every answer it would otherwise ask for.
 */
export interface OrderLine {
  item: PricedItem;
  quantity: number;
  /** Absolute link to the item's page. */
  url: string;
  option?: string | null;
  availability?: string | null;
}

/** The option and availability lines of an order line, each indented by `indent`. */
const lineDetails = (line: Pick<OrderLine, "option" | "availability">, indent = "") => [
  ...(line.option ? [`${indent}Finish: ${line.option}`] : []),
  ...(line.availability ? [`${indent}Availability: ${line.availability}`] : []),
];

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

export function itemOrderMessage(line: Omit<OrderLine, "quantity">): string {
  return [
    "Hello! I would like to order this item:",
    "",
    line.item.name,
    ...lineDetails(line),
    `Price: ${formatNaira(effectivePrice(line.item))}`,
    line.url,
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
  const body = lines.map((line, index) =>
    [
      `${index + 1}. ${line.item.name}`,
      ...lineDetails(line, "   "),
      `   Quantity: ${line.quantity}`,
      `   Unit price: ${formatNaira(effectivePrice(line.item))}`,
      `   ${line.url}`,
    ].join("\n"),
  );
  return ["Hello! I would like to order these items:", "", ...body, "", `Total: ${formatNaira(cartTotal(lines))}`].join(
    "\n",
  );
}

export function enquiryMessage(shopName: string): string {
  return `Hello ${shopName}! I would like to make an enquiry.`;
}
