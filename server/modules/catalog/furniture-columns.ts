import type { Availability, AvailabilityKind } from "../../../domain/catalog/furniture";
import { readyBy } from "../../../domain/catalog/furniture";

interface AvailabilityRow {
  availabilityKind: AvailabilityKind;
  weeksFrom: number | null;
  weeksTo: number | null;
}

/**
 * A product's or collection's availability as the API answers it, with the date a piece
 * ordered today can be ready by. That date moves with the calendar, so cached reads are
 * keyed by the day (catalog-reader.ts).
 */
export function availabilityOf(row: AvailabilityRow): { availability: Availability; readyBy: string } {
  const availability = { kind: row.availabilityKind, weeksFrom: row.weeksFrom, weeksTo: row.weeksTo };
  return { availability, readyBy: readyBy(availability) };
}
