/**
 * The WhatsApp message about a sold piece. The shop cannot take an order for it, but a
 * shopper who likes it may want another made or something close: the message names the
 * piece and links to it, as every item message does (PRODUCT.md).
 *
 * It belongs with the other messages in domain/whatsapp.ts; it lives here until that
 * module (owned by the domain side) takes it.
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
