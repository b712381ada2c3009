/**
 * Delivery as the shopper sees it before ordering (docs/product.md, Delivery): the lines
 * the server priced for their area (delivery with its vehicle, carrying upstairs,
 * installation), "on request" where the shop prices it itself, and the small form that
 * says the floor, the lift and whether to install. Every form here is a plain post to
 * /delivery, which remembers the choice and comes back, so it all works before scripts.
 */
import { MapPin } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import type { ChosenDelivery } from "../../../domain/delivery/delivery.actions";
import type { DeliveryQuote } from "../../../domain/delivery/delivery.schema";
import { formatNaira } from "../../../domain/money";
import { useHydrated } from "../../lib/use-hydrated";

/** The area picker, coming back to `back` once an area is chosen. */
export const areaPickerPath = (back: string) => `/delivery?back=${encodeURIComponent(back)}`;

const row = "flex justify-between gap-4";

/**
 * The rows of a summary's list (`<dl>`) for the delivery: each priced line, "On request"
 * where the shop prices the delivery, or a link to choose an area when none is chosen.
 */
export function DeliveryRows({
  delivery,
  chosen,
  back,
}: {
  delivery: DeliveryQuote | null;
  chosen: ChosenDelivery | null;
  back: string;
}) {
  if (!delivery || !chosen) {
    return (
      <div className={row}>
        <dt className="text-stone">Delivery</dt>
        <dd>
          <Link to={areaPickerPath(back)} className="underline underline-offset-4 hover:text-ink">
            Choose your area
          </Link>
        </dd>
      </div>
    );
  }
  return (
    <>
      {delivery.onRequest && (
        <div className={row}>
          <dt className="text-stone">Delivery to {chosen.area?.name ?? "your area"}</dt>
          <dd>On request</dd>
        </div>
      )}
      {delivery.lines.map((line) => (
        <div key={line.label} className={row}>
          <dt className="text-stone">{line.label}</dt>
          <dd className="tabular-nums">{formatNaira(line.amount)}</dd>
        </div>
      ))}
    </>
  );
}

const FLOORS = Array.from({ length: 21 }, (_, floor) => floor);
const floorName = (floor: number) => (floor === 0 ? "Ground floor" : `Floor ${floor}`);

/**
 * Where the order goes and how: the area (with a link to change it), the floor, whether
 * there is a lift, and installation where the shop offers it. Without scripts it is sent
 * with its button; with them, each change is sent as it is made.
 */
export function DeliveryChoiceForm({
  chosen,
  installationOffered,
  back,
}: {
  chosen: ChosenDelivery | null;
  installationOffered: boolean;
  back: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!chosen) {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4 text-sm">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          Where should we deliver?{" "}
          <Link to={areaPickerPath(back)} className="font-medium underline underline-offset-4">
            Choose your area
          </Link>{" "}
          to see the delivery price before you order.
        </p>
      </div>
    );
  }
  const floors = chosen.floor > FLOORS.length - 1 ? [...FLOORS, chosen.floor] : FLOORS;
  return (
    <Form
      method="post"
      action="/delivery"
      preventScrollReset
      aria-label="Delivery details"
      className="rounded-2xl border border-line bg-white p-4 text-sm"
      onChange={(event) => {
        if (hydrated) void submit(event.currentTarget, { preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value="details" />
      <input type="hidden" name="back" value={back} />
      <p className="flex items-start gap-3">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Delivering to <strong className="font-medium">{chosen.area?.name ?? "your area"}</strong>
          {chosen.area && <span className="text-stone">, {chosen.area.state}</span>}{" "}
          <Link to={areaPickerPath(back)} className="underline underline-offset-4">
            Change
          </Link>
        </span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-3">
        <label className="flex items-center gap-2">
          <span className="text-stone">Floor</span>
          <select
            name="floor"
            defaultValue={String(chosen.floor)}
            className="h-10 rounded-full border border-line bg-white px-3"
          >
            {floors.map((floor) => (
              <option key={floor} value={floor}>
                {floorName(floor)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-10 items-center gap-2">
          <input type="checkbox" name="lift" defaultChecked={chosen.lift} className="size-4 accent-ink" />
          There is a lift
        </label>
        {installationOffered && (
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="checkbox"
              name="installation"
              defaultChecked={chosen.installation}
              className="size-4 accent-ink"
            />
            Install it for me
          </label>
        )}
        {!hydrated && (
          <button type="submit" className="h-10 rounded-full border border-ink px-4 hover:bg-ink hover:text-white">
            Update delivery
          </button>
        )}
      </div>
    </Form>
  );
}

/**
 * The product page's line: "Delivery to Lekki Phase 1: ₦45,000 (van)", "Delivery to Ajah
 * on request", or an invitation to choose an area.
 */
export function DeliveryNote({
  delivery,
  chosen,
  back,
}: {
  delivery: DeliveryQuote | null;
  chosen: ChosenDelivery | null;
  back: string;
}) {
  const area = chosen?.area?.name ?? "your area";
  const shipping = delivery?.lines.find((line) => line.label.startsWith("Delivery"));
  return (
    <p className="flex items-start gap-2 text-sm">
      <MapPin className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden="true" />
      <span>
        {!delivery || !chosen ? (
          <>
            Delivery:{" "}
            <Link to={areaPickerPath(back)} className="underline underline-offset-4">
              choose your area
            </Link>{" "}
            to see the price
          </>
        ) : (
          <>
            {delivery.onRequest || !shipping ? (
              <>Delivery to {area}: priced on request</>
            ) : (
              <>
                Delivery to {area}: <span className="font-medium tabular-nums">{formatNaira(shipping.amount)}</span>
                {delivery.vehicle && ` (${delivery.vehicle.name.toLowerCase()})`}
              </>
            )}{" "}
            <Link to={areaPickerPath(back)} className="text-stone underline underline-offset-4">
              Change
            </Link>
          </>
        )}
      </span>
    </p>
  );
}
