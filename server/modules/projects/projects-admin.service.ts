/**
 * The admin's project writes (SPEC.md §7: addProject, updateProject, delProject). Input
 * arrives parsed by ProjectInputSchema or ProjectUpdateSchema; the description is
 * sanitised before it is stored; images no longer shown anywhere are removed, rows and
 * files, once the change is committed.
 */
import { eq } from "drizzle-orm";
import type { Project } from "../../../domain/catalog/catalog.types";
import { PROJECT_MESSAGES, type ProjectFields } from "../../../domain/catalog/project-input.schema";
import { nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuid } from "../../db/ids";
import { projectImages, projects } from "../../db/schema/projects";
import { safeDescription, withNewImages } from "../catalog/admin-writes";
import { saveImageInputs, type ImageMessages } from "../media/image-uploads.service";
import { deleteUnusedMedia } from "../media/media.service";
import { getProject } from "./projects.service";

const IMAGE_MESSAGES: ImageMessages = {
  field: "images",
  unreadable: PROJECT_MESSAGES.image,
  tooLarge: "Image is larger than 10 MB.",
};

function projectRow(input: ProjectFields, description: string) {
  return {
    title: input.title,
    location: input.location,
    category: input.category,
    priceKobo: nairaToKobo(input.price),
    description,
  };
}

async function writeImages(db: Database, projectId: string, mediaIds: string[]): Promise<void> {
  await db.delete(projectImages).where(eq(projectImages.projectId, projectId));
  await db.insert(projectImages).values(mediaIds.map((mediaId, position) => ({ projectId, mediaId, position })));
}

async function imagesOf(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ id: projectImages.mediaId })
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId));
  return rows.map((row) => row.id);
}

export async function createProject(
  db: Database,
  mediaDir: string,
  input: ProjectFields,
  emptyDescription: string = PROJECT_MESSAGES.description.add,
): Promise<Project> {
  const description = safeDescription(input.description, emptyDescription);
  const images = await saveImageInputs(db, mediaDir, input.images, IMAGE_MESSAGES);
  const id = await withNewImages(db, mediaDir, images.created, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(projects).values(projectRow(input, description)).returning({ id: projects.id });
      await writeImages(tx, row!.id, images.mediaIds);
      return row!.id;
    }),
  );
  return (await getProject(db, id))!;
}

/** Null when there is no such project. Every field is replaced (the form sends them all). */
export async function updateProject(
  db: Database,
  mediaDir: string,
  id: string,
  input: ProjectFields,
  emptyDescription: string = PROJECT_MESSAGES.description.update,
): Promise<Project | null> {
  if (!isUuid(id)) return null;
  const description = safeDescription(input.description, emptyDescription);
  const [exists] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (!exists) return null;
  const images = await saveImageInputs(db, mediaDir, input.images, IMAGE_MESSAGES);
  const previous = await withNewImages(db, mediaDir, images.created, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for("update");
      if (!row) return null;
      const before = await imagesOf(tx, id);
      await tx.update(projects).set(projectRow(input, description)).where(eq(projects.id, id));
      await writeImages(tx, id, images.mediaIds);
      return before;
    }),
  );
  if (previous === null) {
    await deleteUnusedMedia(db, mediaDir, images.created);
    return null;
  }
  await deleteUnusedMedia(
    db,
    mediaDir,
    previous.filter((mediaId) => !images.mediaIds.includes(mediaId)),
  );
  return getProject(db, id);
}

/** False when there is no such project. */
export async function deleteProject(db: Database, mediaDir: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const removedImages = await db.transaction(async (tx) => {
    const before = await imagesOf(tx, id);
    const deleted = await tx.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
    return deleted.length ? before : null;
  });
  if (removedImages === null) return false;
  await deleteUnusedMedia(db, mediaDir, removedImages);
  return true;
}
