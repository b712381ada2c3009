/**
 * The WhatsApp messages a customer's page offers (docs/product.md, Customers): one tap
 * opens WhatsApp with the text filled. Kept here, together, so the shop's message
 * templates can take them over.
 */
import { formatNaira } from "../money";

export const CUSTOMER_MESSAGE_KINDS = ["greeting", "quote_follow_up", "balance_due", "thank_you"] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

export const CUSTOMER_MESSAGE_LABELS: Record<CustomerMessageKind, string> = {
  greeting: "Say hello",
  quote_follow_up: "Follow up a quote",
  balance_due: "Remind of the balance",
  thank_you: "Thank them",
};

export interface CustomerMessageFacts {
  shopName: string;
  /** The customer's first name, or nothing. */
  name: string;
  /** Naira owed across their orders. */
  balance: number;
  openQuotes: number;
}

const hello = (name: string) => (name ? `Hello ${name}` : "Hello");

/** Each message's text for this customer. */
export function customerMessage(kind: CustomerMessageKind, facts: CustomerMessageFacts): string {
  switch (kind) {
    case "greeting":
      return `${hello(facts.name)}, this is ${facts.shopName}. How are you doing? Please let us know if there is anything we can help you with.`;
    case "quote_follow_up":
      return `${hello(facts.name)}, this is ${facts.shopName}. We sent you a quote and wanted to check whether you had a chance to look at it. We are happy to adjust anything you would like changed.`;
    case "balance_due":
      return `${hello(facts.name)}, this is ${facts.shopName}. A gentle reminder that a balance of ${formatNaira(facts.balance)} is outstanding on your order. Kindly let us know when we can expect it. Thank you!`;
    case "thank_you":
      return `${hello(facts.name)}, thank you for buying from ${facts.shopName}! We hope you are enjoying your furniture. If you are happy with it, we would be grateful if you told a friend about us.`;
  }
}

/** The messages worth offering now: a quote follow-up only with a quote waiting, a reminder only with a balance owed. */
export function customerMessageKinds(
  facts: Pick<CustomerMessageFacts, "balance" | "openQuotes">,
): CustomerMessageKind[] {
  return CUSTOMER_MESSAGE_KINDS.filter(
    (kind) => (kind !== "quote_follow_up" || facts.openQuotes > 0) && (kind !== "balance_due" || facts.balance > 0),
  );
}

/** The first name of a full name, for a friendly greeting. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** The inbox's reply on WhatsApp to a contact message. */
export const contactReplyMessage = (name: string, subject: string) =>
  `${hello(firstName(name))}, thank you for your message about “${subject}”. `;
