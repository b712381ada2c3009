/**
 * The project forms: /admin/addproject takes one picture at a time, /admin/editProject/{id}
 * several at once; both add to the pictures already there. The edit form also offers
 * "Customers' photos" to whoever may change projects (customer-photos-picker.tsx).
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { Project } from "../../../domain/catalog/catalog.types";
import { PROJECT_CATEGORIES } from "../../../domain/catalog/project-categories";
import { ProjectInputSchema, ProjectUpdateSchema } from "../../../domain/catalog/project-input.schema";
import { withFilesAsImages } from "../../features/admin/admin-form-data";
import { Field, FormErrors, SelectField } from "../form/fields";
import { FormSection } from "../form/form-section";
import { PriceField } from "../form/price-field";
import { useSchemaForm } from "../form/use-schema-form";
import { FormActions } from "./form-page";
import type { CustomerPhoto } from "../../../domain/reviews/reviews.schema";
import { CustomerPhotosPicker } from "./customer-photos-picker";
import { ImagePicker } from "./image-picker";
import { RichTextEditor } from "./rich-text-editor";

export const PROJECTS_SECTION = "/admin/dashboard?section=projects";

export const PROJECT_FORM_SHAPE = { lists: ["images"] } as const;

const valuesOf = (project: Project | null) =>
  project
    ? {
        title: project.title,
        location: project.location,
        category: project.category,
        price: String(project.price),
        description: project.description,
      }
    : undefined;

export function ProjectForm({
  project,
  lastResult,
  customerPhotos = null,
}: {
  project: Project | null;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Photos customers agreed to show, offered in the edit form; null hides the choice. */
  customerPhotos?: readonly CustomerPhoto[] | null;
}) {
  const editing = project !== null;
  const [form, fields] = useSchemaForm({
    id: "project",
    schema: editing ? ProjectUpdateSchema : ProjectInputSchema,
    lastResult,
    defaultValue: valuesOf(project),
    prepare: withFilesAsImages,
  });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
      <FormErrors form={form} />
      <FormSection title="Details">
        <Field meta={fields.title} label="Title" markRequired maxLength={200} autoComplete="off" />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            meta={fields.location}
            label="Location"
            markRequired
            hint="e.g. Lekki, Lagos"
            maxLength={200}
            autoComplete="off"
          />
          <SelectField
            meta={fields.category}
            label="Category"
            markRequired
            options={PROJECT_CATEGORIES.map((category) => ({ value: category, label: category }))}
            placeholder="Select a category"
          />
        </div>
        <div className="sm:w-1/2 sm:pr-2.5">
          <PriceField meta={fields.price} label="Price / Budget" markRequired />
        </div>
        <RichTextEditor meta={fields.description} label="Scope of work" required />
      </FormSection>

      <FormSection title="Images">
        <ImagePicker
          hideLabel
          meta={fields.images}
          saved={project?.images ?? []}
          label="Project images"
          chooseLabel={(_, count) => (editing ? "Add images" : count > 0 ? "Add another image" : "Add an image")}
          mode="append"
          multiple={editing}
          required
          hint={
            editing
              ? "Choose several images at once; up to 6 new ones per save, 10 MB each."
              : "One image at a time, up to 6 per save, 10 MB each. The first is the cover."
          }
        />
        {customerPhotos && (
          <CustomerPhotosPicker
            meta={fields.images}
            photos={customerPhotos}
            shown={(project?.images ?? []).map((image) => image.public_id)}
          />
        )}
      </FormSection>

      <FormActions saved={project?.status} cancelHref={PROJECTS_SECTION} />
    </Form>
  );
}
