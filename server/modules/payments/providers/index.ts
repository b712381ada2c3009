/**
 * The shop's two payment providers, each pointed at the address configuration gives: the
 * real APIs unless PAYSTACK_API_URL / FLUTTERWAVE_API_URL say otherwise (the local
 * stand-in, `npm run payments:standin`, in development and tests).
 */
import { flutterwaveProvider } from "./flutterwave";
import { paystackProvider } from "./paystack";
import type { PaymentProvider, ProviderName } from "./provider";

export const DEFAULT_PAYSTACK_API_URL = "https://api.paystack.co";
export const DEFAULT_FLUTTERWAVE_API_URL = "https://api.flutterwave.com";

/** Takes process.env as it is, or the parsed environment (server/env.ts), whose addresses already have defaults. */
export function providersFromEnv(
  env: { PAYSTACK_API_URL?: string; FLUTTERWAVE_API_URL?: string } = process.env,
  { timeoutMs }: { timeoutMs?: number } = {},
): Record<ProviderName, PaymentProvider> {
  return {
    paystack: paystackProvider({ apiUrl: env.PAYSTACK_API_URL || DEFAULT_PAYSTACK_API_URL, timeoutMs }),
    flutterwave: flutterwaveProvider({ apiUrl: env.FLUTTERWAVE_API_URL || DEFAULT_FLUTTERWAVE_API_URL, timeoutMs }),
  };
}

/**
 * Where a pay form's post is sent on to: the providers' hosted checkout pages, and the
 * configured API addresses' origins (a stand-in serves its checkout page there). A page's
 * content security policy allows these as form targets.
 */
export function checkoutOriginsOf(env: { PAYSTACK_API_URL?: string; FLUTTERWAVE_API_URL?: string }): string[] {
  const configured = [env.PAYSTACK_API_URL, env.FLUTTERWAVE_API_URL].flatMap((url) =>
    url ? [new URL(url).origin] : [],
  );
  return [...new Set(["https://checkout.paystack.com", "https://checkout.flutterwave.com", ...configured])];
}
