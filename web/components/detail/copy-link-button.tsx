import { Link2 } from "lucide-react";
import { showToast } from "../../lib/toast";

/** Copies the page's own address and says 'Link copied to clipboard!'. */
export function CopyLinkButton({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast("success", "Link copied to clipboard!");
    } catch {
      showToast("error", "Could not copy the link. Copy it from the address bar instead.");
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex items-center gap-2 rounded-full px-3 py-2.5 text-sm text-stone hover:bg-sand hover:text-ink"
    >
      <Link2 className="size-4" aria-hidden="true" />
      Copy link
    </button>
  );
}
