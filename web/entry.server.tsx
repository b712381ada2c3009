/**
 * Server rendering: React Router's Node entry plus a per-response content security
 * policy whose nonce lets only our own inline scripts run, and hydration that starts
 * after the first paint (see hydrateAfterFirstPaint).
 */
import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { readDataSaver } from "./lib/data-saver.server";
import { hydrateAfterFirstPaint } from "./lib/hydrate-after-first-paint";

export const streamTimeout = 5_000;

function contentSecurityPolicy(nonce: string, checkoutOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // The order sheet's post is answered with a redirect to WhatsApp (wa.me, which goes on to
    // api.whatsapp.com), and a pay form's to the provider's checkout: a browser checks every
    // address a form's post is redirected to.
    ["form-action 'self' https://wa.me https://api.whatsapp.com", ...checkoutOrigins].join(" "),
    "object-src 'none'",
  ].join("; ");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Vite's development client injects its own scripts; the policy guards production.
  const nonce = import.meta.env.PROD ? randomBytes(16).toString("base64") : undefined;

  return new Promise((resolve, reject) => {
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link previewers get the whole page at once, and so does a page the page
    // cache keeps (server/plugins/page-cache.ts): nothing in it waits for scripts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.wholePage
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A part that waited (a Suspense boundary) and is ready when its turn to be sent
        // comes is sent in its place, whatever the page's size so far: React would
        // otherwise send it after the page, to be moved in by a script, and a browser
        // without scripts would never show it (the home page's contact form).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (nonce)
            responseHeaders.set(
              "Content-Security-Policy",
              contentSecurityPolicy(nonce, loadContext.site.checkoutOrigins ?? []),
            );
          const transform = hydrateAfterFirstPaint(nonce, { untilUsed: readDataSaver(request) });
          // A visitor who leaves mid-page ends these streams with an error: stop rendering
          // for them, and never let that error reach the process, which it would stop.
          body.on("error", () => abort());
          transform.on("error", () => abort());
          pipe(transform).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // Every failure is logged once, here: one before the shell is ready (a part of the
          // page, or the page's data for its scripts when the render outlasted
          // streamTimeout on an overloaded machine) would otherwise answer 500 unseen.
          responseStatusCode = 500;
          logError(error);
        },
      },
    );
  });
}

/** One line per failure: no stack traces in logs (they reveal paths and versions). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || logged.has(error as object)) return;
  // The visitor's own mistake (an unknown page, a post to a page that takes none) is
  // answered with its 4xx; it is nothing for the owner to fix.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError(error);
};

/** Errors already logged by the render (React reports a shell's error twice: to onError and onShellError). */
const logged = new WeakSet<object>();

function logError(error: unknown) {
  if (typeof error === "object" && error !== null) logged.add(error);
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : String(error);
  console.error(JSON.stringify({ level: 50, msg: "page render failed", err: message }));
}
