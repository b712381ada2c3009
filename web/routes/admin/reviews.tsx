/**
 * /admin/reviews?status=pending|published|hidden: customers' reviews as the shop
 * moderates them (docs/product.md, Reviews), for Owner and Sales. New reviews wait here
 * until published; a review may be hidden with a reason (kept), and answered once. The
 * Owner sets whether 4 and 5 stars are published as they arrive. Every form is a plain
 * post the server answers, with scripts or without.
 */
import { Form, Link, useNavigation } from "react-router";
import { formatMoment } from "../../../domain/dates";
import {
  AUTO_PUBLISH_FROM,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  starsLabelOf,
  verifiedBadge,
  type ReviewStatus,
} from "../../../domain/reviews/review-display";
import type { AdminReview } from "../../../domain/reviews/reviews.schema";
import { allows } from "../../../domain/staff/permissions";
import { AdminSidebar } from "../../components/admin/admin-sidebar";
import { ReviewPhotos } from "../../components/reviews/review-list";
import { Stars } from "../../components/reviews/stars";
import { requireStaffPage } from "../../features/admin/admin-page.server";
import { BackField } from "../../lib/back-field";
import type { Flash } from "../../lib/flash";
import { answer, refusalOf } from "../../lib/page-actions.server";
import { useFlashToast } from "../../lib/use-flash-toast";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Reviews" }, { name: "robots", content: "noindex" }];

