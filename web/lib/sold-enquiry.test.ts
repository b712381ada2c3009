import { describe, expect, it } from "vitest";
import { itemUrl } from "../../domain/whatsapp";
import { soldItemEnquiryMessage } from "./sold-enquiry";

describe("the enquiry about a sold piece", () => {
  it("names the piece and links to its page, without a price to order at", () => {
    const message = soldItemEnquiryMessage("Rattan Armchair", itemUrl("https://shop.example/", "Product", "p1"));
    expect(message).toBe(
      [
        "Hello! I'm interested in this piece, which shows as sold:",
        "",
        "Rattan Armchair",
        "https://shop.example/product/p1",
        "",
        "Could you make another, or suggest something similar?",
      ].join("\n"),
    );
    expect(message).not.toMatch(/order|₦/i);
  });
});
