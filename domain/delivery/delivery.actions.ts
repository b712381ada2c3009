/**
 * What pages may do with delivery, in process, for the request at hand (docs/product.md,
 * Delivery). The API's delivery routes call the same door. Staff calls check the member's
 * roles on the server; a refusal is thrown as a 4xx error with its message.
 */
import type {
  DeliveryChoice,
  DeliveryChoiceInput,
  DeliveryQuote,
  DeliverySettings,
  DeliverySettingsInput,
  KnownArea,
  PricedArea,
  ShippingOffer,
} from "./delivery.schema";
import type { ItemType } from "../shopping-lists";

/** The shopper's remembered choice, with the area as the picker shows it. */
export type ChosenDelivery = DeliveryChoice & { area: PricedArea | null };

export interface DeliveryActions {
  /** The owner's prices (Owner, and Sales to read). */
  settings(): Promise<DeliverySettings>;
  /** Replaces the prices (Owner); journaled. */
  updateSettings(body: DeliverySettingsInput): Promise<DeliverySettings>;
  /** Every known area of a state (of all states without one), delivered to or not: the owner's list to price (Owner, Sales). */
  allAreas(state?: string): Promise<KnownArea[]>;
  /** The areas delivered to, or the known areas matching a search, each with its fee or on request. */
  areas(search?: string): Promise<PricedArea[]>;
  /** Where this shopper said their orders go (this device, else their account), or null. */
  choice(): Promise<ChosenDelivery | null>;
  /** Remembers an area, floor, lift or installation choice, on the device and for the account. */
  choose(body: Partial<DeliveryChoiceInput>): Promise<ChosenDelivery>;
  /** What delivering these pieces to the shop's main area costs, for search engines; null when not priced. */
  mainAreaShipping(
    lines: Array<{ itemType: ItemType; itemId: string; quantity: number }>,
  ): Promise<ShippingOffer | null>;
  /** The remembered choice's quote of these lines (or the caller's cart); null when no area is chosen. */
  quoteChosen(
    lines: Array<{ itemType: ItemType; itemId: string; quantity: number }> | "cart",
  ): Promise<DeliveryQuote | null>;
}
