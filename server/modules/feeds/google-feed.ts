/**
 * Google Merchant Center's feed: RSS 2.0 with Google's `g:` attributes, one <item> per
 * feed item (docs/product.md, Product feeds).
 */
import type { FeedItem } from "../../../domain/catalog/feed-items";
import { escapeXml } from "../../escape-xml";
import type { FeedChannel, FeedFormat } from "./feed-format";

/** Google reads a time and an offset: the start of the ready-by day in Lagos (UTC+1, no summer time). */
const googleAvailabilityDate = (day: string) => `${day}T00:00+0100`;

const tag = (name: string, value: string | number) => `<g:${name}>${escapeXml(String(value))}</g:${name}>`;

function itemXml(item: FeedItem): string {
  const lines = [
    tag("id", item.id),
    item.groupId === null ? null : tag("item_group_id", item.groupId),
    tag("title", item.title),
    tag("description", item.description),
    tag("link", item.link),
    tag("image_link", item.imageLink),
    ...item.additionalImageLinks.map((link) => tag("additional_image_link", link)),
    tag("availability", item.availability),
    item.availabilityDate === null ? null : tag("availability_date", googleAvailabilityDate(item.availabilityDate)),
    tag("price", `${item.price} NGN`),
    item.salePrice === null ? null : tag("sale_price", `${item.salePrice} NGN`),
    tag("condition", "new"),
    tag("brand", item.brand),
    tag("product_type", item.productType),
    tag("google_product_category", item.googleProductCategory),
    // Made and imported furniture carries no GTIN or maker's part number.
    tag("identifier_exists", "no"),
    item.material === null ? null : tag("material", item.material),
    // An option is a finish or a fabric: what the piece looks like, which Google calls its colour.
    item.color === null ? null : tag("color", item.color),
    ...(item.dimensions
      ? [
          tag("product_length", `${item.dimensions.length} cm`),
          tag("product_width", `${item.dimensions.width} cm`),
          tag("product_height", `${item.dimensions.height} cm`),
        ]
      : []),
    ...item.shipping.map((rate) =>
      [
        "<g:shipping>",
        tag("country", "NG"),
        rate.region === null ? null : tag("region", rate.region),
        tag("service", rate.service),
        tag("price", `${rate.price} NGN`),
        "</g:shipping>",
      ]
        .filter((line) => line !== null)
        .join(""),
    ),
  ];
  return `<item>\n${lines.filter((line) => line !== null).join("\n")}\n</item>\n`;
}

export const googleFeed: FeedFormat = {
  contentType: "application/xml; charset=utf-8",
  head: (channel: FeedChannel) =>
    [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">`,
      `<channel>`,
      `<title>${escapeXml(channel.title)}</title>`,
      `<link>${escapeXml(channel.link)}</link>`,
      `<description>${escapeXml(channel.description)}</description>`,
      "",
    ].join("\n"),
  items: (items) => items.map(itemXml).join(""),
  tail: () => `</channel>\n</rss>\n`,
};
