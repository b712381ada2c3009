/**
 * Reviews' public routes (docs/product.md, Reviews): the review link's page as data
 * (GET /api/reviews/:token), writing a line's review (POST, 201) and changing it within
 * the edit window (PUT /api/reviews/:token/:reviewId); an item's published reviews, a
 * page at a time (GET /api/products/:id/reviews, /api/collections/:id/reviews).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { CatalogReader } from "../../../domain/load-context";
import { refuse } from "../../../domain/refusal";
import {
  OwnReviewSchema,
  REVIEW_MESSAGES,
  ReviewEditSchema,
  ReviewInputSchema,
  ReviewLinkSchema,
  ReviewPageQuerySchema,
  ReviewPageSchema,
} from "../../../domain/reviews/reviews.schema";
import { MAX_REVIEW_PHOTOS } from "../../../domain/reviews/review-display";
import { imagesBodyLimit } from "../media/image-uploads.service";
import { reviewLimit, type createReviewActions } from "./reviews.actions";

const TokenParamsSchema = z.object({ token: z.string().max(200) });

export async function reviewsRoutes(
  app: FastifyInstance,
  { reviews, catalog }: { reviews: ReturnType<typeof createReviewActions>; catalog: CatalogReader },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const bodyLimit = imagesBodyLimit(MAX_REVIEW_PHOTOS);

  api.get(
    "/reviews/:token",
    {
      schema: {
        summary: "Get an order's review link",
        description: "Every line of the order, each with its review once written. 404 for an unknown link.",
        params: TokenParamsSchema,
        response: { 200: ReviewLinkSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const link = await reviews(request, reply).link(request.params.token);
      if (!link) throw refuse("missing", REVIEW_MESSAGES.linkNotFound);
      return link;
    },
  );

  api.post(
    "/reviews/:token",
    {
      bodyLimit,
      onRequest: reviewLimit(app),
      schema: {
        summary: "Add a review of a delivered piece",
        description: `One review per line of a delivered order: 1 to 5 stars, a title, the text, up to ${MAX_REVIEW_PHOTOS} photos as data URLs, and the name to show. 201 with the review, pending or published by the owner's setting. 409 when the order is not delivered (or no longer) or the line has a review; 413 for too many photos or pixels.`,
        params: TokenParamsSchema,
        body: ReviewInputSchema,
        response: { 201: OwnReviewSchema, ...refusals(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reviews(request, reply).write(request.params.token, request.body)),
  );

  api.put(
    "/reviews/:token/:reviewId",
    {
      bodyLimit,
      onRequest: reviewLimit(app),
      schema: {
        summary: "Change my review",
        description:
          "The review as it should now read, within 30 days of writing it (409 after). Photos it keeps are named by their address.",
        params: z.object({ token: z.string().max(200), reviewId: z.string().max(200) }),
        body: ReviewEditSchema,
        response: { 200: OwnReviewSchema, ...refusals(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => reviews(request, reply).edit(request.params.token, request.params.reviewId, request.body),
  );

  api.get(
    "/products/:id/reviews",
    {
      schema: {
        summary: "List a product's reviews",
        description: "Published reviews only, newest first, with the average and count.",
        params: IdParamsSchema,
        querystring: ReviewPageQuerySchema,
        response: { 200: ReviewPageSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      if (!(await catalog.getProduct(request.params.id))) throw refuse("missing", "Product not found.");
      return reviews(request, reply).forItem("Product", request.params.id, request.query.page);
    },
  );

  api.get(
    "/collections/:id/reviews",
    {
      schema: {
        summary: "List a collection's reviews",
        description: "Published reviews only, newest first, with the average and count.",
        params: IdParamsSchema,
        querystring: ReviewPageQuerySchema,
        response: { 200: ReviewPageSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      if (!(await catalog.getCollection(request.params.id))) throw refuse("missing", "Collection not found.");
      return reviews(request, reply).forItem("Collection", request.params.id, request.query.page);
    },
  );
}
