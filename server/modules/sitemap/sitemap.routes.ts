import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { listSitemapEntries, robotsTxt, sitemapXml } from "./sitemap.service";

const CACHE_AN_HOUR = "public, max-age=3600";

export async function sitemapRoutes(app: FastifyInstance, { db, publicUrl }: { db: Database; publicUrl: string }) {
  app.get("/sitemap.xml", async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", CACHE_AN_HOUR)
      .send(sitemapXml(publicUrl, await listSitemapEntries(db))),
  );

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", CACHE_AN_HOUR).send(robotsTxt(publicUrl)),
  );
}
