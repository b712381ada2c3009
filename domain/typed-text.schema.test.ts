import { describe, expect, it } from "vitest";
import { UpdateProfileSchema, SignupSchema } from "./accounts/auth.schema";
import { CatalogListQuerySchema } from "./catalog/catalog-query.schema";
import { CollectionInputSchema } from "./catalog/collection-input.schema";
import { ProductInputSchema } from "./catalog/product-input.schema";
import { ProjectInputSchema } from "./catalog/project-input.schema";
import { ContactMessageSchema } from "./contact/contact.schema";
import { untypedCharacter } from "./typed-text.schema";

const firstMessage = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error && { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };

describe("control characters", () => {
  it("are refused in one-line text, tabs and line breaks included, and allowed as line breaks in many lines", () => {
    for (const text of ["a\u0000", "\u0007", "a\tb", "a\nb", "a\rb", "\u001f", "\u007f"]) {
      expect(untypedCharacter(text), JSON.stringify(text)).toBe("control");
    }
    expect(untypedCharacter("Ọ̀ṣun Lounge — ₦2,000 ✓")).toBeNull();
    expect(untypedCharacter("line one\r\n\tline two", "many")).toBeNull();
    for (const text of ["a\u0000b", "\u000b", "\u001b[31m"]) {
      expect(untypedCharacter(text, "many"), JSON.stringify(text)).toBe("control");
    }
  });

  it.each([
    ["right-to-left override", "invoice\u202Egpj.exe"],
    ["left-to-right embedding", "\u202AAda"],
    ["pop directional formatting", "Ada\u202C"],
    ["left-to-right override", "\u202DAda"],
    ["right-to-left embedding", "\u202BAda"],
    ["left-to-right isolate", "\u2066Ada\u2069"],
    ["right-to-left isolate", "\u2067Ada"],
    ["first strong isolate", "\u2068Ada"],
    ["left-to-right mark", "Ada\u200E"],
    ["right-to-left mark", "Ada\u200F"],
    ["Arabic letter mark", "Ada\u061C"],
    ["zero-width space", "Ad\u200Ba"],
    ["zero-width non-joiner", "Ad\u200Ca"],
    ["zero-width joiner between letters", "Ad\u200Da"],
    ["word joiner", "Ad\u2060a"],
    ["byte order mark", "\uFEFFAda"],
    ["Mongolian vowel separator", "Ada\u180E"],
    ["soft hyphen", "Ad\u00ADa"],
    ["Hangul filler", "\u3164"],
    ["joiner after an emoji but before a letter", "👍\u200Da"],
    ["joiner at the end", "👍\u200D"],
  ])("a %s is refused in one line and in many", (_name, text) => {
    expect(untypedCharacter(text)).toBe("invisible");
    expect(untypedCharacter(`Hello\n${text}`, "many")).toBe("invisible");
  });

  it.each([
    ["a woman cook with a skin tone", "Chef 👩🏾‍🍳"],
    ["a family", "👨‍👩‍👧"],
    ["a rainbow flag", "🏳️‍🌈"],
    ["a black cat", "🐈‍⬛"],
    ["a heart on fire", "❤️‍🔥"],
    ["emoji with skin tones and a variation selector", "Thanks 🙏🏾❤️"],
    ["Yoruba with combining marks", "Ọ̀ṣọ́ Ilé"],
    ["Arabic script", "مرحبا"],
  ])("%s is allowed", (_name, text) => {
    expect(untypedCharacter(text)).toBeNull();
  });

  it("reads long text in time proportional to its length", () => {
    expect(untypedCharacter("a".repeat(1_000_000) + "\u202E")).toBe("invisible");
    expect(untypedCharacter("👍\u200D".repeat(100_000) + "👍")).toBeNull();
  });

  const signup = { fullName: "Ada", email: "ada@example.com", phoneNumber: "08012345678", password: "Str0ngPass" };
  const contact = { name: "Ada", email: "ada@example.com", phoneNumber: "08012345678", subject: "Hi", message: "Hi" };
  const product = {
    name: "Sofa",
    description: "<p>Soft.</p>",
    items: "1 sofa",
    price: 1000,
    category: "Living Room",
    style: "Modern",
    images: ["data:image/png;base64,iVBORw0KGgo="],
  };
  const collection = {
    name: "Set",
    description: "<p>Room.</p>",
    price: 1000,
    style: "Modern",
    productIds: ["3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11"],
    coverImage: "data:image/png;base64,iVBORw0KGgo=",
  };
  const project = {
    title: "Villa",
    location: "Ikoyi",
    category: "Residential",
    price: 1000,
    description: "<p>Calm.</p>",
    images: ["data:image/png;base64,iVBORw0KGgo="],
  };

  it.each([
    ["sign-up name", SignupSchema, { ...signup, fullName: "Ada\u0000" }, "fullName", "Name"],
    [
      "profile username",
      UpdateProfileSchema,
      { username: "A\u0000", email: "ada@example.com" },
      "username",
      "Username",
    ],
    ["contact name", ContactMessageSchema, { ...contact, name: "Ada\u0000" }, "name", "Name"],
    ["contact subject", ContactMessageSchema, { ...contact, subject: "Hi\u0000" }, "subject", "Subject"],
    ["contact message", ContactMessageSchema, { ...contact, message: "Hi\u0000" }, "message", "Message"],
    ["catalogue search", CatalogListQuerySchema, { search: "sofa\u0000" }, "search", "search"],
    ["product name", ProductInputSchema, { ...product, name: "Sofa\u0000" }, "name", "Name"],
    ["product items", ProductInputSchema, { ...product, items: "1\u0000" }, "items", "Items"],
    ["product model", ProductInputSchema, { ...product, model: "X\u0000" }, "model", "Model"],
    [
      "product description",
      ProductInputSchema,
      { ...product, description: "<p>a\u0000</p>" },
      "description",
      "Description",
    ],
    ["collection items", CollectionInputSchema, { ...collection, items: "3\u0000" }, "items", "Items"],
    [
      "collection origin",
      CollectionInputSchema,
      { ...collection, isForeign: true, origin: "\u0000" },
      "origin",
      "Origin",
    ],
    ["project title", ProjectInputSchema, { ...project, title: "Villa\u0000" }, "title", "Title"],
    ["project location", ProjectInputSchema, { ...project, location: "Ikoyi\u0000" }, "location", "Location"],
  ] as const)("a NUL in the %s is refused with a message naming the field", (_field, schema, input, path, label) => {
    expect(firstMessage(schema.safeParse(input))).toEqual({
      path,
      message: `${label} cannot contain control characters.`,
    });
  });

  it.each([
    ["sign-up name", SignupSchema, signup, "fullName", "Name"],
    ["profile username", UpdateProfileSchema, { username: "Ada", email: "ada@example.com" }, "username", "Username"],
    ["contact name", ContactMessageSchema, contact, "name", "Name"],
    ["contact subject", ContactMessageSchema, contact, "subject", "Subject"],
    ["contact message", ContactMessageSchema, contact, "message", "Message"],
    ["product name", ProductInputSchema, product, "name", "Name"],
    ["product items", ProductInputSchema, product, "items", "Items"],
    ["product make", ProductInputSchema, product, "make", "Make"],
    ["product description", ProductInputSchema, product, "description", "Description"],
    ["collection name", CollectionInputSchema, collection, "name", "Name"],
    ["collection items", CollectionInputSchema, collection, "items", "Items"],
    ["collection origin", CollectionInputSchema, { ...collection, isForeign: true }, "origin", "Origin"],
    ["project title", ProjectInputSchema, project, "title", "Title"],
    ["project location", ProjectInputSchema, project, "location", "Location"],
  ] as const)(
    "a text-direction override or a zero-width space in the %s is refused with a message naming the field",
    (_field, schema, valid, path, label) => {
      for (const spoof of ["Ada\u202Egpj.exe", "Ad\u200Ba"]) {
        const text = path === "description" ? `<p>${spoof}</p>` : spoof;
        expect(firstMessage(schema.safeParse({ ...valid, [path]: text }))).toEqual({
          path,
          message: `${label} cannot contain invisible or text-direction characters.`,
        });
      }
    },
  );
});
