/**
 * No input answers 5xx. Generated requests — methods, path parameters, query strings,
 * headers and bodies, well-formed and not — go to every route of the app's route table
 * (pages included), as a guest, a customer and the admin. A failure prints fast-check's
 * seed and the smallest request that still fails.
 */
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerCookie, imageDataUrl } from "../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject, makeImage } from "../tests/support/catalog-factory";
import { useTestApp } from "../tests/support/test-app";
import { users } from "./db/schema/accounts";
import { productOptions } from "./db/schema/catalog";
import { upsertAdmin } from "./modules/accounts/admins.service";
import { rotateSession } from "./modules/accounts/sessions.service";
import { SESSION_COOKIE } from "./plugins/session";

const t = useTestApp({ pages: true });

/** Requests per route and role: enough to reach each route's checks, few enough for a quick suite. */
const RUNS = 12;

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] as const;

/** Field names the app's bodies and queries use, so generated input reaches the rules behind them. */
const FIELDS = [
  "email",
  "password",
  "newPassword",
  "oldPassword",
  "currentPassword",
  "fullName",
  "username",
  "phoneNumber",
  "anonymousId",
  "name",
  "title",
  "subject",
  "message",
  "description",
  "items",
  "price",
  "discountedPrice",
  "isPromo",
  "isBestSeller",
  "isForeign",
  "origin",
  "sold",
  "category",
  "style",
  "location",
  "collectionId",
  "productIds",
  "collectionIds",
  "images",
  "coverImage",
  "itemId",
  "itemType",
  "quantity",
  "page",
  "limit",
  "search",
  "minPrice",
  "maxPrice",
  "status",
  "sort",
  "option",
  "options",
  "dimensions",
  "materials",
  "availability",
  "__proto__",
  "constructor",
];

type Role = "guest" | "customer" | "admin";

let ids: { product: string; collection: string; project: string } | undefined;
let picture = "";

async function catalogue() {
  if (!ids) {
    const image = await makeImage(t.db, t.mediaDir);
    const product = await insertProduct(t.db, { name: "Fuzzed Sofa", images: [image] });
    // A finish, so generated option ids meet a product that offers one.
    await t.db.insert(productOptions).values({ productId: product.id, position: 0, name: "Walnut", mediaId: image.id });
    const collection = await insertCollection(t.db, { name: "Fuzzed Set", coverMediaId: image.id });
    const project = await insertProject(t.db, { title: "Fuzzed Flat", images: [image] });
    ids = { product: product.id, collection: collection.id, project: project.id };
    picture = await imageDataUrl("#336699", { width: 8, height: 8 });
  }
  return ids;
}

const ADMIN = { email: "fuzz-owner@furnish.test", password: "0wnerPassword" };
let customerId: string | undefined;
/** The admin's password hash as upsertAdmin last set it. */
let adminPasswordHash: string | undefined;

/** A fresh session per request: a generated logout or account deletion must not end the next run's. */
async function cookieFor(role: Role): Promise<string | undefined> {
  if (role === "guest") return undefined;
  let userId: string | undefined;
  if (role === "admin") {
    // The admin as upsertAdmin leaves it, checked by its row rather than by a password
    // check per request (argon2, the run's slowest step): a generated request that removed
    // it, changed its password or its role makes the next one put it back.
    const [row] = await t.db
      .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    if (!row || row.role !== "admin" || row.passwordHash !== adminPasswordHash) {
      await upsertAdmin(t.db, ADMIN);
      const [current] = await t.db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, ADMIN.email));
      adminPasswordHash = current?.passwordHash;
      userId = current?.id;
    } else userId = row.id;
  } else {
    if (customerId) {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, customerId));
      if (!row) customerId = undefined;
    }
    if (!customerId) {
      await customerCookie(t);
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, "customer")).limit(1);
      customerId = row?.id;
    }
    userId = customerId;
  }
  const { token } = await rotateSession(t.db, userId!, null);
  return `${SESSION_COOKIE}=${token}`;
}

/** A value of any JSON shape, biased towards what fields really hold. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "\u202e", "<script>alert(1)</script>", "Product", "Collection", "Modern"),
  fc.constantFrom("data:image/png;base64,!!!!", "data:image/png;base64,", "not-a-data-url"),
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 10 }), fc.record({ url: fc.string(), public_id: fc.string() })), {
    maxLength: 4,
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Picture data strings that are not pictures: each reaches the image checks of every route taking pictures. */
const NOT_PICTURES = [
  "data:image/png;base64,!!!!",
  "data:image/png;base64,",
  "data:image/gif;base64,R0lGODlh",
  "data:text/html;base64,PGh0bWw+",
  `data:image/png;base64,${"A".repeat(64)}`,
];

