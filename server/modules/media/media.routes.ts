import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Stored images never change under their name, so browsers may keep them for a year. */
export async function mediaRoutes(app: FastifyInstance, { mediaDir }: { mediaDir: string }) {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    immutable: true,
    maxAge: "365d",
  });
}
