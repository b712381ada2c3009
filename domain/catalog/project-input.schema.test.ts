import { describe, expect, it } from "vitest";
import { ProjectInputSchema, ProjectUpdateSchema } from "./project-input.schema";

const form = {
  title: "Banana Island Residence",
  location: "Ikoyi, Lagos",
  category: "hospitality",
  price: "12500000.75",
  description: "<p>Full design.</p>",
  images: ["data:image/webp;base64,UklGRg=="],
};

const messages = (schema: typeof ProjectInputSchema, input: object) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message);

describe("the project schemas", () => {
  it("read the form", () => {
    expect(ProjectInputSchema.parse(form)).toMatchObject({ category: "Hospitality", price: 12500000.75 });
  });

  it("word the rules as the add and edit forms do", () => {
    const required = "Please fill out all required fields (Title, Location, Category).";
    expect(messages(ProjectInputSchema, { ...form, title: "", location: " ", category: "" })).toEqual([
      required,
      required,
      required,
    ]);
    expect(messages(ProjectInputSchema, { ...form, images: [] })).toEqual([
      "At least one image is required for the project.",
    ]);
    expect(messages(ProjectInputSchema, { ...form, price: 0 })).toEqual([
      "Price must be a valid number greater than 0.",
    ]);
    expect(messages(ProjectUpdateSchema, { ...form, price: "x" })).toEqual([
      "Price/Budget must be a valid number greater than 0.",
    ]);
    expect(messages(ProjectInputSchema, { ...form, description: "<p></p>" })).toEqual([
      "Project description cannot be empty.",
    ]);
    expect(messages(ProjectUpdateSchema, { ...form, description: "<p></p>" })).toEqual([
      "Description cannot be empty.",
    ]);
    expect(messages(ProjectInputSchema, { ...form, images: [42] })).toEqual(["Failed to read image file."]);
  });
});
