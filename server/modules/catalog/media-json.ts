import { sql, type SQL } from "drizzle-orm";

export interface MediaJson {
  id: string;
  width: number;
  height: number;
  widths: number[];
  avifReady: boolean;
  colour: string | null;
}

export const mediaObject = sql.raw(
  `json_build_object('id', m.id, 'width', m.width, 'height', m.height, 'widths', m.widths, 'avifReady', m.avif_ready, 'colour', m.colour)`,
);

// Correlated subqueries name the outer row's table explicitly: drizzle leaves columns
// unqualified in single-table selects, and an inner "id" would bind to media.id.

/** An item's images in order, as one JSON array built inside the row's own query. */
export function orderedImages(owner: "products" | "projects"): SQL<MediaJson[]> {
  const joinTable = owner === "products" ? "product_images" : "project_images";
  const ownerColumn = owner === "products" ? "product_id" : "project_id";
  return sql<
    MediaJson[]
  >`coalesce((select json_agg(${mediaObject} order by i.position) from ${sql.raw(joinTable)} i join media m on m.id = i.media_id where i.${sql.raw(ownerColumn)} = ${sql.raw(`"${owner}".id`)}), '[]'::json)`;
}

export function collectionCover(): SQL<MediaJson | null> {
  return sql<MediaJson | null>`(select ${mediaObject} from media m where m.id = "collections".cover_media_id)`;
}

/** A stored option as its product's row reads it: its swatch, its photos of the piece and its price difference. */
export interface OptionJson {
  id: string;
  name: string;
  image: MediaJson | null;
  images: MediaJson[];
  priceDifferenceKobo: number;
}

/** A product's options in order, each with its swatch (or null), its photos in order and its price difference, as one JSON array. */
export function productOptionsJson(): SQL<OptionJson[]> {
  return sql`coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'image', case when m.id is null then null else ${mediaObject} end, 'images', coalesce((select json_agg(${mediaObject} order by oi.position) from product_option_images oi join media m on m.id = oi.media_id where oi.option_id = o.id), '[]'::json), 'priceDifferenceKobo', o.price_difference_kobo) order by o.position) from product_options o left join media m on m.id = o.media_id where o.product_id = "products".id), '[]'::json)`;
}
