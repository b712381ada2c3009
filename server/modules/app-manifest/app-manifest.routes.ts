import type { FastifyInstance } from "fastify";
import type { ShopSettingsStore } from "../settings/settings.service";
import { buildManifest, createAppIcons, isAppIconName } from "./app-manifest.service";

/**
 * GET /manifest.webmanifest and /app-icons/:name (docs/architecture.md, The service
 * worker and the installable shop). The manifest may lag a rename by five minutes; icon
 * addresses carry a version of the initials they show, so a day's keeping is safe.
 */
export async function appManifestRoutes(app: FastifyInstance, { settings }: { settings: ShopSettingsStore }) {
  const icons = createAppIcons(async () => (await settings.cached()).shopName);

  app.get("/manifest.webmanifest", async (_request, reply) => {
    const { shopName, description } = await settings.cached();
    return reply
      .type("application/manifest+json")
      .header("cache-control", "public, max-age=300")
      .send(JSON.stringify(buildManifest(shopName, description)));
  });

  app.get<{ Params: { name: string } }>("/app-icons/:name", async (request, reply) => {
    const { name } = request.params;
    if (!isAppIconName(name)) return reply.status(404).send({ message: "Icon not found." });
    return reply
      .type("image/png")
      .header("cache-control", "public, max-age=86400")
      .send(await icons.png(name));
  });
}
