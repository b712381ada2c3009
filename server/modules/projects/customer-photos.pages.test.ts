/**
 * "Customers' photos" on the project editor's page (docs/product.md, Reviews): offered to
 * whoever may change projects, chosen with a checkbox each and saved by the form's own
 * post, as a browser sends it before (or without) its scripts; a photo that may no longer
 * be used is refused with the form's error on the page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Project } from "../../../domain/catalog/catalog.types";
import { PHOTO_NOT_OFFERED } from "../../../domain/reviews/reviews.schema";
import { adminCookie, staffCookie } from "../../../tests/support/admin-session";
import { insertProduct, insertProject, makeImage } from "../../../tests/support/catalog-factory";
import { insertReview, type ReviewFixture } from "../../../tests/support/review-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";

const t = useTestApp({ pages: true });
const ORIGIN = TEST_SITE.PUBLIC_URL;

let owner = "";
let project = { id: "", cover: "" };
let consented: ReviewFixture;
let withheld: ReviewFixture;

beforeAll(async () => {
  owner = await adminCookie(t);
  const sofa = await insertProduct(t.db, { name: "Page Sofa" });
  consented = await insertReview(t, sofa.id, { consent: true, photos: 1, displayName: "Bisi, Surulere" });
  withheld = await insertReview(t, sofa.id, { consent: false, photos: 1, displayName: "Kept Private" });
  const cover = await makeImage(t.db, t.mediaDir, "#335577");
  const row = await insertProject(t.db, { title: "Page Project", images: [cover] });
  project = { id: row.id, cover: cover.id };
});

/** The checkbox offering this picture, as the page was sent: posted under the images field. */
const offeredBox = (html: string, mediaId: string) =>
  [...html.matchAll(/<input [^>]*type="checkbox"[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`value="/media/${mediaId}/"`) && tag.includes('name="images"'));

const editPage = (cookie: string) =>
  t.app.inject({ method: "GET", url: `/admin/editProject/${project.id}`, headers: { cookie } });

/** The edit form as a browser posts it without scripts: its fields, the kept and ticked pictures. */
function post(images: string[]) {
  const form = new FormData();
  const fields = {
    title: "Page Project",
    location: "Ikoyi, Lagos",
    category: "Residential",
    price: "5000000",
    description: "<p>Whole flat.</p>",
    status: "published",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const id of images) form.append("images", `/media/${id}/`);
  const request = new Request(ORIGIN, { method: "POST", body: form });
  return request.arrayBuffer().then((body) =>
    t.app.inject({
      method: "POST",
      url: `/admin/editProject/${project.id}`,
      payload: Buffer.from(body),
      headers: {
        cookie: owner,
        "content-type": request.headers.get("content-type")!,
        origin: ORIGIN,
        "sec-fetch-mode": "navigate",
        accept: "text/html",
      },
    }),
  );
}

const imagesOf = async () =>
  (await t.app.inject({ method: "GET", url: `/api/projects/get/${project.id}` }))
    .json<Project>()
    .images.map((image) => image.public_id);

describe("the project editor's customers' photos", () => {
  it("offers the consented photos, each a checkbox naming the reviewer and the piece, to those who may change projects, not Sales", async () => {
    const page = await editPage(owner);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Customers’ photos");
    expect(offeredBox(page.body, consented.photos[0]!)).toBeDefined();
    expect(offeredBox(page.body, consented.photos[0]!)).toContain('aria-label="Photo by Bisi, Surulere of Page Sofa"');
    expect(page.body).toContain("Bisi, Surulere");
    expect(page.body).toContain("Page Sofa");
    expect(page.body).not.toContain(`/media/${withheld.photos[0]}/`);
    expect(page.body).not.toContain("Kept Private");

    // Sales may read the project, not change it: nothing offered.
    const sales = await editPage(await staffCookie(t, ["sales"]));
    expect(sales.statusCode).toBe(200);
    expect(sales.body).not.toContain("Customers’ photos");
  });

  it("refuses a photo its author did not agree to show, with the form's error on the page", async () => {
    const refused = await post([project.cover, withheld.photos[0]!]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(PHOTO_NOT_OFFERED.replace(/'/g, "&#x27;"));
    expect(await imagesOf()).toEqual([project.cover]);
  });

  it("saves a ticked photo with the project by the form's own post, and offers it no more", async () => {
    const saved = await post([project.cover, consented.photos[0]!]);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(303);
    expect(await imagesOf()).toEqual([project.cover, consented.photos[0]]);

    // Shown now among the project's own pictures; not offered again.
    const page = await editPage(owner);
    expect(offeredBox(page.body, consented.photos[0]!)).toBeUndefined();
    expect(page.body).toMatch(new RegExp(`type="hidden" name="images" value="/media/${consented.photos[0]}/"`));
  });
});