/** Pictures as the forms send them ("picture" becomes a real one), and as a stranger might. */
const picture_ = fc.oneof(
  fc.constant("picture"),
  fc.constantFrom(...NOT_PICTURES),
  fc.string({ maxLength: 12 }).map((text) => `data:image/jpeg;base64,${Buffer.from(text).toString("base64")}`),
  fc.record({ url: fc.string({ maxLength: 20 }), public_id: fc.string({ maxLength: 20 }) }),
);
const pictures = fc.array(picture_, { maxLength: 3 });

/** What a changed field holds: pictures for picture fields, anything for the rest. */
const fieldValue = (field: string) =>
  field === "images"
    ? fc.oneof(pictures, value)
    : field === "coverImage"
      ? fc.oneof(picture_, value)
      : fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(undefined) });

/**
 * A body every rule of the route accepts, so that changing one or two of its fields
 * reaches the checks behind validation (pictures, prices, lookups) and not only the schema.
 */
function validBody(pattern: string, known: NonNullable<typeof ids>): Record<string, unknown> {
  const rich = { description: "<p>Solid iroko, hand finished.</p>" };
  if (/Product/.test(pattern))
    return {
      name: "Fuzz Sofa",
      ...rich,
      items: "1 sofa",
      price: 1000,
      category: "Living Room",
      style: "Modern",
      images: ["picture"],
      dimensions: { width: 220, depth: 95, height: 80, seatHeight: 45 },
      materials: "Iroko",
      availability: { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 },
      options: [{ name: "Walnut", image: "picture" }, { name: "Oak" }],
    };
  if (/Collection/.test(pattern))
    return {
      name: "Fuzz Set",
      ...rich,
      price: 1000,
      style: "Modern",
      productIds: [known.product],
      coverImage: "picture",
    };
  if (/Project/i.test(pattern))
    return {
      title: "Fuzz Flat",
      location: "Lagos",
      category: "Residential",
      price: 1000,
      ...rich,
      images: ["picture"],
    };
  if (/signup/.test(pattern))
    return {
      fullName: "Ada Obi",
      email: "ada@example.com",
      phoneNumber: "08031234567",
      password: "Str0ngPassword",
      anonymousId: "",
    };
  if (/contact/.test(pattern))
    return { name: "Ada", email: "ada@example.com", phoneNumber: "08031234567", subject: "Sofa", message: "Hello" };
  if (/cart|wishlist/.test(pattern))
    return {
      itemId: known.product,
      itemType: "Product",
      quantity: 1,
      productIds: [known.product],
      collectionIds: [known.collection],
    };
  return {
    email: ADMIN.email,
    password: ADMIN.password,
    username: "Ada",
    phoneNumber: "08031234567",
    oldPassword: "x",
    newPassword: "Str0ngPassword2",
  };
}

/** Replaces every "picture" marker with a real small picture's data string. */
const withPictures = (input: unknown): unknown =>
  input === "picture"
    ? picture
    : Array.isArray(input)
      ? input.map(withPictures)
      : input && typeof input === "object"
        ? Object.fromEntries(Object.entries(input).map(([key, field]) => [key, withPictures(field)]))
        : input;

/** One or two fields of the route's valid body changed (mostly fields it has), or removed. */
const changesOf = (fields: string[]) =>
  fc
    .array(
      fc
        .oneof(
          { weight: 3, arbitrary: fc.constantFrom(...fields) },
          { weight: 1, arbitrary: fc.constantFrom(...FIELDS) },
        )
        .chain((field) => fieldValue(field).map((changed) => [field, changed] as const)),
      { minLength: 1, maxLength: 2 },
    )
    .map((entries) => Object.fromEntries(entries));

const bodyFor = (fields: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: changesOf(fields).map((changed) => ({ template: true as const, changed })) },
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), value, { maxKeys: 10 }),
    fc.jsonValue({ maxDepth: 4 }),
    fc.string({ maxLength: 200 }),
    fc.constant("[".repeat(5_000)),
    fc.constant(undefined),
  );

const query = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
  fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.constantFrom("true", "false", "-1", "1e309")),
  { maxKeys: 6 },
);

const headers = fc.record(
  {
    "content-type": fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/csv",
      "garbage/\u00ff",
    ),
    accept: fc.constantFrom("application/json", "text/html", "*/*", "text/x-component"),
    "accept-encoding": fc.constantFrom("br", "gzip", "deflate", "identity", "br;q=2, *;q=x"),
    "if-none-match": fc.string({ maxLength: 20 }),
    range: fc.constantFrom("bytes=0-10", "bytes=9999999-", "bytes=x-y"),
    cookie: fc.constantFrom("anonymousId=abc", "anonymousId=" + "a".repeat(43), "furnish_session=x", "=;=;;"),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "not an address"),
  },
  { requiredKeys: [] },
);

