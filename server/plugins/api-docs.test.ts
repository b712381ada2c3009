import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { customerCookie } from "../../tests/support/admin-session";
import type { RouteEntry } from "../../tests/support/route-table";
import { useTestApp } from "../../tests/support/test-app";
import { operationIdOf } from "./api-docs";
import { ADMINS_ONLY, NOT_SIGNED_IN } from "./session";

const t = useTestApp();

interface Operation {
  summary?: string;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
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
  "POST /api/admin/operations/staff/:id/invitation",
  "POST /api/admin/operations/orders/:id/transfers/:transferId/confirm",
  "POST /api/admin/operations/orders/:id/held/:requestId/release",
  "POST /api/admin/operations/backups",
  "POST /api/admin/operations/settings/email/test",
  "POST /api/orders/track/:token/restore-cart",
  "POST /api/admin/operations/products/bulk/:id/undo",
  "POST /api/admin/operations/today/:entryId/done",
  "POST /api/admin/operations/reviews/:id/publish",
];

const nameOf = (route: Pick<RouteEntry, "method" | "url">) => `${route.method} ${route.url}`;
const paramsIn = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
const isSuccess = (code: string) => /^2\d\d$/.test(code);

const getDocument = async () => (await t.app.inject({ method: "GET", url: "/api/docs" })).json<OpenApi>();

/** The document's operation of a route. */
const operationOf = (document: OpenApi, { method, url }: Pick<RouteEntry, "method" | "url">) =>
  document.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];

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
    const document = await getDocument();
    const missing = operationsOf(t.routes).filter(({ method, url }) => {
      const operation = operationOf(document, { method, url });
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
    expect(document.openapi).toBe("3.1.0");
    const list = document.paths["/api/products"]?.get;
    expect(list?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "search" })]));
    expect(JSON.stringify(list?.responses?.["200"])).toContain('"hasMore"');
    const one = document.paths["/api/collections/{id}"]?.get;
    expect(Object.keys(one?.responses ?? {})).toEqual(expect.arrayContaining(["200", "404"]));
    const signUp = document.paths["/api/auth/signup"]?.post;
    expect(signUp?.requestBody).toBeDefined();
    expect(Object.keys(signUp?.responses ?? {})).toEqual(expect.arrayContaining(["201", "400", "409", "429"]));
    expect(JSON.stringify(document.paths["/api/cart"]?.get?.responses?.["200"])).toContain('"quantity"');
    // Every kind of order is documented, a swatch request with its finishes (1 to 4).
    const order = JSON.stringify(document.paths["/api/orders"]?.post?.requestBody);
    for (const kind of ["item", "cart", "service", "swatches"]) expect(order).toContain(`"enum":["${kind}"]`);
    expect(order).toMatch(/"options":\{[^}]*"minItems":1,"maxItems":4/);
    // Pages, media and the document itself are not API operations.
    expect(Object.keys(document.paths).every((path) => path.startsWith("/api/"))).toBe(true);
    expect(document.paths["/api/docs"]).toBeUndefined();
  });
});

/** The words an operation's summary may start with: it says what the call does, verb first. */
const VERBS = new Set([
  "accept",
  "add",
  "approve",
  "ask",
  "book",
  "cancel",
  "change",
  "clear",
  "confirm",
  "count",
  "credit",
  "delete",
  "download",
  "duplicate",
  "export",
  "find",
  "get",
  "hide",
  "import",
  "invite",
  "leave",
  "list",
  "log",
  "mark",
  "merge",
  "place",
  "price",
  "propose",
  "publish",
  "receive",
  "record",
  "reject",
  "remove",
  "replace",
  "reply",
  "request",
  "reset",
  "restore",
  "send",
  "set",
  "sign",
  "split",
  "start",
  "tell",
  "track",
  "undo",
  "update",
]);

const CAMEL_CASE = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/;

interface Named {
  name: string;
  summary?: string | undefined;
  operationId?: string | undefined;
}

/**
 * What is wrong with the operations' names: no summary, a summary that does not start with
 * a verb (add it to VERBS if it is one), an operationId that is missing or not camelCase, or
 * one that another operation has too.
 */
function misnamed(operations: Named[]): string[] {
  const taken = new Map<string, number>();
  for (const { operationId } of operations) if (operationId) taken.set(operationId, (taken.get(operationId) ?? 0) + 1);
  return operations.flatMap(({ name, summary, operationId }) => {
    const problems: string[] = [];
    if (!summary) problems.push(`${name}: no summary`);
    else if (!VERBS.has(summary.split(/\s/)[0]!.toLowerCase()))
      problems.push(`${name}: "${summary}" starts with no verb`);
    if (!operationId) problems.push(`${name}: no operationId`);
    else if (!CAMEL_CASE.test(operationId)) problems.push(`${name}: operationId "${operationId}" is not camelCase`);
    else if (taken.get(operationId)! > 1) problems.push(`${name}: operationId "${operationId}" taken twice`);
    return problems;
  });
}

