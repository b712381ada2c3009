import { CheckCircle2, Info, XCircle } from "lucide-react";
import { useState } from "react";
import type { Flash } from "../../lib/flash";

/**
 * The message a post left for this page (added to cart, signed in…), shown like a toast:
 * under the header, fading after the toast's own time (2 s for a success, 4 s otherwise), with
 * no script needed. Posts made by the page's scripts show theirs as toasts instead.
 *
 * The message is read once: a reload of the page's data soon after (a live update, the
 * page's own save arriving) answers without it, and the notice stays until it has faded.
 * `data-flash-notice` lets the journeys' accessibility checks leave it out, as it may be
 * fading (tests/support/e2e-checks.ts).
 */
export function FlashNotice({ flash: latest }: { flash: Flash | null }) {
  const [shown, setShown] = useState({ read: latest, flash: latest, count: 0 });
  if (latest !== shown.read) {
    setShown(latest ? { read: latest, flash: latest, count: shown.count + 1 } : { ...shown, read: latest });
  }
  const { flash } = shown;
  if (!flash) return null;
  const Icon = flash.kind === "success" ? CheckCircle2 : flash.kind === "error" ? XCircle : Info;
  return (
    <div
      key={shown.count}
      data-flash-notice=""
      onAnimationEnd={() => setShown({ ...shown, flash: null })}
      role={flash.kind === "error" ? "alert" : "status"}
      className={`pointer-events-none fixed inset-x-0 top-[4.75rem] z-[60] flex justify-center px-4 ${
        flash.kind === "success"
          ? "animate-[flash-out_300ms_ease-in_2s_forwards]"
          : "animate-[flash-out_300ms_ease-in_4s_forwards]"
      }`}
    >
      <p className="flex max-w-md items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm text-ink shadow-lg ring-1 ring-line">
        <Icon
          className={`size-5 shrink-0 ${flash.kind === "error" ? "text-promo" : flash.kind === "success" ? "text-[#1f7a4d]" : "text-stone"}`}
          aria-hidden="true"
        />
        {flash.message}
      </p>
    </div>
  );
}
