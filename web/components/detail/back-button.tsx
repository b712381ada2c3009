import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";

/**
 * Goes back where the shopper came from; a visitor who arrived from a shared link (no
 * history in this tab) goes to the given page instead.
 */
export function BackButton({ fallback, label = "Back" }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        const state = window.history.state as { idx?: number } | null;
        if (state?.idx) void navigate(-1);
        else void navigate(fallback);
      }}
      className="inline-flex items-center gap-2 rounded-full py-2 pr-4 text-sm text-stone hover:text-ink"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}
