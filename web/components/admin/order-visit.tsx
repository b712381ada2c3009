/**
 * A service request's visit on the owner's order page (docs/product.md, Visits): the time
 * booked, the times proposed, and two plain forms: propose up to five times for the
 * customer to choose from on their order's page, or book the one agreed on a call. The day
 * before, "Visit tomorrow" with a WhatsApp reminder prefilled for the customer.
 */
import { BellRing, MessageCircle } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatMoment, parseMoment } from "../../../domain/dates";
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";
import { formatVisit, isTomorrow, MAX_VISIT_SLOTS, visitReminderMessage } from "../../../domain/orders/visits";
import { allows } from "../../../domain/staff/permissions";
import { whatsappLink } from "../../../domain/whatsapp";
import { useAdminViewer } from "./admin-sidebar";
import { card } from "./order-desk-forms";

export const VISIT_FORM_INTENT = "visit";

/**
 * A visit's time as the owner types it, day first ("2 Dec 2026, 10:00 am", "02/12/2026
 * 14:30"): a text box, so no phone set to US English shows 02/12 as February, saying back
 * the time it read once scripts run. The server reads it with the same parser.
 */
function VisitTimeInput({
  label,
  defaultValue,
  required,
}: {
  label: string;
  defaultValue?: string;
  required?: boolean;
}) {
  const [typed, setTyped] = useState(defaultValue ?? "");
  const read = parseMoment(typed);
  return (
    <label className="block text-sm">
      <span className="sr-only">{label}</span>
      <input
        type="text"
        name="slots"
        aria-label={label}
        autoComplete="off"
        // An example in the box the owner must fill; the optional ones say so, not a time.
        placeholder={required ? "2 Dec 2026, 10:00 am" : "Another time (optional)"}
        required={required}
        defaultValue={defaultValue}
        onInput={(event) => setTyped(event.currentTarget.value)}
        className={input}
      />
      {read && formatMoment(read) !== typed.trim() && (
        <span className="mt-1 block font-medium text-ink" aria-live="polite">
          Reads as {formatVisit(read)}
        </span>
      )}
    </label>
  );
}

const input =
  "h-11 w-full rounded-xl border border-line bg-white px-3 text-sm focus:border-ink focus:outline-none sm:max-w-xs";

/** "Visit tomorrow" and the WhatsApp reminder, for the order page and the dashboard. */
export function VisitTomorrow({
  order,
  shopName,
}: {
  order: Pick<AdminOrder, "reference" | "trackingUrl"> & {
    customer: Pick<AdminOrder["customer"], "name" | "phone">;
    visit: { bookedFor: string | null } | null;
  };
  shopName: string;
}) {
  const bookedFor = order.visit?.bookedFor;
  if (!bookedFor) return null;
  const phone = order.customer.phone;
  const message = visitReminderMessage(
    { reference: order.reference, bookedFor, trackingUrl: order.trackingUrl },
    { shopName, customerName: order.customer.name },
  );
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-sand px-4 py-3 text-sm">
      <BellRing className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-medium">Visit tomorrow · {formatVisit(bookedFor)}</span>
      {phone ? (
        <a
          href={whatsappLink(phone, message)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-9 items-center gap-2 rounded-full bg-[#1f7a4d] px-4 text-white hover:bg-[#18663f]"
        >
          <MessageCircle className="size-4" aria-hidden="true" /> Remind on WhatsApp
        </a>
      ) : (
        <span className="text-stone">Add the customer's phone number to remind them on WhatsApp.</span>
      )}
    </div>
  );
}

export function VisitCard({ order, shopName, now }: { order: AdminOrder; shopName: string; now: number }) {
  const visit = order.visit;
  const navigation = useNavigation();
  const proposing = navigation.state !== "idle" && navigation.formData?.get("intent") === VISIT_FORM_INTENT;
  // Proposing and booking times are for those who write orders.
  const mayWrite = allows(useAdminViewer()?.roles ?? [], "orders.write");
  if (!visit) return null;
  const open = mayWrite && ["new", "visit_proposed", "visit_booked"].includes(order.status);
  const tomorrow = visit.bookedFor && isTomorrow(visit.bookedFor, new Date(now));
  return (
    <section aria-labelledby="visit-heading" className={card}>
      <h2 id="visit-heading" className="font-serif text-xl">
        Visit
      </h2>
      {tomorrow && (
        <div className="mt-3">
          <VisitTomorrow order={order} shopName={shopName} />
        </div>
      )}
      <p className="mt-2 text-sm">
        {visit.bookedFor ? (
          <>
            Booked for <span className="font-medium">{formatVisit(visit.bookedFor)}</span>
          </>
        ) : visit.proposed.length ? (
          "Times proposed; the customer has not chosen yet."
        ) : (
          "No times proposed yet."
        )}
      </p>
      {visit.proposed.length > 0 && (
        <ul className="mt-2 list-inside list-disc text-sm text-stone">
          {visit.proposed.map((slot) => (
            <li key={slot}>{formatVisit(slot)}</li>
          ))}
        </ul>
      )}
      {open && (
        <>
          <Form method="post" className="mt-5 space-y-2" aria-label="Propose visit times">
            <input type="hidden" name="intent" value={VISIT_FORM_INTENT} />
            <p className="text-sm font-medium">Propose times (Lagos time) for the customer to choose from</p>
            <p className="text-sm text-stone">Day first, such as 2 Dec 2026, 10:00 am.</p>
            {Array.from({ length: MAX_VISIT_SLOTS }, (_, index) => (
              <VisitTimeInput
                key={index}
                label={`Time ${index + 1}`}
                required={index === 0}
                defaultValue={visit.bookedFor ? "" : visit.proposed[index] ? formatMoment(visit.proposed[index]) : ""}
              />
            ))}
            <button
              type="submit"
              disabled={proposing}
              className="inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm text-white hover:bg-ink/90 disabled:opacity-60"
            >
              Propose these times
            </button>
          </Form>
          <Form method="post" className="mt-5 space-y-2 border-t border-line pt-4" aria-label="Book a visit">
            <input type="hidden" name="intent" value={VISIT_FORM_INTENT} />
            <input type="hidden" name="book" value="true" />
            <p className="text-sm font-medium">Or book the time agreed on a call</p>
            <VisitTimeInput label="Agreed time" required />
            <button
              type="submit"
              disabled={proposing}
              className="inline-flex h-10 items-center rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white disabled:opacity-60"
            >
              Book this time
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
