/**
 * Server-rendered pages: React Router's request handler behind Fastify
 * (docs/decisions/0001). Production serves the built client with hashed, immutable
 * assets; development runs Vite in middleware mode with hot reloading.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MAX_REVIEW_PHOTOS } from "../../domain/reviews/review-display";
import { createRequestHandler, type ServerBuild } from "react-router";
import { MAX_NEW_IMAGES } from "../../domain/catalog/input-fields";
import type { LoadContext } from "../../domain/load-context";
import { imagesBodyLimit } from "../modules/media/image-uploads.service";
import { markPage } from "./cache-control";
import type { PageCache } from "./page-cache";

type LoadContextFor = (request: FastifyRequest, reply: FastifyReply) => Promise<LoadContext>;

export type WebOptions = (
  | { mode: "production"; buildDir: string; loadContext: LoadContextFor }
  | { mode: "development"; loadContext: LoadContextFor }
) & {
  /** The origins the shop is served from (PUBLIC_URL's first): page URLs are built from these only. */
  origins: string[];
  /** Guests' pages kept rendered (production only; see page-cache.ts). */
  pageCache?: PageCache | null;
};

const IMMUTABLE = "public, max-age=31536000, immutable";

/** What pages answer: reads, and the form posts of their actions. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** What a browser sends a form as: its fields encoded, or with files. */
const FORM_TYPES = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/** A page's form post is a few fields. */
export const PAGE_BODY_LIMIT = 128 * 1024;

/**
 * The admin panel's pages post its forms with their pictures (files, not the API's base64),
 * so their posts may be as large as the API's upload routes allow. Only paths under
 * /admin/: every other page keeps the small limit. Fastify matches this prefix case by
 * case, so /Admin/… gets the small limit too.
 */
export const ADMIN_PAGE_BODY_LIMIT = imagesBodyLimit(MAX_NEW_IMAGES);

/** An order's tracking page takes one picture: the receipt of a transfer ("I have paid"), posted as a file. */
export const TRACKING_PAGE_BODY_LIMIT = imagesBodyLimit(1);

/** A review link's page takes a review's photos, posted as files. */
export const REVIEW_PAGE_BODY_LIMIT = imagesBodyLimit(MAX_REVIEW_PHOTOS);

export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  // Development pages change with every edit: only a production build's are kept.
  let pageCache: PageCache | null = null;
  let buildVersion = "";

  if (options.mode === "production") {
    const clientDir = path.join(options.buildDir, "client");
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // The build writes a brotli copy of each script and stylesheet (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) =>
        res.setHeader(
          "cache-control",
          filePath.startsWith(path.join(clientDir, "assets"))
            ? IMMUTABLE
            : // The service worker is checked on every navigation, so a deploy reaches phones at once.
              filePath === path.join(clientDir, "sw.js")
              ? "no-cache"
              : "public, max-age=3600",
        ),
    });
    // A hashed file never changes under its name, so nothing ever asks whether it did: its
    // validators would only be bytes on each of the fifty-odd files of a browsing session.
    app.addHook("onSend", async (_request, reply) => {
      if (reply.getHeader("cache-control") !== IMMUTABLE) return;
      for (const name of ["etag", "last-modified", "accept-ranges"]) reply.removeHeader(name);
    });
    build = (await import(pathToFileURL(path.join(options.buildDir, "server", "index.js")).href)) as ServerBuild;
    pageCache = options.pageCache ?? null;
    buildVersion = build.assets.version;
  } else {
    const [{ createServer }, { default: middie }] = await Promise.all([import("vite"), import("@fastify/middie")]);
    const vite = await createServer({
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }

  const handle = createRequestHandler(build, options.mode);

  // React Router parses form bodies itself; Fastify only bounds them, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: PAGE_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  const [publicOrigin = ""] = options.origins;
  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Methods React Router's Request cannot carry (TRACE, CONNECT, WebDAV's…) are not for pages.
    if (!PAGE_METHODS.has(request.method)) {
      return reply
        .status(405)
        .header("allow", [...PAGE_METHODS].join(", "))
        .send({ message: "Method not allowed." });
    }
    // A page's action reads a form: any other body (JSON, text…) is refused before it is read.
    const body = request.body;
    if (Buffer.isBuffer(body) && body.length > 0 && !FORM_TYPES.test(request.headers["content-type"] ?? "")) {
      return reply.status(415).send({ message: "A page takes a form's fields, as a browser sends them." });
    }
    // The request's own Host names the origin only when it is one the shop is served from.
    const addressed = `${request.protocol}://${request.host}`;
    const origin = options.origins.includes(addressed) ? addressed : publicOrigin;
    const key = pageCache?.keyOf(request, { build: buildVersion, origin }) ?? null;
    if (!key || !pageCache) return renderPage(request, reply, origin);
    if (await pageCache.answer(key, request, reply)) return reply;
    const rendering = pageCache.rendering(key);
    try {
      return await renderPage(request, reply, origin, rendering);
    } catch (error) {
      rendering.drop();
      throw error;
    }
  };

  /** Renders the page; `keep`, when given, is handed the whole page if it may be kept (see page-cache.ts). */
  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
    keep?: ReturnType<PageCache["rendering"]>,
  ) => {
    const context = await options.loadContext(request, reply);
    // A page to keep is rendered whole, as crawlers get it: nothing in it waits for scripts.
    if (keep) context.wholePage = true;
    const response = await handle(toWebRequest(request, reply, origin), context);
    const signedIn = context.viewer !== null;
    if (!keep) return sendWebResponse(reply, response, { signedIn });
    if (response.status !== 200 || signedIn || response.headers.has("set-cookie") || !response.body) {
      keep.drop();
      return sendWebResponse(reply, response, { signedIn });
    }
    const [toVisitor, toCache] = response.body.tee();
    setPageHeaders(reply, response, { signedIn });
    // The page's own headers and caching headers, as a visitor served from the cache gets them too.
    const headers = [...response.headers].filter(([name]) => !["set-cookie", "cache-control", "vary"].includes(name));
    for (const name of ["cache-control", "vary"]) headers.push([name, String(reply.getHeader(name))]);
    void keepWhenSent(reply, toCache, headers, keep);
    return reply.send(Readable.fromWeb(toVisitor as NodeReadableStream));
  };
  app.all("/admin/*", { bodyLimit: ADMIN_PAGE_BODY_LIMIT }, answerPage);
  app.all("/orders/t/*", { bodyLimit: TRACKING_PAGE_BODY_LIMIT }, answerPage);
  app.all("/reviews/*", { bodyLimit: REVIEW_PAGE_BODY_LIMIT }, answerPage);
  app.all("/*", answerPage);
}

