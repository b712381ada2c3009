import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

export interface MediaJson {
  id: string;
  width: number;
  height: number;
  widths: number[];
}

const mediaObject = sql.raw(`json_build_object('id', m.id, 'width', m.width, 'height', m.height, 'widths', m.widths)`);

/** An item's images in order, as one JSON array built inside the row's own query. */
export function orderedImages(
  joinTable: "product_images" | "project_images",
  ownerColumn: string,
  ownerId: PgColumn,
): SQL<MediaJson[]> {
  return sql<
    MediaJson[]
  >`coalesce((select json_agg(${mediaObject} order by i.position) from ${sql.raw(joinTable)} i join media m on m.id = i.media_id where i.${sql.raw(ownerColumn)} = ${ownerId}), '[]'::json)`;
}

export function singleImage(mediaId: PgColumn): SQL<MediaJson | null> {
  return sql<MediaJson | null>`(select ${mediaObject} from media m where m.id = ${mediaId})`;
}
