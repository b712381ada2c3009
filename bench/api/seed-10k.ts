/**
 * Fills a scratch database with a 10,000-product catalogue in a few seconds: realistic
 * names (so search has words to find), every category and style, promos, imports, two
 * images per product and 200 collections.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { CATEGORIES } from "../../domain/catalog/categories";
import { STYLES } from "../../domain/catalog/styles";
import type { Database } from "../../server/db/client";
import { storeImage } from "../../server/modules/media/media.service";
import type { MediaStorage } from "../../server/modules/media/storage/media-storage";

const ADJECTIVES = [
  "Velvet",
  "Oak",
  "Walnut",
  "Linen",
  "Marble",
  "Rattan",
  "Leather",
  "Brass",
  "Teak",
  "Bouclé",
  "Iroko",
  "Ash",
];
const PLACES = [
  "Lekki",
  "Ikoyi",
  "Maitama",
  "Asokoro",
  "Yaba",
  "Enugu",
  "Calabar",
  "Ibadan",
  "Kano",
  "Jos",
  "Owerri",
  "Abeokuta",
];
const NOUNS: Record<string, string[]> = {
  "Living Room": ["Sofa", "Sectional", "Loveseat"],
  Armchair: ["Armchair", "Lounge Chair", "Wingback"],
  Bedroom: ["King Bed", "Queen Bed", "Bedroom Set"],
  "Dining Room": ["Dining Set", "Dining Table", "Bistro Set"],
  "Center Table": ["Coffee Table", "Center Table", "Nesting Tables"],
  Wardrobe: ["Wardrobe", "Armoire", "Closet System"],
  "TV Unit": ["TV Unit", "Media Console", "TV Cabinet"],
  Carpet: ["Rug", "Carpet", "Runner"],
};

export const BENCH_PRODUCTS = 10_000;

export async function seedTenThousand(db: Database, storage: MediaStorage): Promise<void> {
  const mediaIds: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const png = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 120 + i, g: 100 + i, b: 80 + i } },
    })
      .png()
      .toBuffer();
    mediaIds.push((await storeImage(db, storage, png)).id);
  }

  await db.execute(sql`
    insert into collections (name, description, price_kobo, style, created_at)
    select 'Collection ' || g, '<p>A curated collection.</p>', (500000 + g * 1000) * 100,
      (${sql.raw(`array[${STYLES.map((s) => `'${s}'`).join(",")}]`)})[1 + g % 6],
      now() - (g || ' hours')::interval
    from generate_series(1, 200) g`);

  const nouns = CATEGORIES.flatMap((category) => NOUNS[category]!.map((noun) => `('${category}', '${noun}')`));
  await db.execute(
    sql.raw(`
    with nouns(category, noun, n) as (
      select category, noun, row_number() over () - 1 from (values ${nouns.join(",")}) v(category, noun)
    ),
    words as (
      select array[${ADJECTIVES.map((w) => `'${w}'`).join(",")}] adjectives,
             array[${PLACES.map((w) => `'${w}'`).join(",")}] places,
             array[${STYLES.map((s) => `'${s}'`).join(",")}] styles
    )
    insert into products (name, description, items, price_kobo, discounted_price_kobo, is_promo, is_best_seller,
                          is_foreign, origin, sold, category, style, collection_id, created_at)
    select w.places[1 + g % 12] || ' ' || w.adjectives[1 + (g / 12) % 12] || ' ' || n.noun,
           '<p>Handmade ' || lower(n.noun) || ' in ' || w.adjectives[1 + (g / 7) % 12] || ', delivered across Nigeria.</p>',
           '1 ' || lower(n.noun),
           price,
           case when g % 9 = 0 then price * 85 / 100 end,
           g % 9 = 0,
           g % 13 = 0,
           g % 11 = 0,
           case when g % 11 = 0 then 'Italy' end,
           g % 17 = 0,
           n.category,
           w.styles[1 + g % 6],
           case when g % 50 = 0 then (select id from collections order by created_at limit 1 offset (g / 50) % 200) end,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${BENCH_PRODUCTS}) g
    cross join words w
    join nouns n on n.n = g % 24
    cross join lateral (select ((80000 + (g * 7919) % 4000000) * 100)::bigint price) p`),
  );

  await db.execute(
    sql.raw(`
    insert into product_images (product_id, media_id, position)
    select p.id, (array[${mediaIds.map((id) => `'${id}'`).join(",")}])[1 + (row_number() over () + k)::int % 40], k
    from products p cross join generate_series(0, 1) k`),
  );
  // A catalogue that has been live a while is vacuumed; count(*) then reads an index only.
  await db.execute(sql`vacuum analyze`);
}