/**
 * Reads the cache's copy of the page and hands it over once the reply went out whole with
 * nothing added that makes it the visitor's own (a cookie, another status); drops it otherwise.
 */
async function keepWhenSent(
  reply: FastifyReply,
  body: ReadableStream<Uint8Array>,
  headers: Array<[string, string]>,
  keep: ReturnType<PageCache["rendering"]>,
) {
  // Sent whole: the answer finished; a visitor who left first closed it unfinished.
  const sentWhole = new Promise<boolean>((resolve) => {
    if (reply.raw.writableFinished || reply.raw.closed) return resolve(reply.raw.writableFinished);
    reply.raw.once("finish", () => resolve(true));
    reply.raw.once("close", () => resolve(reply.raw.writableFinished));
  });
  try {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    if (!(await sentWhole) || reply.statusCode !== 200 || reply.hasHeader("set-cookie")) return keep.drop();
    await keep.keep({ html: Buffer.concat(chunks), headers });
  } catch {
    keep.drop();
  }
}

/**
 * A page's request whose form cannot be read (a multipart body without its boundary, cut
 * short…) answers 400 with a message, from every action, instead of failing the page; its
 * clones, which actions read too, do the same.
 */
function withFormRefusal(request: Request): Request {
  const read = request.formData.bind(request);
  const clone = request.clone.bind(request);
  return Object.defineProperties(request, {
    formData: {
      value: () =>
        read().catch(() => {
          throw new Response("The form could not be read. Please send it again.", { status: 400 });
        }),
    },
    clone: { value: () => withFormRefusal(clone()) },
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  // Concatenated, not resolved: a path that starts with "//" must stay a path, not name a host.
  const url = new URL(`${origin}${request.url}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return withFormRefusal(
    new Request(url, {
      method: request.method,
      headers,
      signal: controller.signal,
      ...(hasBody && request.body instanceof Buffer ? { body: request.body } : {}),
    }),
  );
}

function sendWebResponse(reply: FastifyReply, response: Response, { signedIn }: { signedIn: boolean }) {
  setPageHeaders(reply, response, { signedIn });
  // A Node stream lets @fastify/compress compress the page as it streams.
  return reply.send(response.body ? Readable.fromWeb(response.body as NodeReadableStream) : null);
}

function setPageHeaders(reply: FastifyReply, response: Response, { signedIn }: { signedIn: boolean }) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  markPage(reply, response, { setsCookie: cookies.length > 0, signedIn });
  if (cookies.length) reply.header("set-cookie", cookies);
}
