import { useId, type ReactNode } from "react";

/** A titled part of a long form (details, prices, pictures). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-5 border-t border-line pt-6 first-of-type:border-t-0 first-of-type:pt-0"
    >
      <h2 id={headingId} className="font-serif text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