/** A value for a path parameter: an item that exists, an id that does not, or anything at all. */
const parameter = (existing: string) =>
  fc.oneof(
    fc.constant(existing),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom("%", "%00", "..", "%2e%2e%2f", "a".repeat(300), "\u00e9"),
  );

function pathOf(pattern: string, known: NonNullable<typeof ids>, params: string[], rest: string): string {
  let n = 0;
  const path = pattern
    .replace(/:[A-Za-z]+(\.jpg)?/g, (_m, ext: string | undefined) => `${params[n++] ?? known.product}${ext ?? ""}`)
    .replace(/\*$/, rest);
  return path;
}

function existingFor(pattern: string, known: NonNullable<typeof ids>): string {
  if (/collection/i.test(pattern)) return known.collection;
  if (/project/i.test(pattern)) return known.project;
  return known.product;
}

/**
 * Requests every run makes besides the generated ones: the route's valid body as it is,
 * and with each picture field holding each of NOT_PICTURES.
 */
type Example = [
  method: string,
  params: string[],
  rest: string,
  search: Record<string, string>,
  sent: { "content-type": "application/json" },
  payload: { template: true; changed: Record<string, string | string[] | Array<{ name: string; image: string }>> },
  remoteAddress: string,
];

function examplesFor(route: { method: string; url: string }): Example[] {
  const known = ids!;
  const template = validBody(route.url, known);
  const bodies: Example[5]["changed"][] = [{}];
  if ("images" in template) bodies.push(...NOT_PICTURES.map((bad) => ({ images: [bad] })));
  if ("options" in template) bodies.push(...NOT_PICTURES.map((bad) => ({ options: [{ name: "Oak", image: bad }] })));
  if ("coverImage" in template) bodies.push(...NOT_PICTURES.map((bad) => ({ coverImage: bad })));
  const existing = existingFor(route.url, known);
  return bodies.map((changed) => [
    route.method,
    [existing, existing, existing],
    "",
    {},
    { "content-type": "application/json" },
    { template: true, changed },
    "192.0.2.1",
  ]);
}

/**
 * Every route but the build's files, which have a route each (some 260, the most of them
 * all) and one handler between them: of those, one file of each kind (.js, .js.br, .css…)
 * stands for the rest.
 */
function routesToFuzz<Route extends { method: string; url: string }>(routes: Route[]): Route[] {
  const chosen = new Map<string, Route>();
  for (const route of routes) {
    const built = /^\/assets\/[^/]+?(\.\w+(?:\.br|\.gz)?)$/.exec(route.url);
    const key = built ? `${route.method} /assets/*${built[1]}` : `${route.method} ${route.url}`;
    if (!chosen.has(key)) chosen.set(key, route);
  }
  return [...chosen.values()];
}

describe("every route, any input", () => {
  // Its work is a fixed number of requests (RUNS per route and role); the time limit only
  // stops a run that hangs, so it is set for a machine loaded by other work.
  it("never answers 5xx, as a guest, a customer or the admin", { timeout: 480_000 }, async () => {
    const known = await catalogue();
    // HEAD routes are Fastify's own copies of GET routes.
    const routes = [
      ...new Map(t.routes.filter((r) => r.method !== "HEAD").map((r) => [`${r.method} ${r.url}`, r])).values(),
    ];
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routesToFuzz(routes)) {
      for (const role of ["guest", "customer", "admin"] as const) {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              { weight: 4, arbitrary: fc.constant(route.method) },
              { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
            ),
            fc.array(parameter(existingFor(route.url, known)), { minLength: 3, maxLength: 3 }),
            fc.oneof(fc.constantFrom("", "shop", "product/x", "a/b/c", "%C0%AE"), fc.string({ maxLength: 20 })),
            query,
            headers,
            bodyFor(Object.keys(validBody(route.url, known))),
            fc.ipV4(),
            async (method, params, rest, search, sent, payload, remoteAddress) => {
              const url = `${pathOf(route.url, known, params, encodeURI(rest))}?${new URLSearchParams(search)}`;
              const cookie = await cookieFor(role);
              const sentBody = withPictures(
                payload && typeof payload === "object" && "template" in payload && payload.template === true
                  ? { ...validBody(route.url, known), ...(payload.changed as Record<string, unknown>) }
                  : payload,
              );
              const response = await t.app.inject({
                method,
                url,
                remoteAddress,
                headers: { ...sent, ...(cookie ? { cookie } : {}) },
                ...(sentBody === undefined || method === "GET" || method === "HEAD"
                  ? {}
                  : { payload: typeof sentBody === "string" ? sentBody : JSON.stringify(sentBody) }),
              });
              expect(response.statusCode, `${role} ${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
            },
          ),
          { numRuns: RUNS, examples: examplesFor(route) },
        );
      }
    }
  });
});
