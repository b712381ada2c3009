/**
 * buildApp(deps) assembles the Fastify application without listening, so tests drive
 * it with inject() and main.ts serves it.
 */
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { createLoadContext } from "./load-context";
import { catalogRoutes } from "./modules/catalog/catalog.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { mediaRoutes } from "./modules/media/media.routes";
import { projectsRoutes } from "./modules/projects/projects.routes";
import { errorsPlugin } from "./plugins/errors";
import { webPlugin } from "./plugins/web";

export interface AppDeps {
  db: Database;
  env: Pick<Env, "PUBLIC_URL" | "WHATSAPP_NUMBER">;
  mediaDir: string;
  /** Server-rendered pages; integration tests of the API leave them out. */
  web?: { mode: "production"; buildDir: string } | { mode: "development" };
  logger?: FastifyBaseLogger;
}

export async function buildApp({ db, env, mediaDir, web, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(logger ? { loggerInstance: logger } : { logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(compress, {
    encodings: ["br", "gzip"],
    // Quality 5 keeps brotli fast enough to stream pages while still beating gzip.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // The content security policy needs per-request nonces for React Router's inline
  // scripts; it is set with the storefront's page shell.
  await app.register(helmet, { contentSecurityPolicy: false });

  await app.register(healthRoutes, { db });
  await app.register(
    async (api) => {
      await api.register(catalogRoutes, { db });
      await api.register(projectsRoutes, { db });
      api.all("/*", async (_request, reply) => reply.status(404).send({ message: "Not found." }));
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes, { mediaDir });
  if (web) await app.register(webPlugin, { ...web, loadContext: createLoadContext(db, env) });

  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ message: "Not found." }));
  return app;
}
