import { describe, expect, it } from "vitest";
import { DEMO_VALUES, demoValues, isDemoEmail, type DemoValueFacts } from "./demo-values";

const own: DemoValueFacts = {
  whatsappNumber: "2348031234567",
  phone: "+2348031234567",
  email: "sales@adaeze-interiors.ng",
  address: "4 Aminu Kano Crescent, Wuse 2, Abuja",
  hours: "Mon–Sat, 9am–6pm",
  slogan: "Made in Abuja, made to last.",
  cityLine: "Furniture, Abuja",
};

describe("demoValues", () => {
  it("finds nothing in the owner's own settings", () => {
    expect(demoValues(own)).toEqual([]);
  });

  it("flags every demo value of a fresh install, each with its fix and Settings field", () => {
    const found = demoValues(DEMO_VALUES);
    expect(found.map((value) => value.field)).toEqual([
      "whatsappNumber",
      "phone",
      "email",
      "address",
      "hours",
      "slogan",
      "cityLine",
    ]);
    for (const value of found) {
      expect(value.fix).toMatch(/^Settings → /);
      expect(value.href).toBe(`/admin/settings#settings-${value.field}`);
    }
    expect(found.find((value) => value.field === "email")!.title).toContain("hello@furnish.ng");
  });

  it("flags one value left behind, however its case or spacing was changed", () => {
    expect(demoValues({ ...own, slogan: "  finish.  furnish. FLOURISH. " }).map((v) => v.field)).toEqual(["slogan"]);
    expect(demoValues({ ...own, hours: "24/7" }).map((v) => v.field)).toEqual(["hours"]);
  });

  it("knows the demo e-mail in any case", () => {
    expect(isDemoEmail("Hello@Furnish.NG")).toBe(true);
    expect(isDemoEmail("hello@furnish.ng.example")).toBe(false);
  });
});
