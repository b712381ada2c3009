/**
 * Meta Commerce Manager's data feed (Facebook, Instagram and WhatsApp shops): a CSV file
 * with Meta's column names, one row per feed item (docs/product.md, Product feeds),
 * written as every CSV of the shop is (server/write-csv.ts); UTF-8 without a byte-order
 * mark.
 */
import type { FeedAvailability, FeedItem } from "../../../domain/catalog/feed-items";
import { writeCsv } from "../../write-csv";
import type { FeedFormat } from "./feed-format";

const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
  "additional_image_link",
  "sale_price",
  "item_group_id",
  "color",
  "material",
  "product_type",
  "google_product_category",
] as const;

/**
 * Meta's words for the same states. A piece made or shipped after it is ordered can be
 * ordered now and arrives later: "available for order" ("preorder" is for goods not yet
 * released).
 */
const META_AVAILABILITY: Record<FeedAvailability, string> = {
  in_stock: "in stock",
  out_of_stock: "out of stock",
  backorder: "available for order",
};

function row(item: FeedItem): Record<(typeof META_COLUMNS)[number], string> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: META_AVAILABILITY[item.availability],
    condition: "new",
    price: `${item.price} NGN`,
    link: item.link,
    image_link: item.imageLink,
    brand: item.brand,
    // Meta takes the extra pictures as one comma-separated field.
    additional_image_link: item.additionalImageLinks.join(","),
    sale_price: item.salePrice === null ? "" : `${item.salePrice} NGN`,
    item_group_id: item.groupId ?? "",
    color: item.color ?? "",
    material: item.material ?? "",
    product_type: item.productType,
    google_product_category: String(item.googleProductCategory),
  };
}

export const metaFeed: FeedFormat = {
  contentType: "text/csv; charset=utf-8",
  head: () => writeCsv([META_COLUMNS]),
  items: (items) => writeCsv(items.map(row), { columns: META_COLUMNS }),
  tail: () => "",
};
