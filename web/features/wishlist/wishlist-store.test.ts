import { beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "../../lib/api-client";
import { addToCart, setCartQuantity, startCart, useCart } from "../cart/cart-store";
import { useConsent } from "../consent/consent-store";
import {
  addToWishlist,
  moveToCart,
  removeFromWishlist,
  startWishlist,
  toggleWishlist,
  useWishlist,
} from "./wishlist-store";

vi.mock(import("../../lib/api-client"), async (original) => ({ ...(await original()), api: vi.fn() }));
vi.mock(import("../live/use-live-connection"), () => ({ refreshLiveConnection: vi.fn(), onLiveEvent: vi.fn() }));
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock("react-hot-toast", () => ({ default: toast }));

const apiMock = vi.mocked(api);
const put = (body: object) => ({ method: "PUT", body });

beforeEach(() => {
  // No window: storage is unavailable, as in a browser that refuses it; the lists still work.
  useConsent.setState({ ready: true, choice: "declined" });
  apiMock.mockReset();
  toast.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("the wishlist kept in this browser", () => {
  beforeEach(async () => {
    await startWishlist("local");
    await startCart("local");
  });

  it("adds an item once, and says so the second time", async () => {
    await addToWishlist("p1", "Product");
    expect(toast.success).toHaveBeenCalledWith("Item added to wishlist!");
    await addToWishlist("p1", "Product");
    expect(toast).toHaveBeenCalledWith("Item already in local wishlist.");
    expect(useWishlist.getState().lines).toHaveLength(1);
  });

  it("says when an item to remove is not there", async () => {
    expect(await removeFromWishlist("p404", "Product")).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("Item not found in local wishlist.");
  });

  it("toggles, and moves an item to the cart with quantity 1", async () => {
    await toggleWishlist("c1", "Collection");
    expect(useWishlist.getState().lines.map((l) => l.item)).toEqual(["c1"]);
    await moveToCart("c1", "Collection");
    expect(useWishlist.getState().lines).toEqual([]);
    expect(useCart.getState().lines).toEqual([
      { _id: "Collection:c1", item: "c1", itemType: "Collection", quantity: 1 },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Item added to cart!");
    expect(toast.success).not.toHaveBeenCalledWith("Item removed from wishlist!");
  });
});

describe("the wishlist on the server", () => {
  beforeEach(async () => {
    apiMock.mockResolvedValue({ items: [] });
    await startWishlist("server");
    await startCart("server");
    apiMock.mockReset();
  });

  it("shows the server's notice when the item was already there", async () => {
    apiMock.mockResolvedValueOnce({
      items: [{ _id: "w1", item: "p1", itemType: "Product" }],
      message: "Item already in wishlist.",
    });
    await addToWishlist("p1", "Product");
    expect(apiMock).toHaveBeenCalledWith("/wishlist/add", put({ itemId: "p1", itemType: "Product" }));
    expect(toast).toHaveBeenCalledWith("Item already in wishlist.");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("keeps the wishlist line when the move to the cart fails", async () => {
    apiMock.mockResolvedValueOnce({ items: [{ _id: "w1", item: "p1", itemType: "Product" }] });
    await addToWishlist("p1", "Product");
    apiMock.mockRejectedValueOnce(new ApiError("offline", 0));
    expect(await moveToCart("p1", "Product")).toBe(false);
    expect(toast.error).toHaveBeenCalledWith("Failed to add item to cart.");
    expect(useWishlist.getState().lines.map((l) => l.item)).toEqual(["p1"]);
    expect(useCart.getState().lines).toEqual([]);
    expect(apiMock).not.toHaveBeenCalledWith("/wishlist/remove", expect.anything());
  });

  it("sends cart changes with SPEC.md's bodies; a quantity below 1 is a removal", async () => {
    apiMock.mockResolvedValue({ items: [] });
    await addToCart("p1", "Product", 1);
    await setCartQuantity("p1", "Product", 3);
    await setCartQuantity("p1", "Product", 0);
    expect(apiMock.mock.calls).toEqual([
      ["/cart/add", put({ itemId: "p1", itemType: "Product", quantity: 1 })],
      ["/cart/updatequantity", put({ itemId: "p1", itemType: "Product", quantity: 3 })],
      ["/cart/remove", put({ itemId: "p1", itemType: "Product" })],
    ]);
    expect(toast.success).toHaveBeenCalledWith("Item removed from cart!");
  });
});
