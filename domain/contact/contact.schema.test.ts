import { describe, expect, it } from "vitest";
import { ContactMessageSchema } from "./contact.schema";

const valid = {
  name: "Ada Obi",
  email: "Ada@Example.com",
  phoneNumber: "08012345678",
  subject: "Dining set",
  message: "Do you deliver to Abuja?",
};

describe("ContactMessageSchema", () => {
  it("accepts a complete message and tidies the e-mail and the phone number", () => {
    expect(ContactMessageSchema.parse({ ...valid, phoneNumber: "0801-234-5678" })).toEqual({
      ...valid,
      email: "ada@example.com",
      phoneNumber: "+2348012345678",
    });
  });

  it("gives each missing field its own message", () => {
    const result = ContactMessageSchema.safeParse({ name: " ", email: "", phoneNumber: "", subject: "", message: "" });
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      name: "Name is required.",
      email: "Enter valid email address",
      phoneNumber: "Phone number must be between 10 and 14 digits",
      subject: "Subject is required.",
      message: "Message is required.",
    });
  });

  it.each(["080123", "080123456789012", "0801234567a", "+234801234567"])(
    "refuses the phone number %s",
    (phoneNumber) => {
      expect(ContactMessageSchema.safeParse({ ...valid, phoneNumber }).error?.issues[0]?.message).toBe(
        "Phone number must be between 10 and 14 digits",
      );
    },
  );
});
