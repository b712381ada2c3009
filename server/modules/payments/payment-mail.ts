/**
 * A payment's receipt by e-mail, to a customer with an address (their account's), sent
 * after the payment is saved: a mail server that is down costs the e-mail, logged, never
 * the payment.
 */
import { formatNaira } from "../../../domain/money";
import type { Receipt } from "../../../domain/payments/payments.schema";
import type { MailMessage } from "../mail/mailer";

export function receiptEmail(receipt: Receipt, to: string, receiptUrl: string): MailMessage {
  return {
    to,
    subject: `Receipt for ${formatNaira(receipt.amount)}: order ${receipt.orderReference}`,
    text: [
      "Hello,",
      "",
      `${receipt.shop.name} received ${formatNaira(receipt.amount)} by ${receipt.method} for your order ${receipt.orderReference} on ${receipt.paidOn}.`,
      ...(receipt.reference ? [`Payment reference: ${receipt.reference}`] : []),
      `Paid so far: ${formatNaira(receipt.paidToDate)} of ${formatNaira(receipt.orderTotal)}. Balance: ${formatNaira(receipt.balance)}.`,
      "",
      `Your receipt: ${receiptUrl}`,
      `Follow your order: ${receipt.trackingUrl}`,
    ].join("\n"),
  };
}
