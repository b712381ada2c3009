import type { FastifyInstance, FastifyReply } from "fastify";
import { networkOf } from "../../plugins/rate-limits";
import type { OgImages, OgItemKind } from "./og-images.service";

const NOT_FOUND: Record<OgItemKind, string> = {
  product: "Product not found.",
  collection: "Collection not found.",
  project: "Project not found.",
};

/**
 * Cards not yet drawn that one address may have drawn a minute. A share is fetched once
 * by each app's previewer; past this the site's card answers until the minute is over.
 */
export const COLD_DRAWS_PER_MINUTE = 20;

// Previews may lag an edit by an hour; apps that fetch them cache longer anyway.
const sendJpeg = (reply: FastifyReply, jpeg: Buffer) =>
  reply.type("image/jpeg").header("cache-control", "public, max-age=3600").send(jpeg);

/** GET /og/site.jpg and /og/{product,collection,project}/:id.jpg (1200×630 link previews). */
export async function ogImagesRoutes(app: FastifyInstance, { ogImages }: { ogImages: OgImages }) {
  const coldDraws = app.limitCounts({ name: "og-draws", max: COLD_DRAWS_PER_MINUTE, minutes: 1 });

  app.get("/og/site.jpg", async (_request, reply) => sendJpeg(reply, await ogImages.site()));

  for (const kind of ["product", "collection", "project"] as const) {
    app.get<{ Params: { id: string } }>(`/og/${kind}/:id.jpg`, async (request, reply) => {
      const jpeg = await ogImages.item(kind, request.params.id, async () => {
        return "release" in (await coldDraws.take(networkOf(request)));
      });
      return jpeg ? sendJpeg(reply, jpeg) : reply.status(404).send({ message: NOT_FOUND[kind] });
    });
  }
}
