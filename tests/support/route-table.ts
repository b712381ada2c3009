/**
 * Every route of the app as `{ method, url, schema }`, recorded by an onRoute hook as
 * Fastify adds it, so a test can check rules that must hold for routes nobody has written yet.
 */
import type { FastifySchema, RouteOptions } from "fastify";

export interface RouteEntry {
  method: string;
  /** The full pattern, prefixes included: `/api/admin/operations/delProduct/:id`. */
  url: string;
  /** What the route declared: its request and answer schemas, and `hide` to leave it out of /api/docs. */
  schema: (FastifySchema & { hide?: boolean }) | undefined;
  /** Who may call it (server/plugins/session.ts): "user", a staff permission, or nobody named. */
  access?: string | undefined;
}

export function createRouteTable() {
  const routes: RouteEntry[] = [];
  return {
    routes,
    record(route: RouteOptions) {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, schema: route.schema, access: route.config?.access });
    },
  };
}
