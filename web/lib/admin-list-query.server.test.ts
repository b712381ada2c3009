import { describe, expect, it } from "vitest";
import { AdminProductListQuerySchema } from "../../domain/catalog/admin-list-query.schema";
import { BulkChangeBodySchema } from "../../domain/catalog/bulk-change.schema";
import { bulkBodyOf, parseAdminListQuery, productFilterOf, readBulkFields } from "./admin-list-query.server";

const ID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

describe("the Manage lists' URLs", () => {
  it("reads search, filters, sort and page size, dropping what makes no sense", () => {
    const query = parseAdminListQuery(
      AdminProductListQuerySchema,
      new URLSearchParams("section=products&search=sofa&category=living room&status=draft&limit=50&sold=maybe&page=2"),
    );
    expect(query).toMatchObject({ search: "sofa", category: "Living Room", status: "draft", limit: 50, page: 2 });
    expect(query.sold).toBeUndefined();
  });

  it("takes the list's filters as the URL words them, paging and sorting aside", () => {
    const params = new URLSearchParams(
      `section=products&category=Living+Room&isPromo=true&collectionId=none&page=3&limit=50&sort=name&style=nonsense`,
    );
    expect(productFilterOf(params)).toEqual({ category: "Living Room", isPromo: "true", collectionId: "none" });
  });
});

describe("the bulk bar's fields as the server's bulk body", () => {
  const fields = (search: string) => readBulkFields(new URLSearchParams(search));

  it("names the ticked products, or every one the list's filters match", () => {
    const list = new URLSearchParams("section=products&category=Living+Room&page=2");
    const ticked = bulkBodyOf(fields(`ids=${ID}&change=sold`), list, true);
    expect(BulkChangeBodySchema.parse(ticked)).toMatchObject({ target: { ids: [ID] }, action: "sold", value: true });
    const all = bulkBodyOf(fields(`ids=${ID}&scope=all&change=unpublish`), list, false);
    expect(BulkChangeBodySchema.parse(all)).toMatchObject({
      target: { filter: { category: "Living Room" } },
      action: "status",
      value: "draft",
      preview: false,
    });
  });

  it("raises and lowers prices by a percentage or an amount, typed as people type them", () => {
    const list = new URLSearchParams();
    expect(bulkBodyOf(fields(`ids=${ID}&change=raise-percent&by=10%25`), list, true)).toMatchObject({
      action: "price",
      value: { percent: 10 },
    });
    expect(bulkBodyOf(fields(`ids=${ID}&change=lower-amount&by=₦5,000`), list, true)).toMatchObject({
      action: "price",
      value: { amount: -5000 },
    });
    expect(bulkBodyOf(fields(`ids=${ID}&change=promo&by=20`), list, true)).toMatchObject({
      action: "promo",
      value: { percent: 20 },
    });
    expect(bulkBodyOf(fields(`ids=${ID}&change=collection&to=none`), list, true)).toMatchObject({
      action: "collection",
      value: null,
    });
  });

  it("leaves a missing amount or an unknown change for the server's schema to refuse", () => {
    const list = new URLSearchParams();
    expect(
      BulkChangeBodySchema.safeParse(bulkBodyOf(fields(`ids=${ID}&change=raise-percent`), list, true)).success,
    ).toBe(false);
    expect(BulkChangeBodySchema.safeParse(bulkBodyOf(fields(`ids=${ID}&change=melt`), list, true)).success).toBe(false);
    expect(BulkChangeBodySchema.safeParse(bulkBodyOf(fields("change=sold"), list, true)).success).toBe(false);
  });
});
