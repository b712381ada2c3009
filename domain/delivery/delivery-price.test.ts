import { describe, expect, it } from "vitest";
import { NO_DELIVERY_PRICES, type StoredDelivery } from "./delivery.schema";
import { pieceVolume, quoteDelivery, shippingRates, type DeliveryPiece } from "./delivery-price";

const LEKKI = { id: "lagos/eti-osa/lekki-phase-1", name: "Lekki Phase 1" };
const YABA = { id: "lagos/lagos-mainland/yaba", name: "Yaba" };
const IKEJA = { id: "lagos/ikeja", name: "Ikeja" };

const prices: StoredDelivery = {
  ...NO_DELIVERY_PRICES,
  mainAreaId: LEKKI.id,
  areas: [
    { id: LEKKI.id, feeKobo: 30_000_00 },
    { id: YABA.id, feeKobo: 20_000_00 },
    { id: IKEJA.id, feeKobo: null },
  ],
  tiers: [
    { name: "Van", maxVolumeM3: 3, extraFeeKobo: 0 },
    { name: "Small truck", maxVolumeM3: 12, extraFeeKobo: 15_000_00 },
    { name: "Truck", maxVolumeM3: null, extraFeeKobo: 40_000_00 },
  ],
  floorFeeKobo: 5_000_00,
  installation: [
    { category: "Wardrobe", productId: null, feeKobo: 25_000_00 },
    { category: null, productId: "7f1e2d3c-0000-4000-8000-000000000001", feeKobo: 60_000_00 },
  ],
};

const ground = { floor: 0, lift: false, installation: false };
const piece = (volumeM3: number, extra: Partial<DeliveryPiece> = {}): DeliveryPiece => ({
  productId: null,
  category: null,
  quantity: 1,
  volumeM3,
  ...extra,
});

