/**
 * Where a guest's cart and wishlist live in the browser (SPEC.md §4): localStorage when
 * cookies were accepted, otherwise sessionStorage only — and a list kept persistently
 * moves to the session when consent is withdrawn or declined.
 */
import { safeStorage, type ConsentChoice } from "./consent/consent-store";

export interface ListKeys {
  local: string;
  session: string;
}

export const CART_KEYS: ListKeys = { local: "localCart", session: "sessionCart" };
export const WISHLIST_KEYS: ListKeys = { local: "localWishlist", session: "sessionWishlist" };

export function readList<T>(keys: ListKeys, consent: ConsentChoice): T[] {
  const local = parse<T>(safeStorage("local")?.getItem(keys.local));
  const session = parse<T>(safeStorage("session")?.getItem(keys.session));
  if (consent === "accepted") return local ?? session ?? [];
  if (local) writeList(keys, consent, local);
  return local ?? session ?? [];
}

export function writeList<T>(keys: ListKeys, consent: ConsentChoice, items: T[]): void {
  const [keep, drop] =
    consent === "accepted"
      ? [safeStorage("local"), { storage: safeStorage("session"), key: keys.session }]
      : [safeStorage("session"), { storage: safeStorage("local"), key: keys.local }];
  keep?.setItem(consent === "accepted" ? keys.local : keys.session, JSON.stringify(items));
  drop.storage?.removeItem(drop.key);
}

function parse<T>(raw: string | null | undefined): T[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as T[]) : null;
  } catch {
    return null;
  }
}
