import { describe, expect, it } from "vitest";
import { CART_FAILURES, failureOf, WISHLIST_FAILURES } from "./list-forms";

const posted = (intent: string) => {
  const form = new FormData();
  form.set("intent", intent);
  return form;
};

describe("the message for a change that never reached the shop", () => {
  it("names what failed, in the shop's words", () => {
    expect(failureOf(posted("add"), CART_FAILURES)).toEqual({ kind: "error", message: "Failed to add item to cart." });
    expect(failureOf(posted("clear"), CART_FAILURES).message).toBe("Failed to clear cart.");
    expect(failureOf(posted("remove"), WISHLIST_FAILURES).message).toBe("Failed to remove item from wishlist.");
    expect(failureOf(posted("move"), WISHLIST_FAILURES).message).toBe("Failed to add item to cart.");
  });

  it("falls back to a general message for a form it does not know", () => {
    expect(failureOf(posted("toString"), CART_FAILURES).message).toBe("Something went wrong. Please try again.");
    expect(failureOf(new FormData(), CART_FAILURES).kind).toBe("error");
  });
});
