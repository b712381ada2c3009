import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/test-app";

const t = useTestApp();

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }>; parameters?: unknown[] }>>;
}

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
    // Pages, media and the document itself are not API operations.
    expect(Object.keys(document.paths).every((path) => path.startsWith("/api/"))).toBe(true);
    expect(document.paths["/api/docs"]).toBeUndefined();
  });
});
