/**
 * GET /api/docs: the OpenAPI document of the JSON API, generated from the route table —
 * each route's request and answer schemas (the domain/ zod shapes) — so it cannot drift
 * from what the routes accept and answer. Pages and media are not part of it.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "./session";

export const apiDocsPlugin = fp(async (app: FastifyInstance, { title }: { title: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${title} API`, version: "1" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } } },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      if (document.url.startsWith("/api/")) return transformed;
      return { ...transformed, schema: { ...transformed.schema, hide: true } };
    },
    transformObject: jsonSchemaTransformObject,
  });
});

/** The route that serves the document; registered inside the /api scope. */
export async function apiDocsRoutes(app: FastifyInstance) {
  app.get("/docs", { schema: { hide: true } }, async () => app.swagger());
}
