/**
 * The moderation of reviews under /api/admin/operations/reviews, inside the staff scope
 * (Owner and Sales, docs/product.md, Reviews): the list by status, publishing, hiding
 * with a reason, and the shop's one reply (409 for a second).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import {
  AdminReviewListSchema,
  AdminReviewSchema,
  ReviewHideSchema,
  ReviewListQuerySchema,
  ReviewReplySchema,
} from "../../../domain/reviews/reviews.schema";
import type { createReviewDeskActions } from "./reviews.actions";

export async function reviewDeskRoutes(
  app: FastifyInstance,
  { desk }: { desk: ReturnType<typeof createReviewDeskActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const review = { 200: AdminReviewSchema, ...refusals(400, 401, 403, 404, 409) };

  api.get(
    "/reviews",
    {
      config: { access: "reviews.moderate" },
      schema: {
        summary: "List reviews",
        querystring: ReviewListQuerySchema,
        response: { 200: AdminReviewListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => desk(request).list(request.query),
  );

  api.post(
    "/reviews/:id/publish",
    {
      config: { access: "reviews.moderate" },
      schema: { summary: "Publish a review", params: IdParamsSchema, response: review },
    },
    async (request) => desk(request).publish(request.params.id),
  );

  api.post(
    "/reviews/:id/hide",
    {
      config: { access: "reviews.moderate" },
      schema: { summary: "Hide a review", params: IdParamsSchema, body: ReviewHideSchema, response: review },
    },
    async (request) => desk(request).hide(request.params.id, request.body),
  );

  api.post(
    "/reviews/:id/reply",
    {
      config: { access: "reviews.moderate" },
      schema: { summary: "Reply to a review", params: IdParamsSchema, body: ReviewReplySchema, response: review },
    },
    async (request) => desk(request).reply(request.params.id, request.body),
  );
}
