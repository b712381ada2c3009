/**
 * The payments' routes (docs/product.md, Payments), each a call of the payments' door:
 * - the customer's, by the order's tracking token: POST /api/orders/track/:token/payments
 *   (a checkout for what is due: the provider's page to go to), POST
 *   /api/orders/track/:token/transfers ("I have paid");
 * - the providers' webhooks, POST /api/payments/webhooks/paystack and /flutterwave, read
 *   as raw bytes (the signature is over them): 401 and nothing written when it does not
 *   hold, else stored and answered 200 at once, settled after;
 * - GET /payments/return, where a checkout sends the customer back: verified, settled,
 *   then on to the order's tracking page saying how it went.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  CheckoutSchema,
  PayReferenceSchema,
  PayRequestSchema,
  PROVIDER_NAMES,
  TransferNoticeSchema,
} from "../../../domain/payments/payments.schema";
import { imagesBodyLimit } from "../media/image-uploads.service";
import { bodyReadAtTheDoor } from "../../door";
import type { Doors } from "../../load-context";

const TokenParams = z.object({ token: z.string().max(200) });

/** A webhook's body is small; anything larger is not a provider's. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export async function paymentsRoutes(app: FastifyInstance, { doors }: { doors: Doors }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Bodies are read once, by the payments' door (the schemas stay here for /api/docs).
  api.setValidatorCompiler(bodyReadAtTheDoor);

  api.post(
    "/orders/track/:token/payments",
    {
      schema: {
        summary: "Start paying what an order owes",
        description:
          "The amount is the server's: the deposit or balance due now, or a part the owner asked for (by its reference). Answers the provider's checkout page.",
        params: TokenParams,
        body: z.union([PayRequestSchema, PayReferenceSchema]),
        response: { 200: CheckoutSchema, ...refusals(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => doors.payments(request, reply).pay(request.params.token, request.body as never),
  );

  api.post(
    "/orders/track/:token/transfers",
    {
      bodyLimit: imagesBodyLimit(1),
      schema: {
        summary: "Tell the shop an order was paid by bank transfer",
        params: TokenParams,
        body: TransferNoticeSchema,
        response: { 201: z.object({ _id: z.string() }), ...refusals(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await doors.payments(request, reply).tellTransfer(request.params.token, request.body as never)),
  );

  await api.register(async (hooks) => {
    // The signature is over the bytes as sent: the body is kept raw, whatever its type says.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    for (const provider of PROVIDER_NAMES) {
      hooks.post(
        `/payments/webhooks/${provider}`,
        {
          schema: {
            summary: `Receive ${provider === "paystack" ? "Paystack" : "Flutterwave"}'s payment events`,
            description: "Checked against the signature over the raw body; stored before the answer, settled after.",
            body: z.unknown().describe("The provider's event, as it sent it (JSON), read as raw bytes."),
            response: { 200: z.object({ received: z.literal(true) }), ...refusals(401, 413) },
          },
        },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await doors.webhooks.receive(provider, raw, request.headers);
          return { received: true as const };
        },
      );
    }
  });
}

/** GET /payments/return: outside /api, as the customer's browser arrives there from the checkout. */
export async function paymentReturnRoute(app: FastifyInstance, { doors }: { doors: Doors }) {
  app.get(
    "/payments/return",
    { schema: { hide: true, querystring: z.record(z.string(), z.string().max(300)) } },
    async (request, reply) => {
      const query = request.query as Record<string, string>;
      const { trackingUrl, outcome } = await doors.payments(request, reply).returned(query);
      reply.header("cache-control", "no-store");
      if (!trackingUrl) return reply.redirect("/", 303);
      const to = new URL(trackingUrl);
      to.searchParams.set("payment", outcome);
      return reply.redirect(`${to.pathname}${to.search}`, 303);
    },
  );
}
