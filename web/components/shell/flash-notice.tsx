import { CheckCircle2, Info, XCircle } from "lucide-react";
import type { Flash } from "../../lib/flash";

/**
 * The message a post left for this page (added to cart, signed in…), shown like a toast:
 * at the top, fading after the toast's own time (2 s for a success, 4 s otherwise), with
 * no script needed. Posts made by the page's scripts show theirs as toasts instead.
 */
export function FlashNotice({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const Icon = flash.kind === "success" ? CheckCircle2 : flash.kind === "error" ? XCircle : Info;
  return (
    <div
      key={`${flash.kind}:${flash.message}`}
      role={flash.kind === "error" ? "alert" : "status"}
      className={`pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4 ${
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