const call = (method: string, url: string, cookie?: string) =>
  t.app.inject({
    method: method as InjectOptions["method"],
    // Any id will do: what counts is whether the guard refuses.
    url: url.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000"),
    ...(["POST", "PUT", "PATCH", "DELETE"].includes(method) ? { payload: {} } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe("the API's operations", () => {
  it("finds an operation left without a summary, or whose operationId is malformed or taken", () => {
    expect(
      misnamed([
        { name: "GET /api/fine", summary: "List things", operationId: "listThings" },
        { name: "GET /api/bare", operationId: "bare" },
        { name: "GET /api/noun", summary: "Things list", operationId: "thingsList" },
        { name: "GET /api/unnamed", summary: "Count things" },
        { name: "GET /api/kebab", summary: "Get a thing", operationId: "get-thing" },
        { name: "PUT /api/one", summary: "Set a thing", operationId: "setThing" },
        { name: "PUT /api/two", summary: "Set the thing", operationId: "setThing" },
      ]),
    ).toEqual([
      "GET /api/bare: no summary",
      'GET /api/noun: "Things list" starts with no verb',
      "GET /api/unnamed: no operationId",
      'GET /api/kebab: operationId "get-thing" is not camelCase',
      'PUT /api/one: operationId "setThing" taken twice',
      'PUT /api/two: operationId "setThing" taken twice',
    ]);
    expect(operationIdOf("Add an item to the cart")).toBe("addItemToCart");
    expect(operationIdOf("Get the signed-in account")).toBe("getSignedInAccount");
  });

  it("each have a summary and a unique, verb-first camelCase operationId", async () => {
    const document = await getDocument();
    const operations = operationsOf(t.routes).map((route) => ({
      name: nameOf(route),
      // The route's own summary: the document must not make one up.
      summary: route.schema?.summary,
      operationId: operationOf(document, route)?.operationId,
    }));
    expect(operations.length).toBeGreaterThan(40);
    expect(misnamed(operations), "/api operations misnamed").toEqual([]);
  });

  it("ask for a staff session with the permission the route needs on every admin operation, with the refusals its guard gives", async () => {
    const document = await getDocument();
    const admin = operationsOf(t.routes).filter((route) => route.url.startsWith("/api/admin/operations/"));
    expect(admin.length).toBeGreaterThan(20);
    const unmarked = admin.filter((route) => {
      const operation = operationOf(document, route);
      return (
        JSON.stringify(operation?.security) !== JSON.stringify([{ session: [route.access] }]) ||
        !["401", "403"].every((code) => code in (operation?.responses ?? {}))
      );
    });
    expect(unmarked.map(nameOf), "admin operations /api/docs shows as open").toEqual([]);
  });

  it("ask for a session exactly where a guest is told to log in, and for an admin's where a customer is refused", async () => {
    const document = await getDocument();
    const customer = await customerCookie(t);
    const operations = operationsOf(t.routes);
    const asksForSession: string[] = [];
    const asksForAdmin: string[] = [];
    const refusesGuests: string[] = [];
    const refusesCustomers: string[] = [];
    for (const route of operations) {
      const security = operationOf(document, route)?.security;
      // Every operation says who may call it: an empty list when anyone may.
      expect(security, `${nameOf(route)}'s security`).toBeDefined();
      if (security?.some((requirement) => "session" in requirement)) asksForSession.push(nameOf(route));
      // A staff operation names the permission it needs; a customer's has no scope.
      if (security?.some((requirement) => (requirement.session?.length ?? 0) > 0)) asksForAdmin.push(nameOf(route));
      const guest = await call(route.method, route.url);
      if (guest.statusCode === 401 && guest.json<{ message: string }>().message === NOT_SIGNED_IN) {
        refusesGuests.push(nameOf(route));
        // Only what refuses guests can refuse customers for not being admins; the rest a customer
        // could change (a logout would end the session the next calls use).
        const asCustomer = await call(route.method, route.url, customer);
        if (asCustomer.statusCode === 403 && asCustomer.json<{ message: string }>().message === ADMINS_ONLY) {
          refusesCustomers.push(nameOf(route));
        }
      }
    }
    expect(refusesGuests).toEqual(expect.arrayContaining(["GET /api/auth/check", "GET /api/orders"]));
    expect(asksForSession, "operations whose session requirement differs from their guard").toEqual(refusesGuests);
    expect(asksForAdmin, "operations whose admin requirement differs from their guard").toEqual(refusesCustomers);
  });

  it("pass Redocly's recommended rules without an error", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "furnish-api-docs-"));
    try {
      await writeFile(path.join(folder, "openapi.json"), JSON.stringify(await getDocument()));
      const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
      const args = [cli, "lint", "openapi.json", "--extends", "recommended", "--format", "json"];
      // The linter exits with 1 when it finds an error: its report is what counts.
      const { stdout } = await promisify(execFile)(process.execPath, args, {
        cwd: folder,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const errors = report.problems
        .filter((problem) => problem.severity === "error")
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors, "Redocly's errors in /api/docs").toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("say what a field that may be null takes besides null", async () => {
    const update = operationOf(await getDocument(), { method: "PUT", url: "/api/admin/operations/orders/:id" });
    const body = update?.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    // The deposit is null (back to the order terms' deposit) or an amount in naira, as a number or text.
    expect(body.content["application/json"]?.schema.properties.depositDue).toEqual({
      type: ["null", "number", "string"],
    });
  });
});
