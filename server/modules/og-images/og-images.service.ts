/**
 * Link-preview images for the site and for each product, collection and project. A
 * card is drawn on first request and kept under the item's id, last change and photo, in
 * memory and in the media storage (shared by every instance, under "og/"), so an edit
 * shows in the next preview while repeat shares cost nothing.
 *
 * Drawing a card costs about a sixth of a second of CPU and anyone may ask for any id,
 * so cold draws take turns, one at a time, with a short line behind them, and each
 * address has a budget of them (the route's `mayDraw`). When the line is full or the
 * budget spent, the site's own card answers instead (drawn once, then always in
 * memory): a crawler cycling through every id cannot keep the image threads busy.
 */
import { createHash } from "node:crypto";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import type { CatalogReader } from "../../../domain/load-context";
import { formatNaira, isOnSale, type Priced } from "../../../domain/money";
import { Refusal } from "../../../domain/refusal";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { renderOgCard, type OgCard } from "./og-card";
import type { MediaStorage } from "../media/storage/media-storage";

/** A card as the service builds it: the photo named by its key in the media storage. */
type CardPlan = Omit<OgCard, "photo"> & { photo: string | null };

export type OgItemKind = "product" | "collection" | "project";

export interface OgImages {
  site(): Promise<Buffer>;
  /**
   * Null when there is no such item. The site's card when the item's is not drawn yet and
   * either too many cards wait to be drawn or `mayDraw` (asked only then) says no.
   */
  item(kind: OgItemKind, id: string, mayDraw?: () => Promise<boolean>): Promise<Buffer | null>;
}

/** Cold draws waiting behind the one being drawn; more than this and the site's card answers. */
export const MAX_WAITING_DRAWS = 8;

/** A cold draw turned away (the line is full, or the address's budget spent): the site's card answers. */
class DrawRefused extends Refusal {
  constructor() {
    super("too-many", "Too many link-preview cards are waiting to be drawn.");
  }
}

