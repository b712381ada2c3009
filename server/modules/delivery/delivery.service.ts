/**
 * Delivery prices (docs/product.md, Delivery): the owner's one object of prices, stored in
 * kobo and read through the shop's read cache, which every instance empties when
 * PostgreSQL announces a change (the same channel as the settings'); the areas the shop
 * knows, shipped with the code; and the quote of a set of pieces, sized from the
 * catalogue's measurements.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Category } from "../../../domain/catalog/categories";
import { normaliseCategory } from "../../../domain/catalog/categories";
import {
  pieceVolume,
  quoteDelivery,
  shippingRates,
  type DeliveryPiece,
  type DeliveryQuoteRow,
} from "../../../domain/delivery/delivery-price";
import { STATE_CODES } from "../../../domain/delivery/nigeria-states";
import {
  NO_DELIVERY_PRICES,
  type DeliveryChoice,
  type DeliveryQuote,
  type DeliverySettings,
  type DeliverySettingsUpdate,
  type PricedArea,
  type ShippingOffer,
  type StoredDelivery,
} from "../../../domain/delivery/delivery.schema";
import { DELIVERY_AREAS, type DeliveryArea } from "../../../domain/delivery/nigeria-areas";
import { prepareAreas, searchAreas } from "../../../domain/delivery/area-search";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import { refuse } from "../../../domain/refusal";
import type { ItemType } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { deliverySettings } from "../../db/schema/settings";
import type { CatalogCache } from "../catalog/catalog-cache";
import { publishedOnly } from "../catalog/catalog-filters";

const AREAS_BY_ID = new Map(DELIVERY_AREAS.map((area) => [area.id, area]));
const ALL_AREAS = prepareAreas(DELIVERY_AREAS);

/** The area a stored or typed id names, or null. */
export const findArea = (id: string | null | undefined): DeliveryArea | null => (id && AREAS_BY_ID.get(id)) || null;

/** The prices as stored; a shop that has priced nothing has none. */
export async function readDeliveryPrices(db: Database): Promise<StoredDelivery> {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.id, 1));
  return row ? { ...NO_DELIVERY_PRICES, ...row.value } : NO_DELIVERY_PRICES;
}

/**
 * Replaces the prices with the update: areas by known ids only (the ones turned off are
 * dropped), products of installation fees that exist. A refusal names the field at fault.
 */
export async function saveDeliveryPrices(db: Database, update: DeliverySettingsUpdate): Promise<StoredDelivery> {
  update.areas.forEach((area, index) => {
    if (!AREAS_BY_ID.has(area.id)) {
      const message = `We do not know the area "${area.id}": choose one from the list.`;
      throw refuse("invalid", message, { [`areas.${index}.id`]: message });
    }
  });
  const productIds = update.installation.flatMap((entry) => (entry.productId ? [entry.productId] : []));
  if (productIds.length) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
    const missing = update.installation.findIndex(
      (entry) => entry.productId && !found.some((row) => row.id === entry.productId),
    );
    if (missing >= 0) {
      const message = "That product is not in the catalogue: choose another, or a category.";
      throw refuse("invalid", message, { [`installation.${missing}.productId`]: message });
    }
  }
  const value: StoredDelivery = {
    mainAreaId: update.mainAreaId,
    areas: update.areas
      .filter((area) => area.enabled)
      .map((area) => ({ id: area.id, feeKobo: area.fee === null ? null : nairaToKobo(area.fee) })),
    fallback: update.fallback === "on_request" ? "on_request" : { feeKobo: nairaToKobo(update.fallback.fee) },
    tiers: update.tiers.map((tier) => ({
      name: tier.name,
      maxVolumeM3: tier.maxVolumeM3,
      extraFeeKobo: nairaToKobo(tier.extraFee),
    })),
    floorFeeKobo: nairaToKobo(update.floorFee),
    installation: update.installation.map((entry) => ({
      category: entry.category ?? null,
      productId: entry.productId ?? null,
      feeKobo: nairaToKobo(entry.fee),
    })),
    defaultSizesCm: update.defaultSizesCm,
  };
  await db
    .insert(deliverySettings)
    .values({ id: 1, value })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { value, updatedAt: sql`now()` } });
  return value;
}

/** The prices as the API answers them, in naira. */
export function deliverySettingsAnswer(stored: StoredDelivery): DeliverySettings {
  return {
    mainAreaId: stored.mainAreaId,
    areas: stored.areas.map((area) => ({
      id: area.id,
      enabled: true as const,
      fee: area.feeKobo === null ? null : koboToNaira(area.feeKobo),
    })),
    fallback: stored.fallback === "on_request" ? "on_request" : { fee: koboToNaira(stored.fallback.feeKobo) },
    tiers: stored.tiers.map((tier) => ({
      name: tier.name,
      maxVolumeM3: tier.maxVolumeM3,
      extraFee: koboToNaira(tier.extraFeeKobo),
    })),
    floorFee: koboToNaira(stored.floorFeeKobo),
    installation: stored.installation.map((entry) => ({
      ...(entry.category ? { category: entry.category } : {}),
      ...(entry.productId ? { productId: entry.productId } : {}),
      fee: koboToNaira(entry.feeKobo),
    })),
    defaultSizesCm: stored.defaultSizesCm,
  };
}

const areaOf = (area: DeliveryArea) => ({ id: area.id, name: area.name, state: area.state, lga: area.lga });

