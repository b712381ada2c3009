import { describe, expect, it } from "vitest";
import { availabilityText, dimensionsText, readyBy, readyText } from "./furniture";
import { ProductInputSchema } from "./product-input.schema";

const form = {
  name: "Ikoyi Sofa",
  description: "<p>Three seats.</p>",
  items: "1 sofa",
  price: 850000,
  category: "Living Room",
  style: "Modern",
  images: ["/media/ikoyi-sofa/1024.jpg"],
};

const read = (fields: object) => ProductInputSchema.safeParse({ ...form, ...fields });
const messages = (fields: object) => read(fields).error?.issues.map((issue) => issue.message);

describe("a product's size", () => {
  it("takes whole centimetres as numbers or the form's text, and all three sides or none", () => {
    expect(read({ dimensions: { width: "220", depth: 95, height: " 80 ", seatHeight: "" } }).data?.dimensions).toEqual({
      width: 220,
      depth: 95,
      height: 80,
      seatHeight: null,
    });
    expect(read({ dimensions: { width: "", depth: "", height: "", seatHeight: "" } }).data?.dimensions).toBeNull();
    expect(read({ dimensions: null }).data?.dimensions).toBeNull();
    expect(messages({ dimensions: { width: 220, depth: 95 } })).toEqual([
      "Give the width, depth and height, or leave all three blank.",
    ]);
    expect(messages({ dimensions: { seatHeight: 45 } })).toEqual([
      "Give the width, depth and height with the seat height.",
    ]);
    for (const bad of [0, -5, 80.5, "80cm", 2001]) {
      expect(messages({ dimensions: { width: bad, depth: 95, height: 80 } })).toEqual([
        "Measurements must be whole centimetres from 1 to 2000.",
      ]);
    }
  });
});

describe("availability", () => {
  it("is in stock unless said otherwise, and in stock has no weeks", () => {
    expect(read({}).data?.availability).toEqual({ kind: "in_stock", weeksFrom: null, weeksTo: null });
    expect(read({ availability: { kind: "in_stock", weeksFrom: 3, weeksTo: 4 } }).data?.availability).toEqual({
      kind: "in_stock",
      weeksFrom: null,
      weeksTo: null,
    });
  });

  it("needs the production weeks when made to order, and the shipping weeks when imported", () => {
    expect(read({ availability: { kind: "made_to_order", weeksFrom: "6", weeksTo: "8" } }).data?.availability).toEqual({
      kind: "made_to_order",
      weeksFrom: 6,
      weeksTo: 8,
    });
    expect(read({ availability: { kind: "imported", weeksFrom: 10 } }).data?.availability).toEqual({
      kind: "imported",
      weeksFrom: 10,
      weeksTo: null,
    });
    expect(messages({ availability: { kind: "made_to_order", weeksFrom: 6 } })).toEqual([
      "Give the production time in weeks, from and to.",
    ]);
    expect(messages({ availability: { kind: "imported" } })).toEqual(["Give the shipping time in weeks."]);
    expect(messages({ availability: { kind: "made_to_order", weeksFrom: 8, weeksTo: 6 } })).toEqual([
      "The longer wait must not be shorter than the shorter one.",
    ]);
    expect(messages({ availability: { kind: "made_to_order", weeksFrom: 6, weeksTo: 53 } })).toEqual([
      "Weeks must be a whole number from 1 to 52.",
    ]);
    expect(messages({ availability: { kind: "on_the_moon" } })).toEqual([
      "Availability must be in stock, made to order or imported.",
    ]);
  });

  it("gives the date a piece ordered today can be ready by, and says it in words", () => {
    const madeToOrder = { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 } as const;
    expect(readyBy(madeToOrder, "2026-11-25")).toBe("2027-01-20");
    expect(readyBy({ kind: "imported", weeksFrom: 10, weeksTo: null }, "2026-11-25")).toBe("2027-02-03");
    expect(readyBy({ kind: "in_stock", weeksFrom: null, weeksTo: null }, "2026-11-25")).toBe("2026-11-25");
    expect(availabilityText(madeToOrder)).toBe("Made to order in 6–8 weeks");
    expect(availabilityText({ kind: "imported", weeksFrom: 1, weeksTo: null })).toBe("Imported in 1 week");
    expect(readyText(madeToOrder, "2027-01-20")).toBe("Ready by about 20 Jan 2027");
    expect(dimensionsText({ width: 220, depth: 95, height: 80, seatHeight: 45 })).toBe(
      "W 220 × D 95 × H 80 cm, seat 45 cm",
    );
  });
});

describe("options", () => {
  it("keeps the order given, with a picture as new data or a kept picture", () => {
    const parsed = read({
      options: [
        { name: " Walnut ", image: "data:image/png;base64,iVBORw0KGgo=" },
        { _id: "3F2B7C1E-8A4D-4B6F-9C2E-1D5A7B9E0F11", name: "Oak", image: { public_id: "oak-finish" } },
        { name: "Teak", image: null },
      ],
    }).data?.options;
    // An option that names no price difference or photos keeps what it has (null: not given).
    const untouched = { priceDifference: null, images: null };
    expect(parsed).toEqual([
      {
        _id: null,
        name: "Walnut",
        image: { kind: "new", dataUrl: "data:image/png;base64,iVBORw0KGgo=" },
        ...untouched,
      },
      {
        _id: "3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11",
        name: "Oak",
        image: { kind: "existing", publicId: "oak-finish" },
        ...untouched,
      },
      { _id: null, name: "Teak", image: null, ...untouched },
    ]);
  });

  it("refuses a nameless option, two with one name, too many, and more new pictures than one save takes", () => {
    expect(messages({ options: [{ name: " " }] })).toEqual(["Each option needs a name."]);
    expect(messages({ options: [{ name: "Oak" }, { name: "oak" }] })).toEqual(["Each option needs its own name."]);
    expect(messages({ options: Array.from({ length: 13 }, (_, i) => ({ name: `Finish ${i}` })) })).toEqual([
      "A product can offer at most 12 options.",
    ]);
    expect(messages({ options: [{ name: "Oak", image: "not a picture" }] })).toEqual([
      "Failed to read the option's picture.",
    ]);
    const data = "data:image/png;base64,iVBORw0KGgo=";
    expect(
      messages({
        images: [data, data, data, data],
        options: [
          { name: "Oak", image: data },
          { name: "Ash", image: data },
          { name: "Elm", image: data },
        ],
      }),
    ).toEqual(["Please upload at most 6 new images at a time."]);
  });
});
