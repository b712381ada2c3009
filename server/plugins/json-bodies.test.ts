import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/test-app";
import { API_BODY_LIMIT, jsonNestsDeeperThan, MAX_JSON_DEPTH, TOO_DEEP } from "./json-bodies";

const t = useTestApp();

const contact = { name: "Ada", email: "ada@example.com", phoneNumber: "08031234567", subject: "Sofa", message: "Hi" };

const post = (url: string, payload: string, contentType = "application/json") =>
  t.app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload });

describe("API bodies", () => {
  it("refuses deeply nested JSON before parsing it, with a message", async () => {
    const nested = "[".repeat(60_000) + "]".repeat(60_000);
    const response = await post("/api/auth/login", nested);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: TOO_DEEP });
    // Nesting hidden inside a string is text, not depth.
    const inString = await post("/api/auth/login", JSON.stringify({ email: "[".repeat(50), password: "x" }));
    expect(inString.json()).not.toEqual({ message: TOO_DEEP });
  });

  it("refuses a body larger than any API route without pictures takes, without reading it", async () => {
    const response = await post("/api/contact", JSON.stringify({ ...contact, message: "x".repeat(API_BODY_LIMIT) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large." });
    const megabyte = await post("/api/contact", "[".repeat(1_000_000));
    expect(megabyte.statusCode).toBe(413);
  });

  it("still takes ordinary JSON, and refuses other content types with 415", async () => {
    expect((await post("/api/contact", JSON.stringify(contact))).statusCode).toBe(201);
    const text = await post("/api/contact", JSON.stringify(contact), "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: "Unsupported content type." });
  });
});

describe("jsonNestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings or after escapes", () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '\\"[[[[[[' }), 1)).toBe(false);
  });
});
