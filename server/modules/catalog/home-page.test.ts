/**
 * The home page of a young shop (docs/product.md, Shop settings): with nothing in the
 * catalogue it welcomes visitors to a shop opening soon, with the contact details, rather
 * than a dark hero and tiles without pictures; once pieces arrive, only the rooms and
 * styles that have one show, and the owner alone sees the others as "coming soon".
 */
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";

const t = useTestApp({ pages: true });
let owner = "";
beforeAll(async () => {
  owner = await adminCookie(t);
});

/** The home page's text as read on screen, and its HTML. */
async function home(cookie?: string) {
  const page = await t.app.inject({ method: "GET", url: "/", ...(cookie ? { headers: { cookie } } : {}) });
  expect(page.statusCode).toBe(200);
  const main = page.body.slice(page.body.indexOf("<main"), page.body.indexOf("</main>"));
  return { html: main, text: main.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ") };
}

describe("the home page", () => {
  it("of a shop with nothing in it says it opens soon, with the shop's contact details, and no empty grid", async () => {
    const { html, text } = await home();
    expect(text).toContain("Opening soon");
    expect(text).toContain(TEST_SITE.SHOP_EMAIL);
    expect(html).toContain(`https://wa.me/${TEST_SITE.WHATSAPP_NUMBER}`);
    expect(text).not.toContain("No Image");
    expect(text).not.toContain("Featured Products");
    expect(text).not.toContain("Featured Styles");
    expect(text).not.toContain("Add your first product");
    expect((await home(owner)).text).toContain("Add your first product");
  });

  it("shows only the rooms and styles that have a piece, and the hero its pictures; the owner sees the rest as coming soon", async () => {
    const added = await t.app.inject({
      method: "POST",
      url: "/api/admin/operations/addProduct",
      headers: { cookie: owner, origin: TEST_SITE.PUBLIC_URL },
      payload: {
        name: "Epe Wardrobe",
        description: "<p>Three doors.</p>",
        items: "1 wardrobe",
        price: 850000,
        category: "Wardrobe",
        style: "Bespoke",
        images: [await imageDataUrl("#6b4f3a")],
      },
    });
    expect(added.statusCode, added.body).toBe(201);

    const { html, text } = await home();
    expect(text).not.toContain("Opening soon");
    expect(text).not.toContain("No Image");
    // The hero shows the newest piece's picture, not a dark empty hero.
    expect(html).toMatch(/data-testid="hero-slide"/);
    const tiles = [...html.matchAll(/href="(\/shop\?category=[^"]+|\/styles\/[^"]+)"/g)].map((match) => match[1]);
    expect(tiles).toEqual(["/shop?category=Wardrobe", "/styles/bespoke"]);

    const ownerView = (await home(owner)).text;
    expect(ownerView.match(/Coming soon · only you see this/g)?.length).toBe(7 + 5);
  });
});
