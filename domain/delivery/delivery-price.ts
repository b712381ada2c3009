/**
 * What delivering an order costs (docs/product.md, Delivery), worked out in kobo from the
 * owner's prices alone, so the product page, the cart, the order sheet, the order it
 * records and its WhatsApp message all carry the very same lines:
 *
 * - **Delivery**: the area's fee (or, for an area the owner has not priced, the fee for
 *   anywhere else) plus the vehicle's. The vehicle is the first tier whose largest load
 *   holds the order's volume; no tier large enough, or an area "on request", and the
 *   delivery is priced by the shop on request.
 * - **Carrying up**: floors above the ground without a lift, each at the floor fee.
 * - **Installation**, when asked for: each piece's fee (its product's, else its category's), times its quantity.
 *
 * Every line is rounded to whole naira, as a shop quotes it.
 */
import type { Category } from "../catalog/categories";
import { DEFAULT_SIZES_CM, type DeliveryChoice, type SizeCm, type StoredDelivery } from "./delivery.schema";

/** One piece of the order, as delivery sees it. */
export interface DeliveryPiece {
  productId: string | null;
  category: Category | null;
  quantity: number;
  /** One piece's volume in m³: its measurements, or its category's default size (`pieceVolume`). */
  volumeM3: number;
}

export interface DeliveryLine {
  label: string;
  amountKobo: number;
}

export interface DeliveryQuoteRow {
  area: { id: string; name: string } | null;
  lines: DeliveryLine[];
  vehicle: { name: string; volumeM3: number } | null;
  totalKobo: number;
  onRequest: boolean;
  installationOffered: boolean;
}

const wholeNaira = (kobo: number) => Math.round(kobo / 100) * 100;

/** A size's volume in m³. */
export const volumeOf = ({ width, depth, height }: SizeCm) => (width * depth * height) / 1_000_000;

/**
 * One piece's volume: its own measurements when stored, else the owner's default size for
 * its category, else ours. A piece of no category (a collection's own entry) counts as nothing.
 */
export function pieceVolume(
  dimensions: SizeCm | null,
  category: Category | null,
  defaults: StoredDelivery["defaultSizesCm"],
): number {
  if (dimensions) return volumeOf(dimensions);
  if (!category) return 0;
  return volumeOf(defaults[category] ?? DEFAULT_SIZES_CM[category]);
}

/** The first tier that holds the volume, or null when none does (or there are none). */
export function vehicleFor(tiers: StoredDelivery["tiers"], volumeM3: number) {
  return tiers.find((tier) => tier.maxVolumeM3 === null || volumeM3 <= tier.maxVolumeM3) ?? null;
}

/** The installation fee of one piece: its product's, else its category's, else none. */
function installationFee(installation: StoredDelivery["installation"], piece: DeliveryPiece): number | null {
  const own = piece.productId ? installation.find((entry) => entry.productId === piece.productId) : undefined;
  if (own) return own.feeKobo;
  const byCategory = piece.category ? installation.find((entry) => entry.category === piece.category) : undefined;
  return byCategory ? byCategory.feeKobo : null;
}

/** "floor 1", "floor 3": what the carrying line names. */
const floorText = (floor: number) => `floor ${floor}`;

/**
 * The delivery of these pieces to the chosen area. `area` is the known area chosen (null
 * when the id names none); an area the owner has not turned on counts as anywhere else.
 */
export function quoteDelivery(
  settings: StoredDelivery,
  area: { id: string; name: string } | null,
  choice: Pick<DeliveryChoice, "floor" | "lift" | "installation">,
  pieces: readonly DeliveryPiece[],
): DeliveryQuoteRow {
  const volumeM3 = pieces.reduce((sum, piece) => sum + piece.volumeM3 * piece.quantity, 0);
  const lines: DeliveryLine[] = [];

  const priced = area ? settings.areas.find((entry) => entry.id === area.id) : undefined;
  const areaFee = priced ? priced.feeKobo : settings.fallback === "on_request" ? null : settings.fallback.feeKobo;
  const tier = settings.tiers.length ? vehicleFor(settings.tiers, volumeM3) : null;
  // With tiers, a load larger than the largest is for the shop to price; without, any load goes.
  const tooLarge = settings.tiers.length > 0 && tier === null && pieces.length > 0;
  const onRequest = areaFee === null || tooLarge;
  const vehicle = tier && pieces.length > 0 ? { name: tier.name, volumeM3: Math.round(volumeM3 * 10) / 10 } : null;
  if (!onRequest && pieces.length > 0) {
    const where = area ? `Delivery to ${area.name}` : "Delivery";
    lines.push({
      label: vehicle ? `${where} (${vehicle.name.toLowerCase()})` : where,
      amountKobo: wholeNaira(areaFee + (tier?.extraFeeKobo ?? 0)),
    });
  }

  if (pieces.length > 0 && choice.floor > 0 && !choice.lift && settings.floorFeeKobo > 0) {
    lines.push({
      label: `Carrying to ${floorText(choice.floor)} (no lift)`,
      amountKobo: wholeNaira(choice.floor * settings.floorFeeKobo),
    });
  }

  const fees = pieces.map((piece) => installationFee(settings.installation, piece));
  const installationOffered = fees.some((fee) => fee !== null && fee > 0);
  if (choice.installation && installationOffered) {
    const kobo = pieces.reduce((sum, piece, index) => sum + (fees[index] ?? 0) * piece.quantity, 0);
    lines.push({ label: "Installation", amountKobo: wholeNaira(kobo) });
  }

  return {
    area,
    lines,
    vehicle,
    totalKobo: lines.reduce((sum, line) => sum + line.amountKobo, 0),
    onRequest,
    installationOffered,
  };
}

/**
 * The areas the owner prices with a fee, each with what delivering these pieces there
 * costs (area and vehicle, to the ground floor), for search engines and product feeds;
 * the main area first (the one the owner named, else the first priced). An area whose load
 * is priced on request is left out.
 */
export function shippingRates(
  settings: StoredDelivery,
  pieces: readonly DeliveryPiece[],
): Array<{ areaId: string; amountKobo: number }> {
  const rates = settings.areas.flatMap((area) => {
    if (area.feeKobo === null) return [];
    const quote = quoteDelivery(
      settings,
      { id: area.id, name: "" },
      { floor: 0, lift: false, installation: false },
      pieces,
    );
    const delivery = quote.onRequest ? undefined : quote.lines[0];
    return delivery ? [{ areaId: area.id, amountKobo: delivery.amountKobo }] : [];
  });
  const main = rates.findIndex((rate) => rate.areaId === settings.mainAreaId);
  return main > 0 ? [rates[main]!, ...rates.slice(0, main), ...rates.slice(main + 1)] : rates;
}
