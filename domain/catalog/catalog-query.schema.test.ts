import { describe, expect, it } from "vitest";
import { CatalogListQuerySchema, ProjectListQuerySchema } from "./catalog-query.schema";

describe("CatalogListQuerySchema", () => {
  it("defaults to the first page of 12 with no filters", () => {
    expect(CatalogListQuerySchema.parse({})).toEqual({ page: 1, limit: 12 });
  });

  it("coerces query strings and canonicalises category and style", () => {
    expect(
      CatalogListQuerySchema.parse({
        page: "3",
        limit: "24",
        search: "  sofa ",
        category: "tv unit",
        style: "contemporay",
        minPrice: "1000.50",
        maxPrice: "5000",
        isPromo: "true",
        isForeign: "false",
      }),
    ).toEqual({
      page: 3,
      limit: 24,
      search: "sofa",
      category: "TV Unit",
      style: "Contemporary",
      minPrice: 1000.5,
      maxPrice: 5000,
      isPromo: true,
      isForeign: false,
    });
  });

  it("ignores empty values", () => {
    expect(CatalogListQuerySchema.parse({ search: "   ", category: "", minPrice: "", isBestSeller: "" })).toEqual({
      page: 1,
      limit: 12,
    });
  });

  it("reports each bad value with a message naming it", () => {
    const result = CatalogListQuerySchema.safeParse({ page: "0", limit: "500", isPromo: "1", minPrice: "-1" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "page must be a whole number of 1 or more.",
        "limit must be a whole number from 1 to 100.",
        "isPromo must be true or false.",
        "minPrice must be a number of 0 or more.",
      ]),
    );
  });

  it("takes each sort, and none by default", () => {
    for (const sort of ["newest", "price_asc", "price_desc", "best_sellers"]) {
      expect(CatalogListQuerySchema.parse({ sort })).toEqual({ page: 1, limit: 12, sort });
    }
    expect(CatalogListQuerySchema.parse({ sort: "" })).toEqual({ page: 1, limit: 12 });
  });

  it("refuses an unknown sort, naming the ones it knows", () => {
    for (const sort of ["cheapest", "PRICE_ASC", "relevance"]) {
      expect(CatalogListQuerySchema.safeParse({ sort }).error?.issues[0]?.message).toBe(
        "sort must be one of newest, price_asc, price_desc, best_sellers.",
      );
    }
  });

  it("refuses a price range whose maximum is below its minimum", () => {
    const result = CatalogListQuerySchema.safeParse({ minPrice: "10", maxPrice: "5" });
    expect(result.error?.issues[0]?.message).toBe("maxPrice must not be below minPrice.");
  });
});

describe("ProjectListQuerySchema", () => {
  it("defaults to 10 a page and canonicalises the category", () => {
    expect(ProjectListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ProjectListQuerySchema.parse({ limit: "20", category: "commercial" })).toEqual({
      page: 1,
      limit: 20,
      category: "Commercial",
    });
  });
});
