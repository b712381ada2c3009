/**
 * An order's review link (docs/product.md, Reviews), sent with the "Delivered" message and
 * e-mail and shown on the tracking page as "Review your pieces". Whoever holds the link
 * reviews each delivered piece once, and may change a review for 30 days; no sign-in.
 * Every form is a multipart post the server answers, with scripts or without.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { formatDay } from "../../domain/dates";
import { type OwnReview } from "../../domain/reviews/reviews.schema";
import { HOW_REVIEWS_ARE_COLLECTED, REVIEW_STATUS_LABELS, starsLabelOf } from "../../domain/reviews/review-display";
import { LineThumbnail } from "../components/orders/line-thumbnail";
import { ReviewForm } from "../components/reviews/review-form";
import { ReviewPhotos } from "../components/reviews/review-list";
import { Stars } from "../components/reviews/stars";
import { withFilesRead } from "../features/admin/admin-form-data";
import { actionAnswer, redirectWithFlash, refusalOf, refusedReply } from "../lib/page-actions.server";
import type { Route } from "./+types/review";

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await context.reviews.link(params.token);
  if (!link) throw data(null, { status: 404 });
  return { link, now: Date.now() };
}

/** The form as the API's body: the files as data strings, the photos kept by their address. */
function reviewBody(read: FormData) {
  const text = (name: string) => {
    const value = read.get(name);
    return typeof value === "string" ? value : "";
  };
  const strings = (name: string) => read.getAll(name).filter((value) => typeof value === "string");
  return {
    rating: text("rating"),
    title: text("title"),
    text: text("text"),
    displayName: text("displayName"),
    photos: [...strings("keep").map((id) => `/media/${id}/`), ...strings("photos")],
    consentToShowPhotos: read.get("consentToShowPhotos") === "on",
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const read = await withFilesRead(await request.formData());
  // What was typed comes back with the server's messages (never the photos' bytes); the rules are the door's.
  const typed = new FormData();
  for (const [name, value] of read) if (name !== "photos") typed.append(name, value);
  const submission = parseWithZod(typed, { schema: z.object({}).loose() });
  const lineId = String(read.get("lineId") ?? "");
  const reviewId = read.get("reviewId");
  const body = reviewBody(read);
  try {
    if (typeof reviewId === "string" && reviewId) await context.reviews.edit(params.token, reviewId, body);
    else await context.reviews.write(params.token, { ...body, lineId });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return actionAnswer({ lineId, result: refusedReply(submission, refusal) }, refusal.status);
  }
  return redirectWithFlash(`/reviews/${params.token}#line-${lineId}`, {
    kind: "success",
    message: typeof reviewId === "string" && reviewId ? "Your review is saved." : "Thank you for your review!",
  });
}

// The link is the only key to the order: no cache keeps the page, and no search engine lists it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Review your pieces · ${loaderData.link.reference}` : "404 Not Found" },
  { name: "robots", content: "noindex" },
];

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { link, now } = loaderData;
  const answered = actionData as { lineId: string; result: Parameters<typeof ReviewForm>[0]["lastResult"] } | undefined;
  return (
    <div className="mx-auto max-w-3xl px-5 pt-8 pb-28 md:px-8 md:pt-12">
      <p className="text-xs tracking-[0.2em] text-stone uppercase">Order {link.reference}</p>
      <h1 className="mt-3 font-serif text-3xl leading-tight md:text-4xl">Review your pieces</h1>
      <p className="mt-3 text-stone">{HOW_REVIEWS_ARE_COLLECTED}</p>
      {!link.open && (
        <p role="status" className="mt-6 rounded-2xl bg-sand p-4 text-sm">
          This order is not delivered, so its pieces cannot be reviewed now.
        </p>
      )}
      <ul className="mt-8 space-y-10">
        {link.lines.map((line) => (
          <li key={line.lineId} id={`line-${line.lineId}`} className="scroll-mt-24 border-t border-line pt-8">
            <div className="flex items-start gap-4">
              <LineThumbnail image={line.image} />
              <div className="min-w-0">
                <h2 className="font-serif text-xl">{line.name}</h2>
                {line.option && <p className="mt-1 text-sm text-stone">{line.option}</p>}
              </div>
            </div>
            {line.review && <WrittenReview review={line.review} />}
            {link.open &&
              (line.review === null ? (
                <ReviewForm
                  lineId={line.lineId}
                  review={null}
                  lastResult={answered?.lineId === line.lineId ? answered.result : undefined}
                />
              ) : (
                Date.parse(line.review.editableUntil) > now && (
                  <details className="mt-4" open={answered?.lineId === line.lineId || undefined}>
                    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline underline-offset-4">
                      Change your review (until {formatDay(line.review.editableUntil.slice(0, 10))})
                    </summary>
                    <ReviewForm
                      lineId={line.lineId}
                      review={line.review}
                      lastResult={answered?.lineId === line.lineId ? answered.result : undefined}
                    />
                  </details>
                )
              ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATUS_WORDS: Record<OwnReview["status"], string> = {
  pending: "Waiting for the shop to publish it.",
  published: "Published on the piece's page.",
  hidden: "Not shown on the piece's page.",
};

function WrittenReview({ review }: { review: OwnReview }) {
  return (
    <div className="mt-5 rounded-2xl bg-sand p-5">
      <p className="text-xs tracking-wide text-stone uppercase">
        Your review · {REVIEW_STATUS_LABELS[review.status]}
        {review.edited && " · edited"}
      </p>
      <Stars rating={review.rating} label={starsLabelOf(review.rating)} className="mt-2 text-lg" />
      <p className="mt-1 font-medium">{review.title}</p>
      <p className="mt-2 text-sm leading-relaxed whitespace-pre-line">{review.text}</p>
      {review.photos.length > 0 && <ReviewPhotos photos={review.photos} label="Photos sent" className="mt-3" />}
      <p className="mt-3 text-sm text-stone">{STATUS_WORDS[review.status]}</p>
      {review.reply && (
        <p className="mt-3 border-l-2 border-ink pl-3 text-sm">
          <span className="font-medium">The shop replied:</span> {review.reply}
        </p>
      )}
    </div>
  );
}