/** An area as the shopper's picker shows it: its fee, or on request (anywhere else's answer when not priced). */
export function pricedArea(stored: StoredDelivery, area: DeliveryArea): PricedArea {
  const priced = stored.areas.find((entry) => entry.id === area.id);
  const feeKobo = priced ? priced.feeKobo : stored.fallback === "on_request" ? null : stored.fallback.feeKobo;
  return { ...areaOf(area), fee: feeKobo === null ? null : koboToNaira(feeKobo), onRequest: feeKobo === null };
}

/**
 * The areas the shop delivers to, or, with a search, the known areas that match it (the
 * ones delivered to first): a shopper anywhere can say where they are and read "on request".
 */
export function listPricedAreas(stored: StoredDelivery, search: string | undefined, limit = 30): PricedArea[] {
  const delivered = new Set(stored.areas.map((area) => area.id));
  if (!search) {
    return stored.areas.flatMap((entry) => {
      const area = AREAS_BY_ID.get(entry.id);
      return area ? [pricedArea(stored, area)] : [];
    });
  }
  const found = searchAreas(ALL_AREAS, search, limit * 2);
  const ordered = [
    ...found.filter((area) => delivered.has(area.id)),
    ...found.filter((area) => !delivered.has(area.id)),
  ];
  return ordered.slice(0, limit).map((area) => pricedArea(stored, area));
}

/** Every known area (of one state, when named), for the owner's picker. */
export function listAllAreas(state?: string) {
  const wanted = state?.trim().toLowerCase();
  return DELIVERY_AREAS.filter((area) => !wanted || area.state.toLowerCase() === wanted).map(areaOf);
}

/** One line of an order as delivery sizes it. */
export interface PieceLine {
  itemType: ItemType;
  itemId: string;
  quantity: number;
}

/**
 * The pieces of these lines, sized: a product by its measurements or its category's
 * default size; a collection by the pieces it is made of (each sized the same way).
 */
export async function deliveryPieces(
  db: Database,
  lines: readonly PieceLine[],
  defaults: StoredDelivery["defaultSizesCm"],
): Promise<DeliveryPiece[]> {
  const productIds = lines.filter((line) => line.itemType === "Product").map((line) => line.itemId);
  const collectionIds = lines.filter((line) => line.itemType === "Collection").map((line) => line.itemId);
  const columns = {
    id: products.id,
    collectionId: products.collectionId,
    category: products.category,
    width: products.widthCm,
    depth: products.depthCm,
    height: products.heightCm,
  };
  const [own, inCollections] = await Promise.all([
    productIds.length ? db.select(columns).from(products).where(inArray(products.id, productIds)) : [],
    collectionIds.length
      ? db
          .select(columns)
          .from(products)
          .where(and(inArray(products.collectionId, collectionIds), publishedOnly(products.status)))
      : [],
  ]);
  const sized = (row: (typeof own)[number]) => {
    const category: Category | null = normaliseCategory(row.category);
    const dimensions =
      row.width !== null && row.depth !== null && row.height !== null
        ? { width: row.width, depth: row.depth, height: row.height }
        : null;
    return { category, volumeM3: pieceVolume(dimensions, category, defaults) };
  };
  return lines.map((line) => {
    if (line.itemType === "Product") {
      const row = own.find((product) => product.id === line.itemId);
      const size = row ? sized(row) : { category: null, volumeM3: 0 };
      return { productId: line.itemId, quantity: line.quantity, ...size };
    }
    const parts = inCollections.filter((product) => product.collectionId === line.itemId).map(sized);
    // A set is delivered whole; its installation follows its own entry, not its parts'.
    return {
      productId: null,
      category: null,
      quantity: line.quantity,
      volumeM3: parts.reduce((sum, part) => sum + part.volumeM3, 0),
    };
  });
}

/** The quote of these lines to the chosen area, floor and installation. */
export async function quoteLines(
  db: Database,
  stored: StoredDelivery,
  choice: DeliveryChoice,
  lines: readonly PieceLine[],
): Promise<DeliveryQuoteRow> {
  const area = findArea(choice.areaId);
  const pieces = await deliveryPieces(db, lines, stored.defaultSizesCm);
  return quoteDelivery(stored, area && { id: area.id, name: area.name }, choice, pieces);
}

/** A quote as the API and the pages read it, in naira. */
export function quoteAnswer(row: DeliveryQuoteRow): DeliveryQuote {
  return {
    area: row.area,
    lines: row.lines.map((line) => ({ label: line.label, amount: koboToNaira(line.amountKobo) })),
    vehicle: row.vehicle,
    total: koboToNaira(row.totalKobo),
    onRequest: row.onRequest,
    installationOffered: row.installationOffered,
  };
}

/**
 * What delivering these pieces to the shop's main area costs (the area the owner named,
 * else the first priced), as search engines read it; null when no area has a price for them.
 */
export async function mainAreaShipping(
  db: Database,
  stored: StoredDelivery,
  lines: readonly PieceLine[],
): Promise<ShippingOffer | null> {
  if (!stored.areas.some((area) => area.feeKobo !== null)) return null;
  const [main] = shippingRates(stored, await deliveryPieces(db, lines, stored.defaultSizesCm));
  const area = findArea(main?.areaId);
  return main && area
    ? { areaName: area.name, region: STATE_CODES[area.state] ?? null, rate: koboToNaira(main.amountKobo) }
    : null;
}

const PRICES_CACHE_KEY = "delivery-prices";

/** The prices through the shop's read cache: what pages and quotes read. */
export const cachedDeliveryPrices = (db: Database, cache: Pick<CatalogCache, "remember">) =>
  cache.remember(PRICES_CACHE_KEY, () => readDeliveryPrices(db));