interface OgImagesOptions {
  catalog: CatalogReader;
  /** Cards are kept here once drawn, so every instance of the shop draws each only once. */
  storage: MediaStorage;
  /** Where instances agree on who draws a card (an advisory lock). */
  db: Database;
  /** The settings as they are now: a renamed shop's cards are drawn again. */
  settings: () => Promise<Pick<ShopSettings, "shopName" | "description" | "heroImages" | "slogan">>;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

/** The discounted price in the promotion's colour, the old one struck through. */
function priceOf(item: Priced): OgCard["price"] {
  return isOnSale(item)
    ? { text: formatNaira(item.discountedPrice), was: formatNaira(item.price), promo: true }
    : { text: formatNaira(item.price) };
}

export function createOgImages({ catalog, storage, db, settings, publicUrl, log }: OgImagesOptions): OgImages {
  const shopName = async () => (await settings()).shopName;
  // About 100 KB a card: a few hundred cards in 32 MB.
  const cache = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (jpeg) => jpeg.length });
  const rendering = new Map<string, Promise<Buffer>>();
  const drawing = pLimit(1);
  const footer = new URL(publicUrl).host;

  /** The widest stored WebP: every image keeps one, and it is the sharpest source. */
  const photoFile = (image: ImageRef | null | undefined) =>
    image && /^[\w-]+$/.test(image.public_id) ? `${image.public_id}/${Math.max(...image.widths)}.webp` : null;

  async function draw(plan: CardPlan): Promise<Buffer> {
    let card: OgCard = { ...plan, photo: null };
    try {
      card = { ...plan, photo: plan.photo ? await storage.read(plan.photo) : null };
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

  /**
   * A card another instance (or this one, before a restart) drew is read back from the
   * storage; otherwise it is drawn under an advisory lock and stored, so instances asked
   * for the same new card at once draw it once. A store that does not answer costs only
   * the sharing: the card is drawn here.
   */
  async function drawOnce(key: string, plan: () => CardPlan): Promise<Buffer> {
    const storedKey = `og/${createHash("sha256").update(key).digest("base64url")}.jpg`;
    const stored = async () => storage.read(storedKey).catch(() => null);
    const found = await stored();
    if (found) return found;
    return db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${storedKey}, 0))`);
        const drawnMeanwhile = await stored();
        if (drawnMeanwhile) return drawnMeanwhile;
        const jpeg = await draw(plan());
        await storage.put(storedKey, jpeg).catch((error: unknown) => {
          log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, "og card not stored");
        });
        return jpeg;
      })
      .catch(async (error: unknown) => {
        // Without the database's lock the card is still drawn; at worst twice.
        log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, "og card lock failed");
        return draw(plan());
      });
  }

  async function cached(
    key: string,
    card: () => CardPlan,
    { mayWait = false, mayDraw = async () => true }: { mayWait?: boolean; mayDraw?: () => Promise<boolean> } = {},
  ): Promise<Buffer> {
    const hit = cache.get(key);
    if (hit) return hit;
    // Concurrent first requests for one card draw it once.
    let pending = rendering.get(key);
    if (!pending) {
      if (!mayWait && (drawing.pendingCount >= MAX_WAITING_DRAWS || !(await mayDraw()))) throw new DrawRefused();
      // Another request may have started the same card while this one asked.
      const started = rendering.get(key);
      if (started) return started;
      pending = drawing(() => drawOnce(key, card))
        .then((jpeg) => {
          cache.set(key, jpeg);
          return jpeg;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  const cardKey = (kind: string, id: string, updatedAt: string, image: ImageRef | null | undefined, name: string) =>
    `${kind}:${id}:${updatedAt}:${image?.public_id ?? "-"}:${name}`;

  async function site(): Promise<Buffer> {
    const { shopName: name, description, heroImages, slogan } = await settings();
    // The owner's first hero picture; else a project photo, which shows the business best; else a product's.
    let image = heroImages[0];
    if (!image) {
      const projects = await catalog.listProjects({ page: 1, limit: 10 });
      image = projects.data.find((p) => p.images.length > 0)?.images[0];
    }
    if (!image) {
      const products = await catalog.listProducts({ page: 1, limit: 12 });
      image = products.products.find((p) => p.images.length > 0)?.images[0];
    }
    return cached(
      `site:${name}:${description}:${slogan}:${image?.public_id ?? "-"}`,
      () => ({
        shopName: name,
        // The title already names the shop.
        eyebrow: "Furniture & Interiors",
        title: name,
        titleScale: "site",
        // The owner's own words (Settings): the description, else the slogan.
        note: description || slogan,
        footer,
        photo: photoFile(image),
      }),
      // The fallback for everything else waits its turn rather than failing.
      { mayWait: true },
    );
  }

  /** An item's card, or the site's when its draw is refused. */
  async function itemCard(key: string, card: () => CardPlan, mayDraw?: () => Promise<boolean>): Promise<Buffer> {
    try {
      return await cached(key, card, { mayDraw });
    } catch (error) {
      if (error instanceof DrawRefused) return site();
      throw error;
    }
  }

  return {
    site,

    async item(kind, id, mayDraw) {
      const name = await shopName();
      if (kind === "product") {
        const product = await catalog.getProduct(id);
        if (!product) return null;
        const image = product.images[0];
        return itemCard(
          cardKey(kind, id, product.updatedAt, image, name),
          () => ({
            shopName: name,
            eyebrow: name,
            title: product.name,
            price: priceOf(product),
            footer,
            photo: photoFile(image),
          }),
          mayDraw,
        );
      }
      if (kind === "collection") {
        const collection = await catalog.getCollection(id);
        if (!collection) return null;
        const image = collection.coverImage ?? collection.productIds.find((p) => p.images.length > 0)?.images[0];
        return itemCard(
          cardKey(kind, id, collection.updatedAt, image, name),
          () => ({
            shopName: name,
            eyebrow: name,
            title: collection.name,
            price: priceOf(collection),
            footer,
            photo: photoFile(image),
          }),
          mayDraw,
        );
      }
      const project = await catalog.getProject(id);
      if (!project) return null;
      const image = project.images[0];
      return itemCard(
        cardKey(kind, id, project.updatedAt, image, name),
        () => ({
          shopName: name,
          eyebrow: name,
          title: project.title,
          price: { text: `Budget ${formatNaira(project.price)}` },
          note: project.location,
          footer,
          photo: photoFile(image),
        }),
        mayDraw,
      );
    },
  };
}
