/**
 * The stand-in's hosted checkout page: what a customer sees in place of Paystack's or
 * Flutterwave's. One plain form, three buttons, no script; readable on a phone.
 */
import type { Transaction } from "./transactions";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** ₦150,050.00 style: whole naira with thousands, kobo always shown. */
export function formatNaira(kobo: number): string {
  const whole = Math.trunc(Math.abs(kobo) / 100).toLocaleString("en-NG");
  const rest = String(Math.abs(kobo) % 100).padStart(2, "0");
  return `${kobo < 0 ? "−" : ""}₦${whole}.${rest}`;
}

const PROVIDER_TITLE = { paystack: "Paystack", flutterwave: "Flutterwave" } as const;

export function checkoutPage(t: Transaction): string {
  const action = `/checkout/${encodeURIComponent(t.reference)}`;
  const done = t.outcome === "success" || t.outcome === "pending";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(formatNaira(t.amountKobo))} (stand-in ${PROVIDER_TITLE[t.provider]})</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1c1917; background: #f5f5f4; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; padding: 1.25rem; border-radius: 0.75rem; }
  .mode { background: #fef3c7; color: #78350f; padding: 0.5rem 0.75rem; border-radius: 0.5rem; font-weight: 600; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  button { display: block; width: 100%; min-height: 3rem; margin-top: 0.75rem; font: inherit; font-weight: 600;
    border-radius: 0.5rem; border: 1px solid #a8a29e; background: #fff; color: #1c1917; }
  button[value="pay"] { background: #166534; border-color: #166534; color: #fff; }
</style>
</head>
<body>
<main>
  <p class="mode">Test mode — stand-in provider</p>
  <h1>${PROVIDER_TITLE[t.provider]} checkout</h1>
  <p class="amount">${escapeHtml(formatNaira(t.amountKobo))}</p>
  <p>${escapeHtml(t.description)}</p>
  <p>Paying as ${escapeHtml(t.email)}. Reference ${escapeHtml(t.reference)}.</p>
  ${done ? `<p><strong>This checkout is ${t.outcome === "success" ? "paid" : "waiting for the transfer"}.</strong></p>` : ""}
  <form method="post" action="${escapeHtml(action)}">
    <button name="outcome" value="pay">Pay ${escapeHtml(formatNaira(t.amountKobo))}</button>
    <button name="outcome" value="decline">Decline (the card is refused)</button>
    <button name="outcome" value="abandon">Abandon (go back without paying)</button>
  </form>
</main>
</body>
</html>
`;
}

export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such checkout</title></head>
<body><p>Test mode — stand-in provider</p><h1>No such checkout</h1></body></html>
`;
}
