/**
 * A service request's visit on its tracking page (docs/product.md, Visits): the time
 * booked, and the times the shop proposed to choose from. Booking is a plain form post
 * (one radio per time, one button), so it works before or without the page's scripts;
 * the action books it and comes back here saying so.
 */
import { CalendarCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { formatVisit } from "../../../domain/orders/visits";
import type { Flash } from "../../lib/flash";
import { BackField } from "../../lib/back-field";
import { useFlashToast } from "../../lib/use-flash-toast";

export const VISIT_INTENT = "visit";

export interface VisitAnswer {
  intent: typeof VISIT_INTENT;
  flash: Flash;
}

export function VisitSection({
  visit,
  bookable,
  now,
  answer,
}: {
  visit: { proposed: string[]; bookedFor: string | null };
  /** Whether the times may still be chosen (before the visit, on an open request). */
  bookable: boolean;
  /** The loader's clock, so server and browser agree on which times have passed. */
  now: number;
  answer: VisitAnswer | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === VISIT_INTENT;
  const mine = answer?.intent === VISIT_INTENT ? answer : undefined;
  useFlashToast(mine?.flash.kind === "success" ? mine : undefined);
  const upcoming = visit.proposed.filter((slot) => Date.parse(slot) > now);
  if (!visit.bookedFor && visit.proposed.length === 0) return null;
  const booked = visit.bookedFor;
  return (
    <section aria-labelledby="visit" className="border-t border-line pt-8">
      <h2 id="visit" className="font-serif text-2xl">
        Your visit
      </h2>
      {booked && (
        <p className="mt-4 flex items-start gap-3 rounded-2xl bg-[#e4efe7] px-4 py-3 text-[#1f5c3b]">
          <CalendarCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>
            Booked for <span className="font-medium">{formatVisit(booked)}</span>
          </span>
        </p>
      )}
      {bookable && upcoming.length > 0 && (
        <Form method="post" className="mt-5" aria-label="Choose a time for the visit">
          <input type="hidden" name="intent" value={VISIT_INTENT} />
          <BackField hash="visit" />
          {mine?.flash.kind === "error" && (
            <p role="alert" className="mb-4 rounded-2xl bg-promo/5 px-4 py-3 text-sm text-promo ring-1 ring-promo/30">
              {mine.flash.message}
            </p>
          )}
          <fieldset>
            <legend className="text-sm font-medium">
              {booked ? "Another time suits you better? Choose it:" : "Choose the time that suits you:"}
            </legend>
            <div className="mt-3 grid gap-2">
              {upcoming.map((slot, index) => (
                <label
                  key={slot}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border border-line bg-white px-4 py-2 text-sm has-[:checked]:border-ink"
                >
                  <input
                    type="radio"
                    name="slot"
                    value={slot}
                    required
                    defaultChecked={booked ? Date.parse(slot) === Date.parse(booked) : index === 0}
                    className="size-4 accent-ink"
                  />
                  {formatVisit(slot)}
                </label>
              ))}
            </div>
          </fieldset>
          <button
            type="submit"
            disabled={sending}
            className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90 disabled:opacity-60 sm:w-auto"
          >
            {sending ? "Booking…" : booked ? "Change the visit's time" : "Book this time"}
          </button>
        </Form>
      )}
    </section>
  );
}
