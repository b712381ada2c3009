/**
 * What the shopper typed on the order sheet (their name, area and note), at the top of the
 * owner's order page: the same words their WhatsApp message carried, read before anything else.
 */
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";

export function TypedByCustomer({ customer }: { customer: Pick<AdminOrder["customer"], "name" | "area" | "note"> }) {
  const rows = [
    { label: "Name", value: customer.name },
    { label: "Area", value: customer.area },
    { label: "Note", value: customer.note },
  ].filter((row): row is { label: string; value: string } => !!row.value);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="typed-heading" className="rounded-2xl border border-line bg-sand/40 p-4">
      <h2 id="typed-heading" className="text-sm font-medium text-stone">
        What the customer told us
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-stone">{row.label}</dt>
            <dd className="break-words whitespace-pre-line">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
