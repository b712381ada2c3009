import { afterEach, describe, expect, it } from "vitest";
import type { CatalogChange } from "../../../domain/catalog/catalog.types";
import { reloadUnlessBusy, showsChange } from "./use-live-connection";

const A = "0b6f1c3e-2a4d-4e5f-8a9b-1c2d3e4f5a6b";
const B = "7d8e9f0a-1b2c-4d3e-9f4a-5b6c7d8e9f0a";
const change = (kind: CatalogChange["kind"], id: string): CatalogChange => ({ kind, id, action: "saved" });

describe("which pages reload when the admin changes the catalogue", () => {
  it("home, for any change", () => {
    for (const kind of ["product", "collection", "project"] as const)
      expect(showsChange("/", change(kind, A))).toBe(true);
  });

  it("an item's page, for its own item, whatever the case of its address", () => {
    expect(showsChange(`/product/${A}`, change("product", A))).toBe(true);
    expect(showsChange(`/Project/${A.toUpperCase()}`, change("project", A))).toBe(true);
    expect(showsChange(`/collection/${A}/`, change("collection", A))).toBe(true);
  });

  it("not an item's page for another item of its kind, or for a project", () => {
    expect(showsChange(`/product/${A}`, change("product", B))).toBe(false);
    expect(showsChange(`/collection/${A}`, change("collection", B))).toBe(false);
    expect(showsChange(`/project/${A}`, change("project", B))).toBe(false);
    expect(showsChange(`/product/${A}`, change("project", A))).toBe(false);
    expect(showsChange(`/project/${A}`, change("product", A))).toBe(false);
  });

  it("a product's page for any collection (its own may be renamed), a collection's for any product", () => {
    expect(showsChange(`/product/${A}`, change("collection", B))).toBe(true);
    expect(showsChange(`/collection/${A}`, change("product", B))).toBe(true);
  });

  it("not the lists (they patch themselves) nor other pages", () => {
    for (const path of ["/shop", "/projects", "/styles/glam", "/cart", "/admin/dashboard", `/product/${A}/extra`])
      expect(showsChange(path, change("product", A))).toBe(false);
  });

  it("an item's page for a payload it cannot read", () => {
    expect(showsChange(`/product/${A}`, undefined)).toBe(true);
    expect(showsChange(`/product/${A}`, { kind: "product" })).toBe(true);
  });
});

describe("a live event's reload", () => {
  /** The framework's router as the page keeps it on `window`, in the given state, counting reloads. */
  function pageWithRouter(navigation: string, fetchers: string[] = []) {
    const router = {
      reloads: 0,
      state: {
        navigation: { state: navigation },
        fetchers: new Map(fetchers.map((state, at) => [`f${at}`, { state }])),
      },
      revalidate: async () => void router.reloads++,
    };
    Object.assign(globalThis, { window: { __reactRouterDataRouter: router } });
    return router;
  }
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("happens at once on a page at rest", () => {
    const router = pageWithRouter("idle", ["idle"]);
    reloadUnlessBusy();
    expect(router.reloads).toBe(1);
  });

  it("never cancels a post, a page on its way or a fetcher's work, whose answer is read once", () => {
    for (const [navigation, fetchers] of [
      ["submitting", []],
      ["loading", []],
      ["idle", ["idle", "submitting"]],
      ["idle", ["loading"]],
    ] as const) {
      const router = pageWithRouter(navigation, [...fetchers]);
      reloadUnlessBusy();
      expect(router.reloads, `${navigation} ${fetchers.join(" ")}`).toBe(0);
    }
  });
});
