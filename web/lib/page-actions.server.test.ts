import { describe, expect, it } from "vitest";
import { answer, backPath, isDocumentRequest, refusalOf, takeFlash } from "./page-actions.server";

const post = (headers: Record<string, string>) =>
  new Request("https://shop.test/cart", { method: "POST", headers, body: "x=1" });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("page actions", () => {
  it("tell the browser's own post (a navigation) from the page's scripts' fetch", () => {
    expect(isDocumentRequest(post({ "sec-fetch-mode": "navigate" }))).toBe(true);
    expect(isDocumentRequest(post({ "sec-fetch-mode": "cors", accept: "text/html" }))).toBe(false);
    // A browser too old for Fetch Metadata: a page is what it asks for.
    expect(isDocumentRequest(post({ accept: "text/html,application/xhtml+xml" }))).toBe(true);
    expect(isDocumentRequest(post({ accept: "*/*" }))).toBe(false);
  });

  it("go back only to a path of this site", () => {
    const request = post({ referer: "https://shop.test/shop?page=2" });
    expect(backPath(request, form({ back: "/product/abc#card" }))).toBe("/product/abc#card");
    for (const hostile of [
      "//evil.test/x",
      "/\\evil.test",
      "/\t/evil.test",
      "/%2F%2Fevil.test",
      "https://evil.test/",
      "javascript:alert(1)",
    ]) {
      expect(backPath(request, form({ back: hostile })), hostile).toBe("/shop?page=2");
    }
    expect(backPath(post({ referer: "https://evil.test/x" }), null)).toBe("/");
    expect(backPath(post({ referer: "not a url" }), null, "/cart")).toBe("/cart");
    // This site's own page, at a path that would name another host once written as a redirect.
    expect(backPath(post({ referer: "https://shop.test//evil.test/x" }), null, "/cart")).toBe("/cart");
    expect(backPath(post({ referer: "https://shop.test/%2F%2Fevil.test" }), form({ back: "/\tevil" }))).toBe("/");
  });

  it("answer a browser's post with a 303 back and a flash the next page reads once", async () => {
    const request = post({ "sec-fetch-mode": "navigate" });
    const response = (await answer(request, form({ back: "/shop?page=3" }), {
      kind: "success",
      message: "Item added to cart!",
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/shop?page=3");
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const next = new Request("https://shop.test/shop?page=3", { headers: { cookie } });
    const { flash, headers } = await takeFlash(next);
    expect(flash).toEqual({ kind: "success", message: "Item added to cart!" });
    expect(new Headers(headers).get("set-cookie")).toMatch(/^flash=;.*Max-Age=0/);
    // A cookie someone made up is not shown.
    expect((await takeFlash(new Request("https://shop.test/", { headers: { cookie: "flash=abc" } }))).flash).toBe(null);
  });

  it("answer the page's scripts with the message as data", async () => {
    const result = await answer(post({ "sec-fetch-mode": "cors" }), null, { kind: "info", message: "Hi" });
    expect(result).not.toBeInstanceOf(Response);
    expect((result as { data: unknown }).data).toEqual({ flash: { kind: "info", message: "Hi" } });
  });

  it("read a refusal by its shape, and let faults through", () => {
    expect(refusalOf({ statusCode: 409, message: "That e-mail is already in use.", errors: { email: "x" } })).toEqual({
      status: 409,
      message: "That e-mail is already in use.",
      errors: { email: "x" },
    });
    expect(refusalOf({ statusCode: 500, message: "boom" })).toBe(null);
    expect(refusalOf(new Error("boom"))).toBe(null);
    expect(refusalOf(null)).toBe(null);
  });
});
