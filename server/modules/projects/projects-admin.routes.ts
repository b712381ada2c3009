/**
 * The admin's project operations (addProject, updateProject, delProject), registered inside the admin-only scope.
 * Add answers 201 and update 200 with the saved project in the shape of
 * GET /api/projects/get/:id; an update's body may leave fields out, which keep their
 * stored values. Delete answers `{ message }`.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProjectInputSchema, ProjectUpdateBodySchema } from "../../../domain/catalog/project-input.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import type { CatalogCache } from "../catalog/catalog-cache";
import { announceCatalogChange } from "../catalog/catalog-changes.service";
import { imagesBodyLimit } from "../media/image-uploads.service";
import { createProject, deleteProject, updateProject } from "./projects-admin.service";

const NOT_FOUND = "Project not found.";

interface ProjectsAdminOptions {
  db: Database;
  mediaDir: string;
  cache: CatalogCache;
}

export async function projectsAdminRoutes(app: FastifyInstance, { db, mediaDir, cache }: ProjectsAdminOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const changed = (id: string, action: "saved" | "deleted") =>
    announceCatalogChange({ cache, avifJobs: app.avifJobs, realtime: app.realtime }, { kind: "project", id, action });
  const bodyLimit = imagesBodyLimit(MAX_NEW_IMAGES);

  api.post("/addProject", { bodyLimit, schema: { body: ProjectInputSchema } }, async (request, reply) => {
    const project = await createProject(db, mediaDir, request.body);
    changed(project._id, "saved");
    return reply.status(201).send(project);
  });

  api.put(
    "/updateProject/:id",
    { bodyLimit, schema: { params: IdParamsSchema, body: ProjectUpdateBodySchema } },
    async (request) => {
      const project = await updateProject(db, mediaDir, request.params.id, request.body);
      if (!project) throw new HttpError(404, NOT_FOUND);
      changed(project._id, "saved");
      return project;
    },
  );

  api.delete("/delProject/:id", { schema: { params: IdParamsSchema } }, async (request) => {
    if (!(await deleteProject(db, mediaDir, request.params.id))) throw new HttpError(404, NOT_FOUND);
    changed(request.params.id, "deleted");
    return { message: "Project deleted." };
  });
}
