import { describe, expect, it } from "vitest";
import { ProductInputSchema } from "../../../domain/catalog/product-input.schema";
import { formBody, keptImageValue, withFilesAsImages, withFilesRead } from "./admin-form-data";

const png = (name: string, bytes = [1, 2, 3]) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

function productForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Lekki Sofa",
    description: "<p>Deep seats.</p>",
    items: "1 sofa",
    price: "250000",
    category: "Living Room",
    style: "Modern",
    collectionId: "",
    isPromo: "on",
    discountedPrice: "199999.99",
    make: "",
    model: "",
  }))
    form.append(name, value);
  form.append("images", keptImageValue("kept-1"));
  form.append("images", png("front.png"));
  // A file input left empty posts a nameless, empty file.
  form.append("images", new File([], "", { type: "application/octet-stream" }));
  return form;
}

describe("reading an admin form", () => {
  it("gives flags as booleans, lists as lists, and a kept picture as its stored image", async () => {
    const body = formBody(await withFilesRead(productForm()), {
      flags: ["isBestSeller", "isPromo", "isForeign", "sold"],
      lists: ["images"],
    });
    expect(body).toMatchObject({ isPromo: true, isBestSeller: false, sold: false, price: "250000" });
    expect(body.images).toEqual(["/media/kept-1/", "data:image/png;base64,AQID"]);
    const parsed = ProductInputSchema.parse(body);
    expect(parsed.images).toEqual([
      { kind: "existing", publicId: "kept-1" },
      { kind: "new", dataUrl: "data:image/png;base64,AQID" },
    ]);
    expect(parsed.discountedPrice).toBe(199999.99);
    expect(parsed.collectionId).toBeNull();
  });

  it("lets the browser check a chosen file as an image of its kind without reading it", () => {
    const images = withFilesAsImages(productForm()).getAll("images");
    expect(images).toEqual(["/media/kept-1/", "data:image/png;base64,"]);
  });

  it("reads a large file whole", async () => {
    const bytes = Array.from({ length: 100_000 }, (_, i) => i % 256);
    const form = new FormData();
    form.append("images", png("big.png", bytes));
    const [image] = (await withFilesRead(form)).getAll("images") as string[];
    const decoded = Uint8Array.from(atob(image!.split(",")[1]!), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(new Uint8Array(bytes));
  });
});
