import { useId } from "react";
import { BackField } from "../../lib/back-field";
import { useDataSaver } from "../../lib/use-data-saver";

/**
 * The Data saver switch (docs/product.md, Data saver): a plain form, so it works before the
 * page's scripts and costs them nothing. A native form (not React Router's <Form>), so
 * even with scripts the post reloads the whole page in the new mode. A submit button says
 * whether the mode is on with `aria-pressed` (a toggle button): HTML allows a submit
 * button no `switch` role.
 */
export function DataSaverSwitch({ className = "" }: { className?: string }) {
  const on = useDataSaver();
  const noteId = useId();
  return (
    <form method="post" action="/data-saver" className={className}>
      <BackField />
      <button
        type="submit"
        name="mode"
        value={on ? "off" : "on"}
        aria-pressed={on}
        aria-describedby={noteId}
        className="inline-flex items-center gap-3 rounded-full py-2 text-sm text-ink"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-10 shrink-0 rounded-full transition-colors ${on ? "bg-ink" : "bg-stone"}`}
        >
          <span
            className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? "left-[1.125rem]" : "left-0.5"}`}
          />
        </span>
        Data saver
      </button>
      <p id={noteId} className="text-xs text-stone">
        Smaller pictures, no slideshow, fewer downloads.
      </p>
    </form>
  );
}
