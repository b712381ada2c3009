import { describe, expect, it } from "vitest";
import { UpdateProfileSchema } from "./auth.schema";
import { PHONE_HINT, PhoneSchema } from "./account-fields.schema";
import { toE164 } from "./phone";

describe("toE164", () => {
  it.each([
    "+234 803 123 4567",
    "+2348031234567",
    "0803 123 4567",
    "0803-123-4567",
    "0803.123.4567",
    "(0803) 123 4567",
    "08031234567",
    "2348031234567",
    "234 803 123 4567",
    "+234 (0) 803 123 4567",
    "+234 0803 123 4567",
    "(+234) 803-123-4567",
    "803 123 4567",
    " 0803\u00a0123\u00a04567 ",
    "0803–123–4567",
  ])("reads %j as the Nigerian number +2348031234567", (typed) => {
    expect(toE164(typed)).toBe("+2348031234567");
  });

  it.each([
    ["+44 7946 012345", "+447946012345"],
    ["+1 (202) 555-0123", "+12025550123"],
    ["+353 1234 5678", "+35312345678"],
    ["+86 138 0013 8000 12", "+8613800138000" + "12"],
  ])("keeps a number from elsewhere with its country code: %j", (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each([
    ["too short", "12345"],
    ["a Nigerian number one digit short", "0803 123 456"],
    ["a Nigerian number one digit long", "0803 123 45678"],
    ["+234 with nine national digits", "+234 803 123 456"],
    ["+234 with eleven national digits", "+234 803 123 45678"],
    ["234 and a digit short", "234803123456"],
    ["a national number starting with 00", "00803123456"],
    ["international with seven digits", "+1234567"],
    ["international with sixteen digits", "+1234567890123456"],
    ["international starting with 0", "+0803 123 4567"],
    ["a foreign number without its +", "447946012345"],
    ["letters", "0803 CALL ADA"],
    ["an extension", "0803 123 4567 ext 2"],
    ["two pluses", "++2348031234567"],
    ["a plus after digits", "234+8031234567"],
    ["a slash", "0803/123/4567"],
    ["a zero-width space", "0803\u200b123 4567"],
    ["nothing", ""],
    ["only grouping", " ( ) - "],
    ["a very long text", "0".repeat(11) + " ".repeat(40)],
  ])("refuses %s", (_case, typed) => {
    expect(toE164(typed)).toBeNull();
  });
});

describe("phone number fields", () => {
  it("store E.164 and refuse with the field's hint", () => {
    expect(PhoneSchema.parse("0803 123 4567")).toBe("+2348031234567");
    expect(PhoneSchema.safeParse("12345").error?.issues.map((issue) => issue.message)).toEqual([PHONE_HINT]);
    expect(PhoneSchema.safeParse(8031234567).error?.issues.map((issue) => issue.message)).toEqual([PHONE_HINT]);
  });

  it("stay optional on the profile, where blank clears the number", () => {
    const profile = { username: "Ada", email: "ada@example.com" };
    expect(UpdateProfileSchema.parse({ ...profile, phoneNumber: "0803-123-4567" }).phoneNumber).toBe("+2348031234567");
    expect(UpdateProfileSchema.parse({ ...profile, phoneNumber: "" }).phoneNumber).toBeNull();
    expect(UpdateProfileSchema.parse({ ...profile, phoneNumber: null }).phoneNumber).toBeNull();
    expect(UpdateProfileSchema.parse(profile).phoneNumber).toBeUndefined();
    const refused = UpdateProfileSchema.safeParse({ ...profile, phoneNumber: "12345" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phoneNumber", PHONE_HINT],
    ]);
  });
});
