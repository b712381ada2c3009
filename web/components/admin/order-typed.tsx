/**
 * What the shopper told us on the order sheet (their name, area and note, and the delivery
 * they chose: the floor, the lift, installation), at the top of the owner's order page: the
 * same words their WhatsApp message carried, read before anything else.
 */
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";

/** "Floor 3, no lift · installation · priced on request". */
function deliveryText(delivery: NonNullable<AdminOrder["delivery"]>): string {
  const access =
    delivery.floor === 0 ? "Ground floor" : `Floor ${delivery.floor}, ${delivery.lift ? "with a lift" : "no lift"}`;
  return [
    delivery.area,
    access,
    delivery.vehicle,
    delivery.installation ? "installation" : null,
    delivery.onRequest ? "delivery priced on request" : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function TypedByCustomer({
  customer,
  delivery,
}: {
  customer: Pick<AdminOrder["customer"], "name" | "area" | "note">;
  delivery: AdminOrder["delivery"];
}) {
  const rows = [
    { label: "Name", value: customer.name },
    { label: "Area", value: customer.area },
    { label: "Delivery", value: delivery && deliveryText(delivery) },
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
