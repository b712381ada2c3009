import type { ReactNode } from "react";
import { SectionHeading } from "./section-heading";

/** The home page's column: centred, with generous room above and below. */
export const HOME_SECTION = "mx-auto max-w-7xl px-5 py-16 md:px-8 md:py-20";
/** A whole home section below the hero, drawn only as it nears the screen (app.css). */
export const HOME_SECTION_BAND = "lazy-render";

/** One home section: its heading (named by `id`), an optional "see all" link, then its content; `tinted` sets it on sand. */
export function HomeSection({
  id,
  eyebrow,
  title,
  link,
  tinted = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  link?: { to: string; label: string };
  tinted?: boolean;
  children: ReactNode;
}) {
  const body = (
    <>
      <SectionHeading id={id} eyebrow={eyebrow} title={title} link={link} />
      {children}
    </>
  );
  return tinted ? (
    <section aria-labelledby={id} className={`${HOME_SECTION_BAND} bg-sand/60`}>
      <div className={HOME_SECTION}>{body}</div>
    </section>
  ) : (
    <section aria-labelledby={id} className={`${HOME_SECTION_BAND} ${HOME_SECTION}`}>
      {body}
    </section>
  );
}
