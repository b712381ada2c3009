/**
 * The project forms (SPEC.md §2, §4, §5): /admin/addproject takes one image at a time,
 * /admin/editProject/{id} several at once; both add to the images already there.
 */
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import type { Project } from "../../../domain/catalog/catalog.types";
import { PROJECT_CATEGORIES } from "../../../domain/catalog/project-categories";
import {
  PROJECT_MESSAGES,
  ProjectInputSchema,
  ProjectUpdateSchema,
  type ProjectInput,
} from "../../../domain/catalog/project-input.schema";
import { saveProject } from "../../features/admin/admin-api";
import { useAdminForm } from "../../features/admin/use-admin-form";
import { FormActions, FormAlert, FormSection, PriceInput, SelectInput, TextInput } from "./form-controls";
import { existingImage, ImagePicker, imagesForApi, type PickedImage } from "./image-picker";
import { RichTextEditor } from "./rich-text-editor";

export const PROJECTS_SECTION = "/admin/dashboard?section=projects";

const ORDER = ["title", "location", "category", "price", "description", "images"] as const;

interface Values {
  title: string;
  location: string;
  category: string;
  price: string;
}

export function ProjectForm({ project }: { project: Project | null }) {
  const navigate = useNavigate();
  const editing = project !== null;
  const [values, setValues] = useState<Values>(() => ({
    title: project?.title ?? "",
    location: project?.location ?? "",
    category: project?.category ?? "",
    price: project ? String(project.price) : "",
  }));
  const [description, setDescription] = useState(project?.description ?? "");
  const [images, setImages] = useState<PickedImage[]>(() => project?.images.map(existingImage) ?? []);
  const { errors, busy, messages, alertId, clear, fail, save } = useAdminForm("project", ORDER);

  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Title, location and category share one message: fixing one clears it only there.
    clear(field);
  };

  const body = (): ProjectInput => ({
    title: values.title,
    location: values.location,
    category: values.category,
    price: values.price,
    description,
    images: imagesForApi(images),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const payload = body();
    void save({
      schema: editing ? ProjectUpdateSchema : ProjectInputSchema,
      body: payload,
      send: () => saveProject(project?._id ?? null, payload),
      then: async () => {
        toast.success(editing ? "Project updated successfully!" : "Project added successfully");
        await navigate(PROJECTS_SECTION);
      },
      fallback: editing
        ? "Failed to update the project. Please try again."
        : "Failed to add the project. Please try again.",
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-8">
      <FormSection title="Details">
        <TextInput
          id="project-title"
          label="Title"
          required
          value={values.title}
          onValueChange={(v) => set("title", v)}
          error={errors.title}
          maxLength={200}
          autoComplete="off"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            id="project-location"
            label="Location"
            required
            value={values.location}
            onValueChange={(v) => set("location", v)}
            error={errors.location}
            hint="e.g. Lekki, Lagos"
            maxLength={200}
            autoComplete="off"
          />
          <SelectInput
            id="project-category"
            label="Category"
            required
            value={values.category}
            onValueChange={(v) => set("category", v)}
            options={PROJECT_CATEGORIES.map((category) => ({ value: category, label: category }))}
            placeholder="Select a category"
            error={errors.category}
          />
        </div>
        <div className="sm:w-1/2 sm:pr-2.5">
          <PriceInput
            id="project-price"
            label="Price / Budget"
            required
            value={values.price}
            onValueChange={(v) => set("price", v)}
            error={errors.price}
          />
        </div>
        <RichTextEditor
          id="project-description"
          label="Scope of work"
          required
          initialHtml={description}
          onChange={(html) => {
            setDescription(html);
            clear("description");
          }}
          error={errors.description}
        />
      </FormSection>

      <FormSection title="Images">
        <ImagePicker
          hideLabel
          id="project-images"
          label="Project images"
          chooseLabel={editing ? "Add images" : images.length > 0 ? "Add another image" : "Add an image"}
          mode="append"
          multiple={editing}
          required
          images={images}
          onImagesChange={(next) => {
            setImages(next);
            clear("images");
          }}
          onReadError={(message) => fail("images", message)}
          messages={{ unreadable: PROJECT_MESSAGES.image, tooLarge: "Image is larger than 10 MB." }}
          error={errors.images}
          hint={
            editing
              ? "Choose several images at once; up to 6 new ones per save, 10 MB each."
              : "One image at a time, up to 6 per save, 10 MB each. The first is the cover."
          }
        />
      </FormSection>

      <div className="space-y-4">
        <FormAlert id={alertId} messages={messages} />
        <FormActions
          busy={busy}
          label={editing ? "Save Changes" : "Add Project"}
          busyLabel="Saving..."
          cancelHref={PROJECTS_SECTION}
        />
      </div>
    </form>
  );
}
