/**
 * The admin's project operations (addProject, updateProject, delProject), inside the staff scope.
 * Add answers 201 and update 200 with the saved project in the shape of
 * GET /api/projects/get/:id; an update's body may leave fields out, which keep their
 * stored values; a review's photo may join a project's images only while its review is
 * published and its author agrees (400 otherwise), and `GET projects/customer-photos` lists
 * those on offer. Delete answers `{ message }`. Every call goes through the projects' door
 * (projects.actions.ts), as the admin pages' do.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { ProjectSchema } from "../../../domain/catalog/catalog-answers.schema";
import { MAX_NEW_IMAGES } from "../../../domain/catalog/input-fields";
import { ProjectInputSchema, ProjectUpdateBodySchema } from "../../../domain/catalog/project-input.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { CustomerPhotoListSchema } from "../../../domain/reviews/reviews.schema";
import { imagesBodyLimit } from "../media/image-uploads.service";
import type { createProjectActions } from "./projects.actions";

export const PROJECT_DELETED = "Project deleted.";

export async function projectsAdminRoutes(
  app: FastifyInstance,
  { projects }: { projects: ReturnType<typeof createProjectActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "catalogue.write" } as const;
  const bodyLimit = imagesBodyLimit(MAX_NEW_IMAGES);

  api.get(
    "/projects/customer-photos",
    {
      config,
      schema: {
        summary: "List the customers' photos a project may use",
        response: { 200: CustomerPhotoListSchema, ...refusals(401, 403) },
      },
    },
    async (request) => ({ photos: await projects(request).listCustomerPhotos() }),
  );

  api.post(
    "/addProject",
    {
      bodyLimit,
      config,
      schema: {
        summary: "Add a project",
        body: ProjectInputSchema,
        response: { 201: ProjectSchema, ...refusals(400, 401, 403, 413) },
      },
    },
    async (request, reply) => reply.status(201).send(await projects(request).addProject(request.body)),
  );

  api.put(
    "/updateProject/:id",
    {
      bodyLimit,
      config,
      schema: {
        summary: "Update a project",
        params: IdParamsSchema,
        body: ProjectUpdateBodySchema,
        response: { 200: ProjectSchema, ...refusals(400, 401, 403, 404, 413) },
      },
    },
    async (request) => projects(request).updateProject(request.params.id, request.body),
  );

  api.delete(
    "/delProject/:id",
    {
      config,
      schema: {
        summary: "Delete a project",
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => {
      await projects(request).deleteProject(request.params.id);
      return { message: PROJECT_DELETED };
    },
  );
}
