import { describe, expect, it } from "vitest";
import { parseConsent } from "./cookie-consent";

describe("the stored cookie choice", () => {
  it("is accepted, declined, or none for anything else", () => {
    expect(parseConsent("accepted")).toBe("accepted");
    expect(parseConsent("declined")).toBe("declined");
    for (const value of [undefined, null, "", "true", "ACCEPTED", "accepted "]) expect(parseConsent(value)).toBeNull();
  });
});
