/**
 * Reviews (docs/product.md, Reviews): what a customer sends from the review link, what the
 * shop answers, and the messages both show. Only a delivered order's lines are reviewed,
 * each once; the shop publishes, hides (with a reason) and replies once, never edits.
 */
import { z } from "zod";
import { ImageRefSchema, PublicReviewSchema } from "../catalog/catalog-answers.schema";
import type { PublicReview, Rating } from "../catalog/catalog.types";

export type { PublicReview, Rating };
import { ITEM_TYPES } from "../shopping-lists";
import { refuseControlCharacters } from "../typed-text.schema";
import { MAX_REVIEW_PHOTOS, REVIEW_EDIT_DAYS, REVIEW_STATUSES } from "./review-display";

export const REVIEW_MESSAGES = {
  rating: "Choose from 1 to 5 stars.",
  title: "Give your review a title.",
  text: "Tell other customers about the piece.",
  displayName: 'Say how your name shows, such as "Chioma, Lekki".',
  line: "Choose a piece of this order to review.",
  photos: `Add at most ${MAX_REVIEW_PHOTOS} photos.`,
  photo: "A photo could not be read. Please choose a JPEG, PNG or WebP picture.",
  notDelivered: "This order is not delivered, so it cannot be reviewed now.",
  notReviewable: "Only pieces of the catalogue can be reviewed.",
  already: "This piece has been reviewed already. You can change your review from this page.",
  editClosed: `A review can be changed for ${REVIEW_EDIT_DAYS} days after it was written.`,
  reason: "Say why the review is hidden: the shop keeps it with the review.",
  reply: "Write the reply.",
  replied: "This review has a reply already: a review is answered once.",
  notFound: "Review not found.",
  linkNotFound: "This review link is not valid.",
} as const;

const line = (max: number, label: string, missing: string) =>
  refuseControlCharacters(z.string({ error: missing }).trim(), label)
    .min(1, { error: missing })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const paragraph = (max: number, label: string, missing: string) =>
  refuseControlCharacters(z.string({ error: missing }).trim(), label, "many")
    .min(1, { error: missing })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** A tick from a form ("on") or the API's true. */
const consent = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const rating = z.coerce
  .number({ error: REVIEW_MESSAGES.rating })
  .int({ error: REVIEW_MESSAGES.rating })
  .min(1, { error: REVIEW_MESSAGES.rating })
  .max(5, { error: REVIEW_MESSAGES.rating });

/**
 * Photos as sent: a new one as its data string ("data:image/jpeg;base64,…"), a photo the
 * review shows already by its own address. How many is checked by the door (413), and each
 * new one by the media pipeline.
 */
const photos = z
  .array(z.string({ error: REVIEW_MESSAGES.photo }).max(20_000_000, { error: REVIEW_MESSAGES.photo }), {
    error: REVIEW_MESSAGES.photo,
  })
  .max(50, { error: REVIEW_MESSAGES.photos })
  .optional()
  .transform((list) => list ?? []);

const reviewFields = {
  rating,
  title: line(100, "The title", REVIEW_MESSAGES.title),
  text: paragraph(2000, "The review", REVIEW_MESSAGES.text),
  photos,
  displayName: line(60, "The name shown", REVIEW_MESSAGES.displayName),
  consentToShowPhotos: consent.optional().transform((value) => value ?? false),
};

/** POST /api/reviews/:token */
export const ReviewInputSchema = z.object({
  lineId: z.string({ error: REVIEW_MESSAGES.line }).min(1, { error: REVIEW_MESSAGES.line }).max(100),
  ...reviewFields,
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;
export type ReviewInputBody = z.input<typeof ReviewInputSchema>;

/** PUT /api/reviews/:token/:reviewId: the review as it should now read. */
export const ReviewEditSchema = z.object(reviewFields);
export type ReviewEdit = z.output<typeof ReviewEditSchema>;

/** POST /api/admin/operations/reviews/:id/hide */
export const ReviewHideSchema = z.object({ reason: line(300, "The reason", REVIEW_MESSAGES.reason) });
/** POST /api/admin/operations/reviews/:id/reply */
export const ReviewReplySchema = z.object({ text: paragraph(1000, "The reply", REVIEW_MESSAGES.reply) });

/** GET /api/admin/operations/reviews */
export const ReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "Status must be pending, published or hidden." }).default("pending"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** GET /api/products/:id/reviews and /api/collections/:id/reviews */
export const ReviewPageQuerySchema = z.object({
  page: z.coerce.number({ error: "Page must be a number." }).int().min(1).max(10_000).default(1),
});

/** The customer's own review, as the review link shows it. */
export const OwnReviewSchema = z.object({
  _id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  photos: z.array(ImageRefSchema),
  displayName: z.string(),
  consentToShowPhotos: z.boolean(),
  reply: z.string().nullable(),
  edited: z.boolean(),
  createdAt: z.string(),
  /** The last moment its author may change it. */
  editableUntil: z.string(),
});
export type OwnReview = z.output<typeof OwnReviewSchema>;

/** GET /api/reviews/:token */
export const ReviewLinkSchema = z.object({
  reference: z.string(),
  /** Whether the link takes reviews and changes now: the order is delivered (and still so). */
  open: z.boolean(),
  /** The review link's page, absolute. */
  reviewUrl: z.string(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      option: z.string().nullable(),
      itemType: z.enum(ITEM_TYPES),
      item: z.string(),
      image: ImageRefSchema.nullable(),
      review: OwnReviewSchema.nullable(),
    }),
  ),
});
export type ReviewLink = z.output<typeof ReviewLinkSchema>;

export const ReviewPageSchema = z.object({
  reviews: z.array(PublicReviewSchema),
  average: z.number().nullable(),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ReviewPage = z.output<typeof ReviewPageSchema>;

/** A review as the moderation page lists it. */
export const AdminReviewSchema = PublicReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  hiddenReason: z.string().nullable(),
  consentToShowPhotos: z.boolean(),
  itemType: z.enum(ITEM_TYPES),
  item: z.string(),
  itemName: z.string(),
  orderId: z.string(),
  reference: z.string(),
  repliedBy: z.string().nullable(),
});
export type AdminReview = z.output<typeof AdminReviewSchema>;

export const AdminReviewListSchema = z.object({
  reviews: z.array(AdminReviewSchema),
  counts: z.object({ pending: z.number(), published: z.number(), hidden: z.number() }),
  hasMore: z.boolean(),
});
export type AdminReviewList = z.output<typeof AdminReviewListSchema>;

/**
 * A photo a customer agreed to show, of a published review, as the project editor offers
 * it under "Customers' photos": the picture (its `public_id` is the media id a project
 * keeps), who took it as their review names them, and the piece reviewed.
 */
export const CustomerPhotoSchema = z.object({
  photo: ImageRefSchema,
  review: z.string(),
  displayName: z.string(),
  itemType: z.enum(ITEM_TYPES),
  item: z.string(),
  itemName: z.string(),
  createdAt: z.string(),
});
export type CustomerPhoto = z.output<typeof CustomerPhotoSchema>;

export const CustomerPhotoListSchema = z.object({ photos: z.array(CustomerPhotoSchema) });

/** Said when a review's photo is chosen for a project or piece it may not join. */
export const PHOTO_NOT_OFFERED =
  "A customer's photo can no longer be used: its review is not published or its author no longer agrees to show it.";
