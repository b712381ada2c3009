/**
 * The ordered images of a product or a project, saved with the item itself. New images
 * are stored before the item's transaction (re-encoding takes seconds; no row should be
 * locked meanwhile). If the save fails, or finds the item gone, they are removed again;
 * once it commits, the images the item no longer shows are removed, unless another
 * item still shows them. A review's photo joins an item only while its review is
 * published and its author agrees to show it (docs/product.md, Reviews); once there, it
 * stays until the owner removes it.
 */
import { eq } from "drizzle-orm";
import type { ImageInput } from "../../../domain/catalog/input-fields";
import { refuse } from "../../../domain/refusal";
import { PHOTO_NOT_OFFERED } from "../../../domain/reviews/reviews.schema";
import type { Database } from "../../db/client";
import { productImages } from "../../db/schema/catalog";
import { projectImages } from "../../db/schema/projects";
import { saveImageInputs, withNewImages, type ImageMessages } from "./image-uploads.service";
import { reviewPhotosNotOffered } from "../reviews/reviews.service";
import { deleteUnusedMedia } from "./media.service";
import type { MediaStorage } from "./storage/media-storage";

export type ImageOwner = "product" | "project";

async function writeImages(db: Database, owner: ImageOwner, id: string, mediaIds: string[]): Promise<void> {
  if (owner === "product") {
    await db.delete(productImages).where(eq(productImages.productId, id));
    if (mediaIds.length) {
      await db
        .insert(productImages)
        .values(mediaIds.map((mediaId, position) => ({ productId: id, mediaId, position })));
    }
  } else {
    await db.delete(projectImages).where(eq(projectImages.projectId, id));
    if (mediaIds.length) {
      await db
        .insert(projectImages)
        .values(mediaIds.map((mediaId, position) => ({ projectId: id, mediaId, position })));
    }
  }
}

/** The media ids an item shows, in the order shown. */
export async function itemImageIds(db: Database, owner: ImageOwner, id: string): Promise<string[]> {
  const rows =
    owner === "product"
      ? await db
          .select({ id: productImages.mediaId })
          .from(productImages)
          .where(eq(productImages.productId, id))
          .orderBy(productImages.position)
      : await db
          .select({ id: projectImages.mediaId })
          .from(projectImages)
          .where(eq(projectImages.projectId, id))
          .orderBy(projectImages.position);
  return rows.map((row) => row.id);
}

/**
 * Refuses (400) the save when a picture the item did not show before is a review's photo
 * the shop may not use: its review is not published, or its author does not agree.
 */
async function refuseWithheldReviewPhotos(
  db: Database,
  mediaIds: readonly string[],
  before: readonly string[],
  field: string,
): Promise<void> {
  const added = mediaIds.filter((mediaId) => !before.includes(mediaId));
  const withheld = new Set(await reviewPhotosNotOffered(db, added));
  const index = mediaIds.findIndex((mediaId) => withheld.has(mediaId));
  if (index >= 0) throw refuse("invalid", PHOTO_NOT_OFFERED, { [`${field}.${index}`]: PHOTO_NOT_OFFERED });
}

interface ItemSave {
  owner: ImageOwner;
  /** The item's images in order; undefined keeps the ones it has. */
  images: readonly ImageInput[] | undefined;
  messages: ImageMessages;
  /** Writes the item's row inside the transaction: its id. It refuses when the item is gone. */
  save: (tx: Database) => Promise<string>;
}

/**
 * Saves an item and its images together: the item's id. When `save` refuses (or anything
 * fails), nothing is written and the images stored for it go again.
 */
export async function saveItemWithImages(
  db: Database,
  storage: MediaStorage,
  { owner, images, messages, save }: ItemSave,
): Promise<string> {
  const stored = images ? await saveImageInputs(db, storage, images, messages) : { mediaIds: [], created: [] };
  const saved = await withNewImages(db, storage, stored.created, () =>
    db.transaction(async (tx) => {
      const id = await save(tx);
      if (!images) return { id, dropped: [] as string[] };
      const before = await itemImageIds(tx, owner, id);
      await refuseWithheldReviewPhotos(tx, stored.mediaIds, before, messages.field);
      await writeImages(tx, owner, id, stored.mediaIds);
      return { id, dropped: before.filter((mediaId) => !stored.mediaIds.includes(mediaId)) };
    }),
  );
  await deleteUnusedMedia(db, storage, saved.dropped);
  return saved.id;
}

/**
 * Deletes an item with `remove` (which refuses when there is no such item), then the
 * images only it showed.
 */
export async function deleteItemWithImages(
  db: Database,
  storage: MediaStorage,
  owner: ImageOwner,
  id: string,
  remove: (tx: Database) => Promise<void>,
): Promise<void> {
  const shown = await db.transaction(async (tx) => {
    const before = await itemImageIds(tx, owner, id);
    await remove(tx);
    return before;
  });
  await deleteUnusedMedia(db, storage, shown);
}
