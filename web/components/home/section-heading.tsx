import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

export function SectionHeading({
  id,
  eyebrow,
  title,
  link,
}: {
  id: string;
  eyebrow: string;
  title: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="flex items-end justify-between gap-6">
      <div>
        <p className="text-xs tracking-[0.2em] text-stone uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-2 font-serif text-3xl md:text-4xl">
          {title}
        </h2>
      </div>
      {link && (
        <Link
          to={link.to}
          className="group inline-flex shrink-0 items-center gap-1.5 text-sm hover:underline hover:underline-offset-4"
        >
          {link.label}
          <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}
