import { Share2 } from "lucide-react";
import { useSyncExternalStore } from "react";
import { WhatsAppIcon } from "../ui/brand-icons";

const subscribeNever = () => () => {};
const canShare = () => typeof navigator.share === "function";

const pill = "inline-flex items-center gap-2 rounded-full px-3 py-2.5 text-sm text-stone hover:bg-sand hover:text-ink";

/**
 * Share: the phone's own share sheet (the Web Share API) where the browser has one, else
 * a link that opens WhatsApp with a short message and the address, which is also what
 * the page shows before its scripts run. A shopper who closes the sheet has not failed.
 */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const native = useSyncExternalStore(subscribeNever, canShare, () => false);
  if (!native) {
    return (
      <a
        href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={pill}
      >
        <WhatsAppIcon className="size-4" />
        Share on WhatsApp
      </a>
    );
  }
  return (
    <button type="button" onClick={() => navigator.share({ title, text, url }).catch(() => undefined)} className={pill}>
      <Share2 className="size-4" aria-hidden="true" />
      Share
    </button>
  );
}
