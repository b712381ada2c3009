/**
 * A customer's review of one delivered piece (docs/product.md, Reviews): the stars, a
 * title, the text, the name to show, up to four photos and the consent to show them in
 * the product's gallery. A plain multipart form: it is sent, and answered, the same way
 * before the page's scripts run and after; only the server checks it.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { type OwnReview } from "../../../domain/reviews/reviews.schema";
import { MAX_REVIEW_PHOTOS } from "../../../domain/reviews/review-display";
import { BackField } from "../../lib/back-field";
import { Field, FieldNote, FormErrors, SubmitButton, TextAreaField } from "../form/fields";
import { useServerForm } from "../form/use-server-form";
import { ResponsiveImage } from "../ui/responsive-image";

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

export const reviewFormId = (lineId: string) => `review-${lineId}`;

export function ReviewForm({
  lineId,
  review,
  lastResult,
}: {
  lineId: string;
  /** The review to change; null for a new one. */
  review: OwnReview | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const id = reviewFormId(lineId);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("lineId") === lineId;
  const [form, fields] = useServerForm<{
    rating: string;
    title: string;
    text: string;
    displayName: string;
    photos: string;
    consentToShowPhotos: string;
  }>({
    id,
    lastResult,
    defaultValue: review
      ? {
          rating: String(review.rating),
          title: review.title,
          text: review.text,
          displayName: review.displayName,
          consentToShowPhotos: review.consentToShowPhotos ? "on" : "",
        }
      : undefined,
  });
  const chosen = String(fields.rating.value ?? fields.rating.initialValue ?? "");
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-5 space-y-5">
      <input type="hidden" name="lineId" value={lineId} />
      {review && <input type="hidden" name="reviewId" value={review._id} />}
      <BackField />
      <div className="empty:hidden">
        <FormErrors form={form} />
      </div>
      <fieldset aria-describedby={fields.rating.errors ? `${fields.rating.id}-note` : undefined}>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label
              key={stars}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm has-checked:border-ink has-checked:bg-sand"
            >
              <input
                // The form's summary links a missing rating to its first choice.
                id={stars === 5 ? fields.rating.id : undefined}
                type="radio"
                name={fields.rating.name}
                form={id}
                value={stars}
                defaultChecked={chosen === String(stars)}
                className="accent-ink"
              />
              <span aria-hidden="true">{"★".repeat(stars)}</span>
              <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
              <span>{RATING_WORDS[stars]}</span>
            </label>
          ))}
        </div>
        <FieldNote meta={fields.rating} />
      </fieldset>
      <Field meta={fields.title} label="Title" maxLength={100} required />
      <TextAreaField meta={fields.text} label="Your review" rows={5} maxLength={2000} required />
      <Field
        meta={fields.displayName}
        label="Your name as shown"
        hint="Your first name and area, such as Chioma, Lekki."
        maxLength={60}
        autoComplete="given-name"
        required
      />
      {review && review.photos.length > 0 && <KeptPhotos formId={id} photos={review.photos} />}
      <div className="min-w-0">
        <label htmlFor={fields.photos.id} className="text-sm font-medium">
          Photos of the piece in your home (optional, up to {MAX_REVIEW_PHOTOS})
        </label>
        <input
          id={fields.photos.id}
          name={fields.photos.name}
          form={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-invalid={fields.photos.errors ? true : undefined}
          aria-describedby={fields.photos.errors ? `${fields.photos.id}-note` : undefined}
          className="mt-2 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-sand file:px-4 file:text-sm"
        />
        <FieldNote meta={fields.photos} />
      </div>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          name={fields.consentToShowPhotos.name}
          form={id}
          defaultChecked={fields.consentToShowPhotos.initialValue === "on"}
          className="mt-0.5 size-5 shrink-0 accent-ink"
        />
        <span>
          The shop may show my photos on the piece&rsquo;s page under &ldquo;In customers&rsquo; homes&rdquo;, and in
          its projects.
        </span>
      </label>
      <SubmitButton pending={pending} pendingLabel="Sending…" wide={false}>
        {review ? "Save changes" : "Send review"}
      </SubmitButton>
    </Form>
  );
}

/** The photos a review shows already: each stays while its box is ticked. */
function KeptPhotos({ formId, photos }: { formId: string; photos: ImageRef[] }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">Your photos</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <label key={photo.public_id} className="flex cursor-pointer flex-col items-center gap-1 text-xs">
            <span className="block size-20 overflow-hidden rounded-lg bg-sand">
              <ResponsiveImage
                image={photo}
                alt={`Photo ${index + 1}`}
                sizes="80px"
                className="size-full object-cover"
              />
            </span>
            <span className="flex min-h-11 items-center gap-1.5">
              <input
                type="checkbox"
                name="keep"
                value={photo.public_id}
                form={formId}
                defaultChecked
                className="accent-ink"
              />
              Keep
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