const statusOf = (value: string | null): ReviewStatus =>
  REVIEW_STATUSES.includes(value as ReviewStatus) ? (value as ReviewStatus) : "pending";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStaffPage(context, "reviews.moderate");
  const params = new URL(request.url).searchParams;
  const status = statusOf(params.get("status"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const [list, unread] = await Promise.all([
    context.reviewDesk.list({ status, page }),
    context.admin.countUnreadMessages(),
  ]);
  return {
    list,
    status,
    page,
    unread,
    autoPublish: context.site.autoPublishReviews,
    owner: allows(viewer.roles, "settings.write"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const text = (name: string) => {
    const value = posted.get(name);
    return typeof value === "string" ? value : "";
  };
  const id = text("id");
  try {
    switch (text("intent")) {
      case "publish":
        await context.reviewDesk.publish(id);
        return answer(request, posted, { kind: "success", message: "Review published." });
      case "hide":
        await context.reviewDesk.hide(id, { reason: text("reason") });
        return answer(request, posted, { kind: "success", message: "Review hidden." });
      case "reply":
        await context.reviewDesk.reply(id, { text: text("text") });
        return answer(request, posted, { kind: "success", message: "Reply published." });
      case "auto-publish": {
        const on = text("autoPublish") === "on";
        await context.settings.update({ autoPublishReviews: on });
        const message = on
          ? `Reviews of ${AUTO_PUBLISH_FROM} and 5 stars are now published as they arrive.`
          : "Every review now waits for you to publish it.";
        return answer(request, posted, { kind: "success", message });
      }
      default:
        return answer(request, posted, { kind: "error", message: "Choose what to do with the review." }, 400);
    }
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return answer(request, posted, { kind: "error", message: refusal.message }, refusal.status);
  }
}

const button = "inline-flex min-h-11 items-center rounded-full px-4 text-sm";
const fieldClass =
  "block w-full min-w-0 rounded-xl border border-line bg-white px-3 py-2.5 text-[15px] focus:border-ink focus:outline-none";

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { list, status, page, unread, autoPublish, owner } = loaderData;
  // With scripts the page stays and the message shows as a toast; without, as the flash.
  useFlashToast(actionData as { flash?: Flash } | undefined);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-5 md:px-8 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:py-10">
      <AdminSidebar active="reviews" unread={unread} />
      <div className="min-w-0">
        <h1 className="font-serif text-3xl md:text-4xl">Reviews</h1>
        <p className="mt-2 max-w-2xl text-sm text-stone">
          Reviews come only from delivered orders, by the link sent with the &ldquo;Delivered&rdquo; message. You may
          publish, hide with a reason, and reply once; the words stay the customer&rsquo;s.
        </p>
        {owner ? (
          <Form method="post" className="mt-5 flex flex-wrap items-center gap-3 rounded-2xl bg-sand p-4 text-sm">
            <input type="hidden" name="intent" value="auto-publish" />
            <BackField />
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="autoPublish" defaultChecked={autoPublish} className="size-5 accent-ink" />
              Publish reviews of {AUTO_PUBLISH_FROM} and 5 stars as they arrive
            </label>
            <button type="submit" disabled={busy} className={`${button} border border-ink`}>
              Save
            </button>
          </Form>
        ) : (
          <p className="mt-5 text-sm text-stone">
            {autoPublish
              ? `Reviews of ${AUTO_PUBLISH_FROM} and 5 stars are published as they arrive; the others wait here.`
              : "Every review waits here until it is published."}
          </p>
        )}
        <nav aria-label="Review statuses" className="mt-6 flex flex-wrap gap-2">
          {REVIEW_STATUSES.map((one) => (
            <Link
              key={one}
              to={`?status=${one}`}
              aria-current={one === status ? "page" : undefined}
              className={`${button} ${one === status ? "bg-ink text-white" : "border border-line hover:bg-sand"}`}
            >
              {REVIEW_STATUS_LABELS[one]} ({list.counts[one]})
            </Link>
          ))}
        </nav>
        {list.reviews.length === 0 ? (
          <p className="mt-8 text-stone">No {REVIEW_STATUS_LABELS[status].toLowerCase()} reviews.</p>
        ) : (
          <ul className="mt-6 space-y-5">
            {list.reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} busy={busy} />
              </li>
            ))}
          </ul>
        )}
        {(page > 1 || list.hasMore) && (
          <nav aria-label="Pages" className="mt-6 flex gap-4 text-sm">
            {page > 1 && (
              <Link to={`?status=${status}&page=${page - 1}`} className="underline underline-offset-4">
                Newer
              </Link>
            )}
            {list.hasMore && (
              <Link to={`?status=${status}&page=${page + 1}`} className="underline underline-offset-4">
                Older
              </Link>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}

function ReviewCard({ review, busy }: { review: AdminReview; busy: boolean }) {
  const itemPath = `/${review.itemType === "Product" ? "product" : "collection"}/${review.item}`;
  return (
    <article aria-label={`${review.displayName}: ${review.title}`} className="rounded-2xl border border-line p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <Link to={itemPath} className="font-medium underline underline-offset-4">
            {review.itemName}
          </Link>{" "}
          · order{" "}
          <Link to={`/admin/orders/${review.orderId}`} className="underline underline-offset-4">
            {review.reference}
          </Link>
        </p>
        <p className="text-xs text-stone">{formatMoment(review.createdAt)}</p>
      </div>
      <Stars rating={review.rating} label={starsLabelOf(review.rating)} className="mt-3 text-lg" />
      <h2 className="mt-1 font-medium">{review.title}</h2>
      <p className="mt-1 text-xs text-stone">
        {review.displayName} · {verifiedBadge(review.deliveredOn)}
        {review.edited && " · edited"}
        {review.consentToShowPhotos && " · photos may be shown"}
      </p>
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-line">{review.text}</p>
      {review.photos.length > 0 && (
        <ReviewPhotos photos={review.photos} label={`${review.displayName}'s photos`} className="mt-3" />
      )}
      {review.hiddenReason && (
        <p className="mt-3 rounded-xl bg-sand px-3 py-2 text-sm">
          <span className="font-medium">Hidden:</span> {review.hiddenReason}
        </p>
      )}
      {review.reply && (
        <p className="mt-3 border-l-2 border-ink pl-3 text-sm">
          <span className="font-medium">Your reply{review.repliedBy ? ` (${review.repliedBy})` : ""}:</span>{" "}
          {review.reply}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {review.status !== "published" && (
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="id" value={review._id} />
            <BackField />
            <button type="submit" disabled={busy} className={`${button} bg-ink text-white hover:bg-ink/90`}>
              Publish
            </button>
          </Form>
        )}
        {review.status !== "hidden" && (
          <details className="min-w-0">
            <summary className={`${button} cursor-pointer border border-line list-none`}>Hide…</summary>
            <Form method="post" className="mt-3 w-72 max-w-full space-y-2">
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="id" value={review._id} />
              <BackField />
              <label htmlFor={`reason-${review._id}`} className="text-sm font-medium">
                Why it is hidden (kept with it)
              </label>
              <input id={`reason-${review._id}`} name="reason" required maxLength={300} className={fieldClass} />
              <button type="submit" disabled={busy} className={`${button} border border-ink`}>
                Hide review
              </button>
            </Form>
          </details>
        )}
        {!review.reply && (
          <details className="min-w-0">
            <summary className={`${button} cursor-pointer border border-line list-none`}>Reply…</summary>
            <Form method="post" className="mt-3 w-96 max-w-full space-y-2">
              <input type="hidden" name="intent" value="reply" />
              <input type="hidden" name="id" value={review._id} />
              <BackField />
              <label htmlFor={`reply-${review._id}`} className="text-sm font-medium">
                Your public reply (once; it cannot be changed)
              </label>
              <textarea
                id={`reply-${review._id}`}
                name="text"
                required
                maxLength={1000}
                rows={3}
                className={fieldClass}
              />
              <button type="submit" disabled={busy} className={`${button} bg-ink text-white hover:bg-ink/90`}>
                Publish reply
              </button>
            </Form>
          </details>
        )}
      </div>
    </article>
  );
}
