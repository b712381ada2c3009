import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { media } from "../../db/schema/media";
import { backfillMediaColours } from "./media-colours";
import { storeImage } from "./media.service";

const t = useTestApp({ pages: true });

/** A photo mostly of `main`, with a white strip down its right quarter. */
async function photo(main: string, width = 1800, height = 1200) {
  const strip = await sharp({
    create: { width: width / 4, height, channels: 3, background: "#ffffff" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: main } })
    .composite([{ input: strip, left: (width * 3) / 4, top: 0 }])
    .jpeg()
    .toBuffer();
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** The same colour to the eye: sharp's histogram puts each channel in one of 16 bins. */
function expectNear(actual: string | null | undefined, expected: string) {
  expect(actual).toMatch(/^#[0-9a-f]{6}$/);
  channels(actual!).forEach((value, i) => expect(Math.abs(value - channels(expected)[i]!)).toBeLessThanOrEqual(16));
}

const colourOf = async (id: string) =>
  (await t.db.select({ colour: media.colour }).from(media).where(eq(media.id, id)))[0]?.colour;

describe("picture colours", () => {
  it("an upload keeps its dominant colour, and the product's API answer and page carry it", async () => {
    const stored = await storeImage(t.db, t.storage, await photo("#8a4f33"));
    expectNear(stored.colour, "#8a4f33");
    expect(await colourOf(stored.id)).toBe(stored.colour);

    const product = await insertProduct(t.db, { name: "Terracotta Armchair", images: [stored] });
    const api = await t.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(api.statusCode).toBe(200);
    expect(api.json().images[0].colour).toBe(stored.colour);

    const page = await t.app.inject({ method: "GET", url: `/product/${product.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`background-color:${stored.colour}`);
  });

  it("pictures stored before colours were kept get theirs from the backfill; one whose file is gone keeps none", async () => {
    const older = await storeImage(t.db, t.storage, await photo("#2f5d50"));
    const lost = await storeImage(t.db, t.storage, await photo("#20304a"));
    await t.db.update(media).set({ colour: null }).where(eq(media.id, older.id));
    await t.db.update(media).set({ colour: null }).where(eq(media.id, lost.id));
    await t.storage.deletePrefixes([`${lost.id}/`]);

    const warnings: string[] = [];
    const coloured = await backfillMediaColours(t.db, t.storage, {
      log: { warn: (_details, message) => warnings.push(message) },
    });

    expect(coloured).toBe(1);
    expectNear(await colourOf(older.id), "#2f5d50");
    expect(await colourOf(lost.id)).toBeNull();
    expect(warnings).toEqual(["could not read a picture's colour; it loads on a plain background"]);
  });
});
