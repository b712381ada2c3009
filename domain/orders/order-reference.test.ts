import { describe, expect, it } from "vitest";
import { readReference, REFERENCE_ALPHABET, REFERENCE_PREFIX_PATTERN, referenceFromBytes } from "./order-reference";

const bytes = Uint8Array.from([0, 1, 31, 32, 255]);

describe("referenceFromBytes", () => {
  it("spells five characters after the shop's prefix", () => {
    expect(referenceFromBytes(bytes, "FN")).toBe("FN-23Z2Z");
    expect(referenceFromBytes(bytes, "ADZE")).toBe("ADZE-23Z2Z");
    expect(referenceFromBytes(bytes, "AB")).toMatch(new RegExp(`^AB-[${REFERENCE_ALPHABET}]{5}$`));
  });

  it("refuses a prefix that is not 2 to 4 capital letters", () => {
    for (const prefix of ["F", "FNABC", "fn", "F1", ""]) {
      expect(() => referenceFromBytes(bytes, prefix), prefix).toThrow();
      expect(REFERENCE_PREFIX_PATTERN.test(prefix), prefix).toBe(false);
    }
  });
});

describe("readReference", () => {
  it("reads a typed reference whatever its case, spaces and hyphen", () => {
    expect(readReference("fn-7k3qx")).toEqual({ prefix: "FN", code: "7K3QX" });
    expect(readReference(" ADZE 7K3QX ")).toEqual({ prefix: "ADZE", code: "7K3QX" });
  });

  it("leaves the prefix open when only the code is typed, so old and new references are found", () => {
    expect(readReference("7k3qx")).toEqual({ prefix: null, code: "7K3QX" });
  });

  it("is null for what cannot be a reference", () => {
    for (const typed of ["sofa", "FN-7K3Q", "FN-7K3Q0", "12345-7K3QX", "ABCDE-7K3QX"]) {
      expect(readReference(typed), typed).toBeNull();
    }
  });
});
