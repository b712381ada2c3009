import { describe, expect, it } from "vitest";
import { normaliseAreaText, prepareAreas, searchAreas } from "./area-search";
import { DELIVERY_AREAS } from "./nigeria-areas";

const names = (query: string, limit?: number) =>
  searchAreas(DELIVERY_AREAS, query, limit).map((area) => `${area.name} (${area.lga}, ${area.state})`);
const first = (query: string) => names(query)[0];

describe("normaliseAreaText", () => {
  it("lowercases and drops punctuation and extra spaces", () => {
    expect(normaliseAreaText("  Obio/Akpor ")).toBe("obio akpor");
    expect(normaliseAreaText("D-Line")).toBe("d line");
    expect(normaliseAreaText("V.I.")).toBe("vi");
    expect(normaliseAreaText("Jama'are")).toBe("jamaare");
    expect(normaliseAreaText("Ikate,   Lekki")).toBe("ikate lekki");
  });

  it("writes phases and roman numerals as numbers", () => {
    expect(normaliseAreaText("Lekki Phase One")).toBe("lekki phase 1");
    expect(normaliseAreaText("Lekki Ph 1")).toBe("lekki phase 1");
    expect(normaliseAreaText("lekki ph1")).toBe("lekki phase 1");
    expect(normaliseAreaText("Lekki Phase I")).toBe("lekki phase 1");
    expect(normaliseAreaText("GRA Phase II")).toBe("gra phase 2");
    expect(normaliseAreaText("Wuse II")).toBe("wuse 2");
    expect(normaliseAreaText("Festac III")).toBe("festac 3");
  });

  it("leaves words that only look like numerals alone", () => {
    expect(normaliseAreaText("VI")).toBe("vi");
    expect(normaliseAreaText("PH")).toBe("ph");
    expect(normaliseAreaText("Garki I")).toBe("garki i");
  });
});

describe("searchAreas", () => {
  it("finds Lekki Phase 1 however it is written", () => {
    for (const query of ["lekki phase one", "Lekki Ph 1", "lekki 1", "LEKKI PHASE 1", "lekki phase I"]) {
      expect(first(query), query).toBe("Lekki Phase 1 (Eti-Osa, Lagos)");
    }
  });

  it("knows the short names", () => {
    expect(first("VI")).toBe("Victoria Island (Eti-Osa, Lagos)");
    expect(first("wuse II")).toBe("Wuse 2 (Abuja Municipal, FCT)");
    expect(first("cbd")).toBe("Central Business District (Abuja Municipal, FCT)");
    expect(first("AMAC")).toBe("Abuja Municipal (Abuja Municipal, FCT)");
  });

  it("puts the exact match first", () => {
    expect(first("gra phase 2")).toBe("GRA Phase 2 (Port Harcourt, Rivers)");
    expect(first("Wuse")).toBe("Wuse (Abuja Municipal, FCT)");
    expect(names("ikeja").slice(0, 2)).toEqual(["Ikeja (Ikeja, Lagos)", "Ikeja GRA (Ikeja, Lagos)"]);
  });

  it("then names that start with the text, then names with a word that does", () => {
    expect(names("gra").slice(0, 3)).toEqual([
      "GRA Phase 1 (Port Harcourt, Rivers)",
      "GRA Phase 2 (Port Harcourt, Rivers)",
      "GRA Phase 3 (Port Harcourt, Rivers)",
    ]);
    expect(names("gra")).toEqual(
      expect.arrayContaining(["Ikeja GRA (Ikeja, Lagos)", "Old GRA (Port Harcourt, Rivers)"]),
    );
    expect(names("island").slice(0, 4)).toEqual([
      "Lagos Island (Lagos Island, Lagos)",
      "Eagle Island (Port Harcourt, Rivers)",
      "Banana Island (Eti-Osa, Lagos)",
      "Victoria Island (Eti-Osa, Lagos)",
    ]);
  });

  it("then the areas of a matching LGA", () => {
    const results = names("eti osa", 100);
    expect(results[0]).toBe("Eti-Osa (Eti-Osa, Lagos)");
    expect(results).toEqual(expect.arrayContaining(["Ajah (Eti-Osa, Lagos)", "Lekki Phase 1 (Eti-Osa, Lagos)"]));
    expect(names("amac", 100)).toContain("Maitama (Abuja Municipal, FCT)");
  });

  it("forgives a typing slip", () => {
    expect(names("Surelere").slice(0, 2)).toEqual(["Surulere (Surulere, Lagos)", "Surulere (Surulere, Oyo)"]);
    expect(first("Gwarimpa")).toBe("Gwarinpa (Abuja Municipal, FCT)");
    expect(first("Gwarinap")).toBe("Gwarinpa (Abuja Municipal, FCT)");
    expect(first("Ikyoi")).toBe("Ikoyi (Eti-Osa, Lagos)");
    expect(first("Maitma")).toBe("Maitama (Abuja Municipal, FCT)");
    expect(first("Rumuokwuta")).toBe("Rumuokwuta (Obio/Akpor, Rivers)");
    expect(first("Rumuokwta")).toBe("Rumuokwuta (Obio/Akpor, Rivers)");
    expect(first("lekki phse 1")).toBe("Lekki Phase 1 (Eti-Osa, Lagos)");
  });

  it("does not stretch short words into other places", () => {
    // Three letters allow no slip: "apa" is Apapa's start and Apa in Benue, not "Apo".
    expect(names("apa", 100)).not.toContain("Apo (Abuja Municipal, FCT)");
  });

  it("answers nothing for nothing, or for text that matches no area", () => {
    expect(searchAreas(DELIVERY_AREAS, "")).toEqual([]);
    expect(searchAreas(DELIVERY_AREAS, "  -  ")).toEqual([]);
    expect(searchAreas(DELIVERY_AREAS, "Timbuktu")).toEqual([]);
    expect(searchAreas(DELIVERY_AREAS, "xqzw")).toEqual([]);
  });

  it("returns at most the limit, 20 unless told", () => {
    expect(searchAreas(DELIVERY_AREAS, "lagos")).toHaveLength(20);
    expect(searchAreas(DELIVERY_AREAS, "lagos", 5)).toHaveLength(5);
  });

  it("gives the same answers from a prepared index", () => {
    const index = prepareAreas(DELIVERY_AREAS);
    for (const query of ["lekki 1", "Surelere", "amac", "gra"]) {
      expect(searchAreas(index, query)).toEqual(searchAreas(DELIVERY_AREAS, query));
    }
  });

  it("searches any list of areas, an LGA's variants finding its districts", () => {
    const areas = [
      { name: "Shop Road", state: "Lagos", lga: "Ikeja", variants: [] },
      { name: "Ikeja", state: "Lagos", lga: "Ikeja", variants: ["Ikeja Town"] },
    ];
    expect(searchAreas(areas, "ikeja town").map((area) => area.name)).toEqual(["Ikeja", "Shop Road"]);
    expect(searchAreas(areas, "shop").map((area) => area.name)).toEqual(["Shop Road"]);
  });
});
