import { describe, expect, it } from "vitest";
import { clearedHref, countLabel, filterChips, listingTitle, readSort, sortOptions } from "./catalog-params";

const page = { page: 1, limit: 12 };

describe("filterChips", () => {
  it("names each filter the list was read with and links to the list without it", () => {
    const params = new URLSearchParams(
      "search=sofa&category=Living+Room&minPrice=1000&isForeign=false&sort=price_asc&page=3",
    );
    const chips = filterChips(
      { ...page, search: "sofa", category: "Living Room", minPrice: 1000, isForeign: false, sort: "price_asc" },
      "/shop",
      params,
    );
    expect(chips.map(({ label }) => label)).toEqual(["“sofa”", "Living Room", "From ₦1,000.00", "Not imported"]);
    // The sort stays; the pages start again.
    expect(chips[0]!.href).toBe("/shop?category=Living+Room&minPrice=1000&isForeign=false&sort=price_asc");
    expect(chips[3]!.href).toBe("/shop?search=sofa&category=Living+Room&minPrice=1000&sort=price_asc");
  });

  it("has none for a list read without filters (a style page's style is no filter)", () => {
    expect(filterChips({ ...page, style: "Modern", sort: "newest" }, "/styles/modern", new URLSearchParams())).toEqual(
      [],
    );
  });
});

describe("clearedHref", () => {
  it("keeps the tab and the sort", () => {
    const params = new URLSearchParams("view=collections&search=oak&isPromo=true&sort=price_desc&collectionsPage=2");
    expect(clearedHref("/shop", params)).toBe("/shop?view=collections&sort=price_desc");
    expect(clearedHref("/shop", new URLSearchParams("maxPrice=1"))).toBe("/shop");
  });
});

describe("listingTitle", () => {
  it("says what the list shows: the search, the category's room, offers or best sellers", () => {
    expect(listingTitle({ ...page, search: "sofa", isPromo: true }, "Shop")).toBe("Results for “sofa”");
    expect(listingTitle({ ...page, category: "Living Room", isPromo: true }, "Shop")).toBe("Sofas and Living Rooms");
    expect(listingTitle({ ...page, isPromo: true }, "Shop")).toBe("Offers");
    expect(listingTitle({ ...page, isBestSeller: true }, "Shop")).toBe("Best sellers");
    expect(listingTitle({ ...page, isPromo: false }, "Shop")).toBe("Shop");
  });
});

describe("sorts", () => {
  it("offers the list's own order first, left out of the URL", () => {
    expect(sortOptions(false)).toEqual([
      { value: null, label: "Newest" },
      { value: "price_asc", label: "Lowest price" },
      { value: "price_desc", label: "Highest price" },
      { value: "best_sellers", label: "Best sellers" },
    ]);
    expect(sortOptions(true).map(({ value }) => value)).toEqual([
      null,
      "newest",
      "price_asc",
      "price_desc",
      "best_sellers",
    ]);
  });

  it("reads only the sorts there are", () => {
    expect(readSort("price_desc")).toBe("price_desc");
    expect(readSort("cheapest")).toBeNull();
    expect(readSort(null)).toBeNull();
  });
});

describe("countLabel", () => {
  it("counts pieces and collections", () => {
    expect([countLabel(1, "products"), countLabel(24, "products"), countLabel(0, "collections")]).toEqual([
      "1 piece",
      "24 pieces",
      "0 collections",
    ]);
  });
});