describe("the delivery price", () => {
  it("adds the vehicle that holds the order's volume to the area's fee", () => {
    const small = quoteDelivery(prices, LEKKI, ground, [piece(1.2)]);
    expect(small.lines).toEqual([{ label: "Delivery to Lekki Phase 1 (van)", amountKobo: 30_000_00 }]);
    expect(small.vehicle).toEqual({ name: "Van", volumeM3: 1.2 });

    // Exactly the van's load still fits the van; a little more needs the small truck.
    expect(quoteDelivery(prices, LEKKI, ground, [piece(3)]).vehicle?.name).toBe("Van");
    const truck = quoteDelivery(prices, LEKKI, ground, [piece(1.5, { quantity: 2 }), piece(0.01)]);
    expect(truck.vehicle).toEqual({ name: "Small truck", volumeM3: 3 });
    expect(truck.totalKobo).toBe(45_000_00);

    const big = quoteDelivery(prices, YABA, ground, [piece(8), piece(6)]);
    expect(big.lines[0]).toEqual({ label: "Delivery to Yaba (truck)", amountKobo: 60_000_00 });
    expect(big.onRequest).toBe(false);
  });

  it("asks the shop to price a load larger than every vehicle it keeps", () => {
    const noOpenTier = { ...prices, tiers: prices.tiers.slice(0, 2) };
    const quote = quoteDelivery(noOpenTier, LEKKI, ground, [piece(13)]);
    expect(quote).toMatchObject({ onRequest: true, lines: [], vehicle: null, totalKobo: 0 });
  });

  it("charges each floor above the ground without a lift, and nothing with one", () => {
    const third = quoteDelivery(prices, LEKKI, { floor: 3, lift: false, installation: false }, [piece(1)]);
    expect(third.lines[1]).toEqual({ label: "Carrying to floor 3 (no lift)", amountKobo: 15_000_00 });
    expect(third.totalKobo).toBe(45_000_00);
    expect(quoteDelivery(prices, LEKKI, { floor: 3, lift: true, installation: false }, [piece(1)]).lines).toHaveLength(
      1,
    );
    expect(quoteDelivery(prices, LEKKI, ground, [piece(1)]).lines).toHaveLength(1);
  });

  it("installs by the product's own fee, else its category's, times the quantity, only when asked", () => {
    const pieces = [
      piece(1, { category: "Wardrobe", quantity: 2 }),
      piece(1, { category: "Wardrobe", productId: "7f1e2d3c-0000-4000-8000-000000000001" }),
      piece(0.5, { category: "Armchair" }),
    ];
    const asked = quoteDelivery(prices, LEKKI, { floor: 0, lift: false, installation: true }, pieces);
    expect(asked.lines.at(-1)).toEqual({ label: "Installation", amountKobo: (2 * 25_000 + 60_000) * 100 });
    expect(asked.installationOffered).toBe(true);

    const notAsked = quoteDelivery(prices, LEKKI, ground, pieces);
    expect(notAsked.lines.map((line) => line.label)).not.toContain("Installation");
    expect(notAsked.installationOffered).toBe(true);

    const chairOnly = quoteDelivery(prices, LEKKI, { floor: 0, lift: false, installation: true }, [
      piece(0.5, { category: "Armchair" }),
    ]);
    expect(chairOnly.installationOffered).toBe(false);
    expect(chairOnly.lines.map((line) => line.label)).toEqual(["Delivery to Lekki Phase 1 (van)"]);
  });

  it("says on request for an area priced that way, or one not delivered to, unless anywhere else has a fee", () => {
    expect(quoteDelivery(prices, IKEJA, ground, [piece(1)])).toMatchObject({ onRequest: true, lines: [] });
    const ajah = { id: "lagos/eti-osa/ajah", name: "Ajah" };
    expect(quoteDelivery(prices, ajah, ground, [piece(1)])).toMatchObject({ onRequest: true, totalKobo: 0 });
    // Carrying up and installation are the shop's own prices: they still show.
    expect(quoteDelivery(prices, ajah, { floor: 2, lift: false, installation: false }, [piece(1)]).lines).toEqual([
      { label: "Carrying to floor 2 (no lift)", amountKobo: 10_000_00 },
    ]);

    const anywhere = { ...prices, fallback: { feeKobo: 50_000_00 } } as StoredDelivery;
    expect(quoteDelivery(anywhere, ajah, ground, [piece(1)]).lines).toEqual([
      { label: "Delivery to Ajah (van)", amountKobo: 50_000_00 },
    ]);
    expect(quoteDelivery(anywhere, null, ground, [piece(1)]).lines[0]?.label).toBe("Delivery (van)");
  });

  it("rounds every line to whole naira", () => {
    const odd: StoredDelivery = {
      ...prices,
      areas: [{ id: LEKKI.id, feeKobo: 30_000_49 }],
      tiers: [],
      floorFeeKobo: 3_333_33,
    };
    const quote = quoteDelivery(odd, LEKKI, { floor: 3, lift: false, installation: false }, [piece(1)]);
    expect(quote.lines).toEqual([
      { label: "Delivery to Lekki Phase 1", amountKobo: 30_000_00 },
      { label: "Carrying to floor 3 (no lift)", amountKobo: 10_000_00 },
    ]);
    expect(quote.vehicle).toBeNull();
  });

  it("prices nothing for an empty order", () => {
    expect(quoteDelivery(prices, LEKKI, { floor: 4, lift: false, installation: true }, [])).toMatchObject({
      lines: [],
      totalKobo: 0,
      vehicle: null,
    });
  });
});

describe("a piece's volume", () => {
  it("comes from its measurements, else the owner's size for its category, else ours", () => {
    expect(pieceVolume({ width: 200, depth: 60, height: 210 }, "Wardrobe", {})).toBeCloseTo(2.52);
    expect(pieceVolume(null, "Wardrobe", { Wardrobe: { width: 100, depth: 100, height: 100 } })).toBe(1);
    expect(pieceVolume(null, "Wardrobe", {})).toBeCloseTo(2.268);
    expect(pieceVolume(null, null, {})).toBe(0);
  });
});

describe("the shipping rates search engines and feeds are given", () => {
  it("price each area with a fee for these pieces, the main area first, leaving out those on request", () => {
    const main = { ...prices, mainAreaId: YABA.id };
    expect(shippingRates(main, [piece(1)])).toEqual([
      { areaId: YABA.id, amountKobo: 20_000_00 },
      { areaId: LEKKI.id, amountKobo: 30_000_00 },
    ]);
    expect(shippingRates(prices, [piece(13)])).toEqual([
      { areaId: LEKKI.id, amountKobo: 70_000_00 },
      { areaId: YABA.id, amountKobo: 60_000_00 },
    ]);
    const noOpenTier = { ...prices, tiers: prices.tiers.slice(0, 2) };
    expect(shippingRates(noOpenTier, [piece(20)])).toEqual([]);
  });
});
