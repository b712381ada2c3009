/**
 * The ordered images of a product or a project, saved with the item itself. New images
 * are stored before the item's transaction (re-encoding takes seconds; no row should be
 * locked meanwhile). If the save fails, or finds the item gone, they are removed again;
 * once it commits, the images the item no longer shows are removed, unless another
 * item still shows them.
 */
import { eq } from "drizzle-orm";
import type { ImageInput } from "../../../domain/catalog/input-fields";
import type { Database } from "../../db/client";
import { productImages } from "../../db/schema/catalog";
import { projectImages } from "../../db/schema/projects";
import { saveImageInputs, withNewImages, type ImageMessages } from "./image-uploads.service";
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
