/**
 * Security headers on every response. Pages add their own content security policy, with
 * a nonce per response (web/entry.server.tsx); that policy forbids framing
 * (`frame-ancestors 'none'`), and X-Frame-Options says the same for browsers that only
 * read the older header. Permissions-Policy turns off the powerful features the shop
 * never uses, so a script that slipped in could not ask for them either. The referrer
 * stays on this site (`same-origin`): other sites learn nothing of the pages a shopper
 * came from, while a page's own form, posted by the browser before scripts run, still
 * names its origin (under `no-referrer` browsers send `Origin: null`, which the
 * cross-site checks must refuse).
 *
 * Scripts, stylesheets, fonts, raster pictures and a page's data fetched by its scripts are not documents: a browser applies the
 * document-only headers (framing, opener isolation, feature permissions…) to none of them,
 * yet a phone would download them with each of the fifty-odd files a browsing session
 * loads. Those responses keep what governs a subresource: nosniff and the cross-origin
 * resource policy, and a stylesheet its referrer policy (the pictures and fonts it asks
 * for go with it). HSTS is learnt from the first page, which always comes before its
 * files, so it is not repeated on each of them. An SVG can be opened as a document, so it
 * keeps every header.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** Headers that only a document obeys, or that the first page already gave. */
const DOCUMENT_ONLY_HEADERS = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "strict-transport-security",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** Files a page loads, and a page's data as its scripts fetch it on a move (React Router's `text/x-script`). */
const SUBRESOURCE_TYPE = /^(?:text\/css|(?:application|text)\/javascript|text\/x-script|font\/|image\/(?!svg))/;
/** A stylesheet's referrer policy governs what it fetches; a script's or a picture's nothing. */
const STYLESHEET = /^text\/css/;

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
  });
  app.addHook("onSend", async (_request, reply) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && SUBRESOURCE_TYPE.test(type)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      if (!STYLESHEET.test(type)) reply.removeHeader("referrer-policy");
      return;
    }
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
});
