/**
 * Every route of the app as `{ method, url }`, recorded by an onRoute hook as Fastify
 * adds it, so a test can check rules that must hold for routes nobody has written yet.
 */
import type { RouteOptions } from "fastify";

export interface RouteEntry {
  method: string;
  /** The full pattern, prefixes included: `/api/admin/operations/delProduct/:id`. */
  url: string;
}

export function createRouteTable() {
  const routes: RouteEntry[] = [];
  return {
    routes,
    record(route: RouteOptions) {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  };
}
