/**
 * Security headers on every response. Pages add their own content security policy, with
 * a nonce per response (web/entry.server.tsx); that policy forbids framing
 * (`frame-ancestors 'none'`), and X-Frame-Options says the same for browsers that only
 * read the older header. Permissions-Policy turns off the powerful features the shop
 * never uses, so a script that slipped in could not ask for them either. Referrer-Policy
 * is same-origin: other sites learn nothing of the page a visitor came from, and the
 * shop's own forms still carry their Origin (under no-referrer a form the browser posts
 * itself says "null", and the origin check refuses it as another site's).
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

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
  });
});
