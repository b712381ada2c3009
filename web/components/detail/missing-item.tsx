import { Link } from "react-router";

/** What a detail page shows for an item that does not exist (the page answers 404). */
export function MissingItem({
  message,
  to,
  label,
  detail,
}: {
  message: string;
  to: string;
  label: string;
  detail?: string;
}) {
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="font-serif text-3xl">{message}</h1>
      {detail && <p className="mt-3 text-stone">{detail}</p>}
      <Link to={to} className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm text-white hover:bg-ink/90">
        {label}
      </Link>
    </section>
  );
}
