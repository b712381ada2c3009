/**
 * The admin's project operations (addProject, updateProject, delProject), registered inside the admin-only scope.
 * Add answers 201 and update 200 with the saved project in the shape of
 * GET /api/projects/get/:id; an update's body may leave fields out, which keep their
 * stored values. Delete answers `{ message }`. The operations are shared with the admin
 * pages (projects-admin.service.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { ProjectSchema } from "../../../domain/catalog/catalog-answers.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProjectInputSchema, ProjectUpdateBodySchema } from "../../../domain/catalog/project-input.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { AdminWriteDeps } from "../catalog/catalog-admin.service";
import { imagesBodyLimit } from "../media/image-uploads.service";
import { addProject, changeProject, removeProject } from "./projects-admin.service";
import type { MediaStorage } from "../media/storage/media-storage";

interface ProjectsAdminOptions {
  db: Database;
  storage: MediaStorage;
  cache: CatalogCache;
}

export const PROJECT_DELETED = "Project deleted.";

export async function projectsAdminRoutes(app: FastifyInstance, { db, storage, cache }: ProjectsAdminOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: AdminWriteDeps = { db, storage, cache, avifJobs: app.avifJobs, realtime: app.realtime };
  const bodyLimit = imagesBodyLimit(MAX_NEW_IMAGES);

  api.post(
    "/addProject",
    {
      bodyLimit,
      schema: {
        summary: "Add a project",
        body: ProjectInputSchema,
        response: { 201: ProjectSchema, ...refusals(400, 401, 403, 413) },
      },
    },
    async (request, reply) => reply.status(201).send(await addProject(deps, request.body)),
  );

  api.put(
    "/updateProject/:id",
    {
      bodyLimit,
      schema: {
        summary: "Update a project",
        params: IdParamsSchema,
        body: ProjectUpdateBodySchema,
        response: { 200: ProjectSchema, ...refusals(400, 401, 403, 404, 413) },
      },
    },
    async (request) => changeProject(deps, request.params.id, request.body),
  );

  api.delete(
    "/delProject/:id",
    {
      schema: {
        summary: "Delete a project",
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => {
      await removeProject(deps, request.params.id);
      return { message: PROJECT_DELETED };
    },
  );
}
