/**
 * GET /api/docs: the OpenAPI 3.1 document of the JSON API, generated from the route table —
 * each route's request and answer schemas (the domain/ zod shapes) — so it cannot drift
 * from what the routes accept and answer. Pages and media are not part of it.
 *
 * What each operation needs comes from the route too, never written twice:
 * - `summary`: one line in the route's schema, verb first ("Add an item to the cart");
 *   tests refuse an /api route without one.
 * - `operationId`: the summary's words in camelCase, articles left out ("addItemToCart"),
 *   unless the schema names its own. Rewording a summary renames the operation for
 *   generated clients: name the old operationId in the schema to keep it.
 * - `security`: the session the route's guard asks for (`access` in server/plugins/session.ts),
 *   with the permission a staff route needs as its scope ("orders.write"; the roles that
 *   hold each are in the scheme's description) and the 401 (and 403) answers the guard
 *   gives; an empty list on the routes anyone may call.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { refusals } from "../../domain/api-errors.schema";
import { PERMISSIONS } from "../../domain/staff/permissions";
import { SESSION_COOKIE, type RouteAccess } from "./session";

/**
 * zod's own JSON Schema, untouched. The library's default adjustments are for dates and
 * `undefined` answers, which no schema here has, and drop the union branches that look
 * empty while zod is still filling them in: "null or a price" came out as "null" alone.
 */
const zodToJsonConfig = { override: () => {} };
const zodTransform = createJsonSchemaTransform({ zodToJsonConfig });
const zodTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

const SESSION = "session";

/** The refusals a guard gives, documented on every operation it guards. */
const guardRefusals = (access: RouteAccess) => (access === "user" ? ([401] as const) : ([401, 403] as const));

const securityOf = (access: RouteAccess | undefined) =>
  access ? [{ [SESSION]: access === "user" ? [] : [access] }] : [];

const ROLES_OF_EACH_PERMISSION = Object.entries(PERMISSIONS)
  .map(([permission, roles]) => `\`${permission}\`: ${roles.join(", ")}`)
  .join("; ");

const ARTICLES = new Set(["a", "an", "the"]);

/** "Add an item to the cart" → "addItemToCart"; "Get the signed-in account" → "getSignedInAccount". */
export function operationIdOf(summary: string): string {
  return summary
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !ARTICLES.has(word))
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

export const apiDocsPlugin = fp(
  async (app: FastifyInstance, { title, publicUrl }: { title: string; publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        // 3.1 schemas are JSON Schema: a field that may be null says so with its type.
        openapi: "3.1.0",
        info: { title: `${title} API`, version: "1" },
        servers: [{ url: new URL(publicUrl).origin }],
        components: {
          securitySchemes: {
            [SESSION]: {
              type: "apiKey",
              in: "cookie",
              name: SESSION_COOKIE,
              description:
                "The session cookie that signing in sets. An operation that asks for it answers 401 without a " +
                "signed-in session. One that names a permission is for the shop's staff: it answers 403 to a " +
                "customer, and to a staff member none of whose roles holds that permission. The roles holding " +
                `each permission: ${ROLES_OF_EACH_PERMISSION}.`,
            },
          },
        },
      },
      transform: (document) => {
        if (!document.url.startsWith("/api/")) return { url: document.url, schema: { hide: true } };
        const schema: FastifySchema = document.schema ?? {};
        const access = document.route.config?.access;
        const guarded = access
          ? { ...schema, response: { ...refusals(...guardRefusals(access)), ...(schema.response as object) } }
          : schema;
        const transformed = zodTransform({ ...document, schema: guarded });
        if (transformed.schema.hide) return transformed;
        const { summary, operationId = summary && operationIdOf(summary) } = schema;
        return {
          ...transformed,
          schema: { ...transformed.schema, ...(operationId ? { operationId } : {}), security: securityOf(access) },
        };
      },
      transformObject: zodTransformObject,
    });
  },
);

/** The route that serves the document; registered inside the /api scope. */
export async function apiDocsRoutes(app: FastifyInstance) {
  app.get("/docs", { schema: { hide: true } }, async () => app.swagger());
}
