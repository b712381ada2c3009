/**
 * Link-preview images for the site and for each product, collection and project. A
 * card is drawn on first request and kept in memory under the item's id, last change
 * and photo, so an edit shows in the next preview while repeat shares cost nothing.
 */
import path from "node:path";
import { LRUCache } from "lru-cache";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import type { CatalogReader } from "../../../domain/load-context";
import { effectivePrice, formatNaira } from "../../../domain/money";
import { renderOgCard, type OgCard } from "./og-card";

export type OgItemKind = "product" | "collection" | "project";

export const SLOGAN = "Finish. Furnish. Flourish.";

export interface OgImages {
  site(): Promise<Buffer>;
  /** Null when there is no such item. */
  item(kind: OgItemKind, id: string): Promise<Buffer | null>;
}

interface OgImagesOptions {
  catalog: CatalogReader;
  mediaDir: string;
  shopName: string;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

interface Priced {
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
}

/** The discounted price in the promotion's colour, the old one struck through. */
function priceOf(item: Priced): OgCard["price"] {
  const pays = effectivePrice(item);
  return pays === item.price
    ? { text: formatNaira(item.price) }
    : { text: formatNaira(pays), was: formatNaira(item.price), promo: true };
}

export function createOgImages({ catalog, mediaDir, shopName, publicUrl, log }: OgImagesOptions): OgImages {
  // About 100 KB a card: a few hundred cards in 32 MB.
  const cache = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (jpeg) => jpeg.length });
  const rendering = new Map<string, Promise<Buffer>>();
  const footer = new URL(publicUrl).host;

  /** The widest stored WebP: every image keeps one, and it is the sharpest source. */
  const photoFile = (image: ImageRef | null | undefined) =>
    image && /^[\w-]+$/.test(image.public_id)
      ? path.join(mediaDir, image.public_id, `${Math.max(...image.widths)}.webp`)
      : null;

  async function draw(card: OgCard): Promise<Buffer> {
    try {
      return await renderOgCard(card);
    } catch (error) {
      if (!card.photo) throw error;
      // A missing or damaged file must not cost the item its preview.
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "og image photo unreadable",
      );
      return renderOgCard({ ...card, photo: null });
    }
  }

  async function cached(key: string, card: () => OgCard): Promise<Buffer> {
    const hit = cache.get(key);
    if (hit) return hit;
    // Concurrent first requests for one card draw it once.
    let pending = rendering.get(key);
    if (!pending) {
      pending = draw(card())
        .then((jpeg) => {
          cache.set(key, jpeg);
          return jpeg;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  const cardKey = (kind: string, id: string, updatedAt: string, image: ImageRef | null | undefined) =>
    `${kind}:${id}:${updatedAt}:${image?.public_id ?? "-"}`;

  return {
    async site() {
      // A project photo shows the business best; a product's will do.
      const projects = await catalog.listProjects({ page: 1, limit: 10 });
      let image = projects.data.find((p) => p.images.length > 0)?.images[0];
      if (!image) {
        const products = await catalog.listProducts({ page: 1, limit: 12 });
        image = products.products.find((p) => p.images.length > 0)?.images[0];
      }
      return cached(`site:${image?.public_id ?? "-"}`, () => ({
        shopName,
        // The title already names the shop.
        eyebrow: "Furniture & Interiors",
        title: shopName,
        titleScale: "site",
        note: SLOGAN,
        footer,
        photo: photoFile(image),
      }));
    },

    async item(kind, id) {
      if (kind === "product") {
        const product = await catalog.getProduct(id);
        if (!product) return null;
        const image = product.images[0];
        return cached(cardKey(kind, id, product.updatedAt, image), () => ({
          shopName,
          eyebrow: shopName,
          title: product.name,
          price: priceOf(product),
          footer,
          photo: photoFile(image),
        }));
      }
      if (kind === "collection") {
        const collection = await catalog.getCollection(id);
        if (!collection) return null;
        const image = collection.coverImage ?? collection.productIds.find((p) => p.images.length > 0)?.images[0];
        return cached(cardKey(kind, id, collection.updatedAt, image), () => ({
          shopName,
          eyebrow: shopName,
          title: collection.name,
          price: priceOf(collection),
          footer,
          photo: photoFile(image),
        }));
      }
      const project = await catalog.getProject(id);
      if (!project) return null;
      const image = project.images[0];
      return cached(cardKey(kind, id, project.updatedAt, image), () => ({
        shopName,
        eyebrow: shopName,
        title: project.title,
        price: { text: `Budget ${formatNaira(project.price)}` },
        note: project.location,
        footer,
        photo: photoFile(image),
      }));
    },
  };
}
