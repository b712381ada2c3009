/**
 * The admin's project writes (addProject, updateProject, delProject). A new
 * project arrives parsed by ProjectInputSchema; an update is laid over the stored
 * project and the result parsed by ProjectUpdateSchema; the description is sanitised
 * before it is stored; images no longer shown anywhere are removed, rows and
 * files, once the change is committed.
 */
import { eq } from "drizzle-orm";
import type { Project } from "../../../domain/catalog/catalog.types";
import {
  PROJECT_MESSAGES,
  ProjectUpdateSchema,
  type ProjectFields,
  type ProjectInput,
  type ProjectUpdateBody,
} from "../../../domain/catalog/project-input.schema";
import { isUuidText } from "../../../domain/ids.schema";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema/projects";
import { readUpdated, safeDescription } from "../catalog/admin-writes";
import { type ImageMessages, tooManyPixels } from "../media/image-uploads.service";
import { deleteItemWithImages, itemImageIds, saveItemWithImages } from "../media/item-images.service";
import { getProject, listAdminProjectPage } from "./projects.service";
import { refuse } from "../../../domain/refusal";
import { announceCatalogChange, readStatus } from "../catalog/catalog-changes.service";
import type { AdminWriteDeps } from "../catalog/catalog-admin.service";
import type { AdminListPage } from "../../../domain/catalog/admin.types";
import type { AdminProjectListQuery } from "../../../domain/catalog/admin-list-query.schema";
import type { MediaStorage } from "../media/storage/media-storage";

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
    status: input.status,
    // Saved by the owner: theirs from now on, kept when the demo catalogue is removed.
    demo: false,
  };
}

export async function createProject(db: Database, storage: MediaStorage, input: ProjectFields): Promise<Project> {
  const description = safeDescription(input.description, PROJECT_MESSAGES.description.add);
  const id = await saveItemWithImages(db, storage, {
    owner: "project",
    images: input.images,
    messages: IMAGE_MESSAGES,
    save: async (tx) => {
      const [row] = await tx.insert(projects).values(projectRow(input, description)).returning({ id: projects.id });
      return row!.id;
    },
  });
  return (await getProject(db, id, "admin"))!;
}

/** The stored project as its form reads it; `lock` holds the row until the transaction ends. Null when there is none. */
async function storedForm(db: Database, id: string, lock = false): Promise<ProjectInput | null> {
  const query = db.select().from(projects).where(eq(projects.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  return {
    title: row.title,
    location: row.location,
    category: row.category,
    price: koboToNaira(row.priceKobo),
    description: row.description,
    images: (await itemImageIds(db, "project", id)).map((mediaId) => ({ public_id: mediaId })),
    status: row.status,
  };
}

export const PROJECT_NOT_FOUND = "Project not found.";
const projectGone = () => refuse("missing", PROJECT_NOT_FOUND);

/**
 * Missing (404) when there is no such project. A field the update leaves out keeps its
 * stored value, images included; the rules are checked on the result.
 */
export async function updateProject(
  db: Database,
  storage: MediaStorage,
  id: string,
  update: ProjectUpdateBody,
): Promise<Project> {
  if (!isUuidText(id)) throw projectGone();
  const stored = await storedForm(db, id);
  if (!stored) throw projectGone();
  // Checked before any image is stored, and again on the locked row below.
  const checked = readUpdated(ProjectUpdateSchema, stored, update);
  safeDescription(checked.description, PROJECT_MESSAGES.description.update);
  const saved = await saveItemWithImages(db, storage, {
    owner: "project",
    images: update.images === undefined ? undefined : checked.images,
    messages: IMAGE_MESSAGES,
    save: async (tx) => {
      // Deleted since the look above: the refusal undoes the transaction, and new images go.
      const current = await storedForm(tx, id, true);
      if (!current) throw projectGone();
      const values = readUpdated(ProjectUpdateSchema, current, update);
      const description = safeDescription(values.description, PROJECT_MESSAGES.description.update);
      await tx.update(projects).set(projectRow(values, description)).where(eq(projects.id, id));
      return id;
    },
  });
  // Deleted in the moment since the commit: gone all the same.
  const project = await getProject(db, saved, "admin");
  if (!project) throw projectGone();
  return project;
}

/** Missing (404) when there is no such project. */
export async function deleteProject(db: Database, storage: MediaStorage, id: string): Promise<void> {
  if (!isUuidText(id)) throw projectGone();
  await deleteItemWithImages(db, storage, "project", id, async (tx) => {
    const deleted = await tx.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
    if (deleted.length === 0) throw projectGone();
  });
}

/**
 * The project operations as the API routes and the admin pages both run them: the write,
 * a 404 when the project is gone, and the announcement every catalogue write makes.
 */
export async function addProject(deps: AdminWriteDeps, input: ProjectFields): Promise<Project> {
  const project = await createProject(deps.db, deps.storage, input);
  announceCatalogChange(deps, { kind: "project", id: project._id, action: "saved" }, { was: null, is: project.status });
  return project;
}

export async function changeProject(deps: AdminWriteDeps, id: string, update: ProjectUpdateBody): Promise<Project> {
  const was = await readStatus(deps.db, "project", id);
  const project = await updateProject(deps.db, deps.storage, id, update);
  announceCatalogChange(deps, { kind: "project", id: project._id, action: "saved" }, { was, is: project.status });
  return project;
}

export async function removeProject(deps: AdminWriteDeps, id: string): Promise<void> {
  const was = await readStatus(deps.db, "project", id);
  await deleteProject(deps.db, deps.storage, id);
  announceCatalogChange(deps, { kind: "project", id, action: "deleted" }, { was, is: null });
}

/** A Manage Projects page, fresh from the database, drafts included; a page past the end shows the last. */
export async function listAdminProjects(db: Database, query: AdminProjectListQuery): Promise<AdminListPage<Project>> {
  let result = await listAdminProjectPage(db, query);
  const lastPage = Math.max(1, result.pagination.totalPages);
  const shown = query.page > lastPage ? lastPage : query.page;
  if (shown !== query.page) result = await listAdminProjectPage(db, { ...query, page: shown });
  return { items: result.data, total: result.pagination.totalCount, page: shown, pageSize: query.limit };
}
