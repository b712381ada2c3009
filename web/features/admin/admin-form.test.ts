import { describe, expect, it } from "vitest";
import { ProductInputSchema } from "../../../domain/catalog/product-input.schema";
import { ProjectInputSchema } from "../../../domain/catalog/project-input.schema";
import { ApiError } from "../../lib/api-client";
import { alertMessages, checkBody, refusalOf } from "./admin-form";

const product = {
  name: "Lekki Sofa",
  description: "<p>Deep seats.</p>",
  items: "1 sofa",
  price: "250000",
  category: "Living Room",
  style: "Modern",
  collectionId: null,
  images: [],
  isBestSeller: false,
  isPromo: false,
  discountedPrice: null,
  isForeign: false,
  origin: null,
  sold: false,
  make: "",
  model: "",
};

describe("checkBody", () => {
  it("passes a body the server would take", () => {
    expect(checkBody(ProductInputSchema, product)).toBeNull();
  });

  it("gives each field its first message, SPEC.md's words", () => {
    expect(
      checkBody(ProductInputSchema, { ...product, name: " ", description: "<p> </p>", isPromo: true, price: "100" }),
    ).toEqual({
      name: "Name is required.",
      description: "Description cannot be empty.",
      discountedPrice: "Discounted price is required and must be greater than 0 if product is on promotion.",
    });
  });

  it("puts a message about one image on the images field", () => {
    expect(checkBody(ProductInputSchema, { ...product, images: ["data:image/png;base64,AA", "not an image"] })).toEqual(
      { images: "Failed to read image file." },
    );
  });

  it("says a project's title, location and category with one message", () => {
    const errors = checkBody(ProjectInputSchema, {
      title: "",
      location: "",
      category: "",
      price: "",
      description: "",
      images: [],
    });
    expect(errors).toMatchObject({
      title: "Please fill out all required fields (Title, Location, Category).",
      location: "Please fill out all required fields (Title, Location, Category).",
      category: "Please fill out all required fields (Title, Location, Category).",
      price: "Price must be a valid number greater than 0.",
      images: "At least one image is required for the project.",
    });
    expect(alertMessages(errors!, ["title", "location", "category", "price", "description", "images"])).toEqual([
      "Please fill out all required fields (Title, Location, Category).",
      "Price must be a valid number greater than 0.",
      "Project description cannot be empty.",
      "At least one image is required for the project.",
    ]);
  });
});

describe("refusalOf", () => {
  it("maps the server's field paths onto the form's fields", () => {
    const refusal = refusalOf(
      new ApiError("Failed to read image file.", 400, { "images.2": "Failed to read image file.", price: "Bad" }),
      "fallback",
    );
    expect(refusal).toEqual({
      message: "Failed to read image file.",
      errors: { images: "Failed to read image file.", price: "Bad" },
    });
  });

  it("keeps the server's own words for a refusal and the fallback for a failure", () => {
    expect(refusalOf(new ApiError("Image is larger than 10 MB.", 413), "fallback").message).toBe(
      "Image is larger than 10 MB.",
    );
    expect(refusalOf(new ApiError("Internal", 500), "fallback").message).toBe("fallback");
    expect(refusalOf(new TypeError("x"), "fallback")).toEqual({ message: "fallback", errors: {} });
  });
});
