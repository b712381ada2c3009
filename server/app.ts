/**
 * buildApp(deps) assembles the Fastify application without listening, so tests drive
 * it with inject() and main.ts serves it.
 */
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { DatabaseConnection } from "./db/client";
import type { Env } from "./env";
import { createLoadContext } from "./load-context";
import { startCatalogCache } from "./modules/catalog/catalog-cache";
import { createCatalogReader } from "./modules/catalog/catalog-reader";
import { collectionsRoutes } from "./modules/catalog/collections.routes";
import { productsRoutes } from "./modules/catalog/products.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { mediaRoutes } from "./modules/media/media.routes";
import { projectsRoutes } from "./modules/projects/projects.routes";
import { errorsPlugin } from "./plugins/errors";
import { webPlugin } from "./plugins/web";

export interface AppDeps {
  database: DatabaseConnection;
  env: Pick<Env, "PUBLIC_URL" | "WHATSAPP_NUMBER">;
  mediaDir: string;
  /** Server-rendered pages; integration tests of the API leave them out. */
  web?: { mode: "production"; buildDir: string } | { mode: "development" };
  logger?: FastifyBaseLogger;
}

export async function buildApp({ database, env, mediaDir, web, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(logger ? { loggerInstance: logger } : { logger: false });
  const { db } = database;
  const cache = await startCatalogCache(database.pool.options, app.log);
  app.addHook("onClose", () => cache.close());
  const catalog = createCatalogReader(db, cache);
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
      await api.register(productsRoutes, { db, catalog });
      await api.register(collectionsRoutes, { db, catalog });
      await api.register(projectsRoutes, { db, catalog });
      api.all("/*", async (_request, reply) => reply.status(404).send({ message: "Not found." }));
    },
    { prefix: "/api" },
  );
  await app.register(mediaRoutes, { mediaDir });
  if (web) await app.register(webPlugin, { ...web, loadContext: createLoadContext(catalog, env) });

  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ message: "Not found." }));
  return app;
}
