/**
 * A value to paste elsewhere (a webhook address at a payment provider): shown in a
 * read-only field, so it can be selected and copied by hand before the page's scripts run,
 * and a Copy button once they do.
 */
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { showToast } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";

export function CopyField({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      showToast("success", `${label} copied.`);
    } catch {
      showToast("error", "Could not copy it. Select the address and copy it instead.");
    }
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1.5 flex items-start gap-2">
        {/* Several lines, so a phone shows the whole address. */}
        <textarea
          id={id}
          readOnly
          rows={2}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 resize-none rounded-xl border border-transparent bg-sand/70 px-4 py-2.5 font-mono text-[13px] leading-snug break-all focus:border-ink focus:outline-none"
        />
        {hydrated && (
          <button
            type="button"
            onClick={copy}
            aria-label={`Copy the ${label}`}
            className="inline-flex h-12 shrink-0 items-center gap-2 rounded-full border border-line px-4 text-sm hover:border-ink"
          >
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone">
          {hint}
        </p>
      )}
    </div>
  );
}
