/**
 * Every route of a Fastify app as `{ method, url }`, read from `printRoutes`, so a test
 * can check rules that must hold for routes nobody has written yet.
 */
import type { FastifyInstance } from "fastify";

export function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(\S+?)(?: \(([^)]+)\))?$/.exec(line.slice(branch + 4).trim());
    if (!match) continue;
    const url = (depth > 0 ? pathAtDepth[depth - 1]! : "") + match[1]!;
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of match[2]?.split(", ") ?? []) routes.push({ method, url });
  }
  return routes;
}
