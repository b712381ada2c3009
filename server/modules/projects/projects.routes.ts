import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProjectListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { CatalogReader } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { countProjects } from "./projects.service";
import { markPublicReads } from "../../plugins/cache-control";

export async function projectsRoutes(app: FastifyInstance, { db, catalog }: { db: Database; catalog: CatalogReader }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook("onSend", markPublicReads);

  api.get("/projects", { schema: { querystring: ProjectListQuerySchema } }, (request) =>
    catalog.listProjects(request.query),
  );

  api.get("/projects/count", async () => ({ count: await countProjects(db) }));

  api.get("/projects/get/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const project = await catalog.getProject(request.params.id);
    return project ?? reply.status(404).send({ message: "Project not found." });
  });
}
