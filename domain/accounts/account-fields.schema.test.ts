import { describe, expect, it } from "vitest";
import { EMAIL_HINT, EmailSchema, PASSWORD_HINT, PasswordSchema } from "./account-fields.schema";

describe("PasswordSchema", () => {
  it.each(["Abcdefg1", "Str0ngPassword", "A1bcdefgh"])("accepts %s", (password) => {
    expect(PasswordSchema.safeParse(password).success).toBe(true);
  });

  it.each(["Abc1", "abcdefg1", "ABCDEFG1", "Abcdefgh", ""])("refuses %s with the forms' one hint", (password) => {
    const result = PasswordSchema.safeParse(password);
    expect(result.error?.issues.map((i) => i.message)).toEqual([PASSWORD_HINT]);
  });
});

describe("EmailSchema", () => {
  it("trims and lowercases a valid address", () => {
    expect(EmailSchema.parse("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it.each(["", "ada", "ada@", "@example.com"])("refuses %s with the hint", (email) => {
    expect(EmailSchema.safeParse(email).error?.issues[0]?.message).toBe(EMAIL_HINT);
  });
});
