/**
 * The visitor's cookie choice (SPEC.md §2, §9): stored under `cookie_consent_accepted`
 * as 'true' or 'false'. Until it is read after hydration, `choice` is unknown.
 */
import { create } from "zustand";

export const CONSENT_KEY = "cookie_consent_accepted";

export type ConsentChoice = "accepted" | "declined" | null;

interface ConsentState {
  /** False until the stored choice has been read in the browser. */
  ready: boolean;
  choice: ConsentChoice;
  load(): void;
  choose(accepted: boolean): void;
}

export const useConsent = create<ConsentState>()((set) => ({
  ready: false,
  choice: null,
  load() {
    const stored = safeStorage()?.getItem(CONSENT_KEY);
    set({ ready: true, choice: stored === "true" ? "accepted" : stored === "false" ? "declined" : null });
  },
  choose(accepted) {
    safeStorage()?.setItem(CONSENT_KEY, String(accepted));
    set({ ready: true, choice: accepted ? "accepted" : "declined" });
  },
}));

/** localStorage, or null where the browser refuses it (private modes, blocked storage). */
export function safeStorage(kind: "local" | "session" = "local"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
