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
 * Scripts, stylesheets, fonts and raster pictures are not documents: a browser applies the
 * document-only headers (framing, opener isolation, feature permissions…) to none of them,
 * yet a phone would download them with each of the twenty-odd files a first visit loads,
 * about 8 KB in all. Those responses keep what governs a subresource: nosniff, the
 * cross-origin resource policy, HSTS and the referrer policy. An SVG can be opened as a
 * document, so it keeps every header.
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

/** Headers that only a document obeys. */
const DOCUMENT_ONLY_HEADERS = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

const SUBRESOURCE_TYPE = /^(?:text\/css|(?:application|text)\/javascript|font\/|image\/(?!svg))/;

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
      return;
    }
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
});
