import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProjectListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import { ProjectCountSchema, ProjectPageSchema, ProjectSchema } from "../../../domain/catalog/catalog-answers.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { refusals } from "../../../domain/api-errors.schema";
import type { CatalogReader } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { countProjects } from "./projects.service";
import { markPublicReads } from "../../plugins/cache-control";

export async function projectsRoutes(app: FastifyInstance, { db, catalog }: { db: Database; catalog: CatalogReader }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook("onSend", markPublicReads);

  api.get(
    "/projects",
    {
      schema: {
        summary: "List projects",
        querystring: ProjectListQuerySchema,
        response: { 200: ProjectPageSchema, ...refusals(400) },
      },
    },
    (request) => catalog.listProjects(request.query),
  );

  api.get(
    "/projects/count",
    { schema: { summary: "Count projects", response: { 200: ProjectCountSchema } } },
    async () => ({
      count: await countProjects(db),
    }),
  );

  api.get(
    "/projects/get/:id",
    {
      schema: { summary: "Get a project", params: IdParamsSchema, response: { 200: ProjectSchema, ...refusals(404) } },
    },
    async (request, reply) => {
      const project = await catalog.getProject(request.params.id);
      return project ?? reply.status(404).send({ message: "Project not found." });
    },
  );
}
