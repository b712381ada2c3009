import { describe, expect, it } from "vitest";
import { CATEGORIES, CATEGORY_TILES, normaliseCategory } from "./categories";
import { normaliseProjectCategory } from "./project-categories";
import { normaliseStyle, STYLES, stylePath } from "./styles";

describe("categories", () => {
  it("has the shop's eight categories, each with a home tile", () => {
    expect(CATEGORIES).toHaveLength(8);
    expect(CATEGORY_TILES.map((t) => t.category)).toEqual([...CATEGORIES]);
    expect(CATEGORY_TILES.find((t) => t.category === "Living Room")?.title).toBe("Sofas and Living Rooms");
  });

  it("normalises any spelling the shop has used, and refuses the rest", () => {
    expect(normaliseCategory("TV unit")).toBe("TV Unit");
    expect(normaliseCategory(" living  room ")).toBe("Living Room");
    expect(normaliseCategory("CARPET")).toBe("Carpet");
    expect(normaliseCategory("Sofa")).toBeNull();
  });
});

describe("styles", () => {
  it("accepts 'Contemporay' as Contemporary and matches case-insensitively", () => {
    expect(STYLES).toHaveLength(6);
    expect(normaliseStyle("Contemporay")).toBe("Contemporary");
    expect(normaliseStyle("antique/royal")).toBe("Antique/Royal");
    expect(normaliseStyle("GLAM")).toBe("Glam");
    expect(normaliseStyle("Rustic")).toBeNull();
  });

  it("builds the style pages' links", () => {
    expect(STYLES.map(stylePath)).toEqual([
      "/styles/modern",
      "/styles/contemporary",
      "/styles/antique%2Froyal",
      "/styles/bespoke",
      "/styles/minimalist",
      "/styles/glam",
    ]);
  });
});

describe("project categories", () => {
  it("normalises case and refuses unknown ones", () => {
    expect(normaliseProjectCategory("renovation")).toBe("Renovation");
    expect(normaliseProjectCategory("Industrial")).toBeNull();
  });
});
