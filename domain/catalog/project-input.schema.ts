/**
 * The project forms: `ProjectInputSchema` for addProject and `ProjectUpdateSchema` for
 * the edit form and an update once laid over the stored project, which words two
 * messages differently. `ProjectUpdateBodySchema` is the body of updateProject/:id,
 * where a field left out keeps its stored value (partial-input.ts).
 * The budget is naira above 0 with at most 2 decimals.
 */
import { z } from "zod";
import { imageList, nairaPrice, requiredText, richText, statusField } from "./input-fields";
import { partialInput } from "./partial-input";
import { normaliseProjectCategory } from "./project-categories";

export const PROJECT_MESSAGES = {
  required: "Please fill out all required fields (Title, Location, Category).",
  categoryUnknown: "Please choose one of the project categories.",
  description: { add: "Project description cannot be empty.", update: "Description cannot be empty." },
  price: {
    add: "Price must be a valid number greater than 0.",
    update: "Price/Budget must be a valid number greater than 0.",
  },
  images: "At least one image is required for the project.",
  image: "Failed to read image file.",
} as const;

const category = z.string({ error: PROJECT_MESSAGES.required }).transform((value, ctx) => {
  if (!value.trim()) {
    ctx.addIssue({ code: "custom", message: PROJECT_MESSAGES.required });
    return z.NEVER;
  }
  const canonical = normaliseProjectCategory(value);
  if (!canonical) {
    ctx.addIssue({ code: "custom", message: PROJECT_MESSAGES.categoryUnknown });
    return z.NEVER;
  }
  return canonical;
});

function projectSchema(form: "add" | "update") {
  return z.object({
    title: requiredText(PROJECT_MESSAGES.required, { max: 200, label: "Title" }),
    location: requiredText(PROJECT_MESSAGES.required, { max: 200, label: "Location" }),
    category,
    price: nairaPrice({ invalid: PROJECT_MESSAGES.price[form], positive: true }),
    description: richText({ missing: PROJECT_MESSAGES.description[form], empty: PROJECT_MESSAGES.description[form] }),
    images: imageList({ unreadable: PROJECT_MESSAGES.image, required: PROJECT_MESSAGES.images }),
    status: statusField(),
  });
}

export const ProjectInputSchema = projectSchema("add");
export const ProjectUpdateSchema = projectSchema("update");
export const ProjectUpdateBodySchema = partialInput(ProjectUpdateSchema);

export type ProjectInput = z.input<typeof ProjectInputSchema>;
export type ProjectFields = z.output<typeof ProjectInputSchema>;
export type ProjectUpdateBody = z.output<typeof ProjectUpdateBodySchema>;
