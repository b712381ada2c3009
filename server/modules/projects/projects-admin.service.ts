/**
 * The admin's project writes (SPEC.md §7: addProject, updateProject, delProject). Input
 * arrives parsed by ProjectInputSchema or ProjectUpdateSchema; the description is
 * sanitised before it is stored; images no longer shown anywhere are removed, rows and
 * files, once the change is committed.
 */
import { eq } from "drizzle-orm";
import type { Project } from "../../../domain/catalog/catalog.types";
import { PROJECT_MESSAGES, type ProjectFields } from "../../../domain/catalog/project-input.schema";
import { isUuidText } from "../../../domain/ids.schema";
import { nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema/projects";
import { safeDescription } from "../catalog/admin-writes";
import { type ImageMessages, tooManyPixels } from "../media/image-uploads.service";
import { deleteItemWithImages, saveItemWithImages } from "../media/item-images.service";
import { getProject } from "./projects.service";

const IMAGE_MESSAGES: ImageMessages = {
  field: "images",
  unreadable: PROJECT_MESSAGES.image,
  tooLarge: "Image is larger than 10 MB.",
  tooManyPixels: tooManyPixels("Image"),
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

export async function createProject(
  db: Database,
  mediaDir: string,
  input: ProjectFields,
  emptyDescription: string = PROJECT_MESSAGES.description.add,
): Promise<Project> {
  const description = safeDescription(input.description, emptyDescription);
  const id = await saveItemWithImages(db, mediaDir, {
    owner: "project",
    images: input.images,
    messages: IMAGE_MESSAGES,
    save: async (tx) => {
      const [row] = await tx.insert(projects).values(projectRow(input, description)).returning({ id: projects.id });
      return row!.id;
    },
  });
  return (await getProject(db, id!))!;
}

/** Null when there is no such project. Every field is replaced: each one is required. */
export async function updateProject(
  db: Database,
  mediaDir: string,
  id: string,
  input: ProjectFields,
  emptyDescription: string = PROJECT_MESSAGES.description.update,
): Promise<Project | null> {
  if (!isUuidText(id)) return null;
  const description = safeDescription(input.description, emptyDescription);
  const [exists] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (!exists) return null;
  const saved = await saveItemWithImages(db, mediaDir, {
    owner: "project",
    images: input.images,
    messages: IMAGE_MESSAGES,
    save: async (tx) => {
      const updated = await tx
        .update(projects)
        .set(projectRow(input, description))
        .where(eq(projects.id, id))
        .returning({ id: projects.id });
      return updated.length ? id : null;
    },
  });
  return saved === null ? null : getProject(db, saved);
}

/** False when there is no such project. */
export async function deleteProject(db: Database, mediaDir: string, id: string): Promise<boolean> {
  if (!isUuidText(id)) return false;
  return deleteItemWithImages(db, mediaDir, "project", id, async (tx) => {
    const deleted = await tx.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
    return deleted.length > 0;
  });
}
