import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ProjectListQuerySchema } from "../../../domain/catalog/catalog-query.schema";
import type { Database } from "../../db/client";
import { countProjects, getProject, listProjects } from "./projects.service";

export async function projectsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/projects", { schema: { querystring: ProjectListQuerySchema } }, (request) =>
    listProjects(db, request.query),
  );

  api.get("/projects/count", async () => ({ count: await countProjects(db) }));

  api.get("/projects/get/:id", { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const project = await getProject(db, request.params.id);
    return project ?? reply.status(404).send({ message: "Project not found." });
  });
}
