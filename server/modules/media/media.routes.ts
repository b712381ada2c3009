/**
 * Pictures under /media/<id>/<width>.<format>, read from the media storage (the local
 * folder or the bucket) and streamed as they arrive, never held whole in memory. Stored
 * pictures never change under their name, so browsers may keep them for a year. A name
 * with no picture is a 404; a bucket that does not answer is a 503.
 */
import type { FastifyInstance } from "fastify";
import { isSafeKey, type MediaStorage } from "./storage/media-storage";

const NOT_FOUND = { message: "Not found." };

export async function mediaRoutes(app: FastifyInstance, { storage }: { storage: MediaStorage }) {
  app.get<{ Params: { "*": string } }>("/media/*", { schema: { hide: true } }, async (request, reply) => {
    const key = request.params["*"];
    const object = isSafeKey(key) ? await storage.get(key) : null;
    if (!object) return reply.status(404).send(NOT_FOUND);
    // A visitor who leaves mid-download must not keep the bucket's connection open.
    reply.raw.once("close", () => object.body.destroy());
    return reply
      .header("content-type", object.contentType)
      .header("content-length", object.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(object.body);
  });
}
