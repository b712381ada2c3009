import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "../../tests/support/route-table";
import { useTestApp } from "../../tests/support/test-app";

const t = useTestApp();

interface Operation {
  responses?: Record<string, { content?: unknown }>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
}

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** The writes that take no body: everything else that posts, puts or patches must document one. */
const TAKES_NO_BODY = [
  "POST /api/auth/logout",
  "POST /api/admin/logout",
  "POST /api/admin/operations/products/:id/duplicate",
  "POST /api/admin/operations/collections/:id/duplicate",
];

const nameOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const paramsIn = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
const isSuccess = (code: string) => /^2\d\d$/.test(code);

/** The API's operations: every /api route but Fastify's HEAD copies of GETs and the hidden ones (the docs, the 404). */
const operationsOf = (routes: RouteEntry[]) =>
  routes.filter((route) => route.url.startsWith("/api/") && route.method !== "HEAD" && !route.schema?.hide);

/**
 * The operations whose contract is not declared: no answer for success, no body for a
 * write that takes one, or a `:param` of the path without its schema.
 */
function undocumented(routes: RouteEntry[]): string[] {
  return operationsOf(routes)
    .filter(({ method, url, schema }) => {
      const answers = Object.keys((schema?.response as object | undefined) ?? {});
      const body = ["POST", "PUT", "PATCH"].includes(method) && !TAKES_NO_BODY.includes(`${method} ${url}`);
      const params = schema?.params;
      return (
        !answers.some(isSuccess) ||
        (body && schema?.body === undefined) ||
        !paramsIn(url).every((name) => params instanceof z.ZodObject && name in params.shape)
      );
    })
    .map(nameOf);
}

describe("the API's contract", () => {
  it("finds what a route leaves undeclared", () => {
    const answer = { 200: z.object({ message: z.string() }) };
    expect(
      undocumented([
        { method: "GET", url: "/api/bare", schema: undefined },
        { method: "POST", url: "/api/no-body", schema: { response: answer } },
        { method: "DELETE", url: "/api/things/:id", schema: { response: answer } },
        { method: "GET", url: "/api/refusals-only", schema: { response: { 404: answer[200] } } },
        {
          method: "PUT",
          url: "/api/things/:id",
          schema: { params: z.object({ id: z.string() }), body: z.object({}), response: answer },
        },
        { method: "GET", url: "/api/hidden", schema: { hide: true } },
        { method: "GET", url: "/pages/elsewhere", schema: undefined },
      ]),
    ).toEqual(["GET /api/bare", "POST /api/no-body", "DELETE /api/things/:id", "GET /api/refusals-only"]);
  });

  it("is declared by every /api route: its answers, its body and its path's params", () => {
    expect(operationsOf(t.routes).length).toBeGreaterThan(40);
    expect(undocumented(t.routes), "/api routes without a declared answer, body or params").toEqual([]);
  });

  it("is what /api/docs lists, operation by operation", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs" })).json<OpenApi>();
    const missing = operationsOf(t.routes).filter(({ method, url }) => {
      const operation = document.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      const documented = Object.entries(operation?.responses ?? {}).filter(([code]) => isSuccess(code));
      return (
        documented.length === 0 ||
        documented.some(([, answer]) => answer.content === undefined) ||
        !paramsIn(url).every((name) => operation?.parameters?.some((p) => p.in === "path" && p.name === name))
      );
    });
    expect(missing.map(nameOf), "/api routes /api/docs does not document").toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("serves the OpenAPI document of the JSON API, with each route's request and answer", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApi>();
    expect(document.openapi).toMatch(/^3\./);
    const list = document.paths["/api/products"]?.get;
    expect(list?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "search" })]));
    expect(JSON.stringify(list?.responses?.["200"])).toContain('"hasMore"');
    const one = document.paths["/api/collections/{id}"]?.get;
    expect(Object.keys(one?.responses ?? {})).toEqual(expect.arrayContaining(["200", "404"]));
    const signUp = document.paths["/api/auth/signup"]?.post;
    expect(signUp?.requestBody).toBeDefined();
    expect(Object.keys(signUp?.responses ?? {})).toEqual(expect.arrayContaining(["201", "400", "409", "429"]));
    expect(JSON.stringify(document.paths["/api/cart"]?.get?.responses?.["200"])).toContain('"quantity"');
    // Pages, media and the document itself are not API operations.
    expect(Object.keys(document.paths).every((path) => path.startsWith("/api/"))).toBe(true);
    expect(document.paths["/api/docs"]).toBeUndefined();
  });
});
