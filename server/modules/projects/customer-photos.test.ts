/**
 * Customers' photos in projects (docs/product.md, Reviews): the editor is offered the
 * photos customers agreed to show, of published reviews only, newest first; a chosen one
 * is saved as an ordinary picture of the project, under the same media id; a photo whose
 * review is hidden, or whose author withdrew consent, is refused, while one placed before
 * stays. Neither the project nor the review removes the other's files.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Project } from "../../../domain/catalog/catalog.types";
import { PHOTO_NOT_OFFERED, type CustomerPhoto } from "../../../domain/reviews/reviews.schema";
import { adminCookie, imageDataUrl, staffCookie } from "../../../tests/support/admin-session";
import { insertProduct, insertProject, makeImage } from "../../../tests/support/catalog-factory";
import { insertReview } from "../../../tests/support/review-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { media } from "../../db/schema/media";
import { deleteUnusedMedia } from "../media/media.service";
import { reviewPhotos, reviews } from "../../db/schema/reviews";

const t = useTestApp();
let owner = "";

beforeAll(async () => {
  owner = await adminCookie(t);
});

function staff(cookie: string, method: InjectOptions["method"], url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/admin/operations${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
  });
}

async function offered(cookie = owner): Promise<CustomerPhoto[]> {
  const response = await staff(cookie, "GET", "/projects/customer-photos");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ photos: CustomerPhoto[] }>().photos;
}

const ids = (photos: readonly { photo: { public_id: string } }[]) => photos.map((entry) => entry.photo.public_id);
const kept = (mediaId: string) => ({ public_id: mediaId });
/** The folder of a picture's files. */
const fileOf = (mediaId: string) => path.join(t.mediaDir, mediaId);

async function newProject() {
  const cover = await makeImage(t.db, t.mediaDir, "#224466");
  const project = await insertProject(t.db, { title: "Parkview Duplex", images: [cover] });
  return { id: project.id, cover: cover.id };
}

describe("GET projects/customer-photos", () => {
  it("offers consented photos of published reviews only, newest first, with the reviewer's name and the piece", async () => {
    const sofa = await insertProduct(t.db, { name: "Offer Sofa" });
    const older = await insertReview(t, sofa.id, {
      consent: true,
      photos: 2,
      displayName: "Tunde, Yaba",
      createdAt: new Date("2026-10-01T09:00:00Z"),
    });
    const newer = await insertReview(t, sofa.id, {
      consent: true,
      photos: 1,
      displayName: "Amaka, Ikeja",
      createdAt: new Date("2026-11-02T09:00:00Z"),
    });
    const noConsent = await insertReview(t, sofa.id, { consent: false, photos: 1 });
    const waiting = await insertReview(t, sofa.id, { status: "pending", consent: true, photos: 1 });
    const hidden = await insertReview(t, sofa.id, { status: "hidden", consent: true, photos: 1 });

    const photos = await offered();
    const mine = photos.filter((entry) => entry.item === sofa.id);
    expect(ids(mine)).toEqual([...newer.photos, ...older.photos]);
    expect(mine[0]).toMatchObject({
      review: newer.id,
      displayName: "Amaka, Ikeja",
      itemType: "Product",
      itemName: "Offer Sofa",
      photo: { public_id: newer.photos[0], url: expect.stringMatching(/^\/media\//) },
    });
    for (const left of [noConsent, waiting, hidden]) expect(ids(photos)).not.toContain(left.photos[0]);
  });

  it("is for those who may change projects: Sales may not ask", async () => {
    const sales = await staffCookie(t, ["sales"]);
    expect((await staff(sales, "GET", "/projects/customer-photos")).statusCode).toBe(403);
    const catalogue = await staffCookie(t, ["catalogue"]);
    expect((await staff(catalogue, "GET", "/projects/customer-photos")).statusCode).toBe(200);
  });

  it("stops offering a photo once its review is hidden or its author withdraws consent", async () => {
    const chair = await insertProduct(t.db, { name: "Withdrawn Chair" });
    const toHide = await insertReview(t, chair.id, { consent: true, photos: 1 });
    const toWithdraw = await insertReview(t, chair.id, { consent: true, photos: 1 });
    expect(ids(await offered())).toEqual(expect.arrayContaining([...toHide.photos, ...toWithdraw.photos]));

    const hid = await staff(owner, "POST", `/reviews/${toHide.id}/hide`, { reason: "Shows a neighbour's face." });
    expect(hid.statusCode, hid.body).toBe(200);
    await t.db.update(reviews).set({ photosConsent: false }).where(eq(reviews.id, toWithdraw.id));

    const now = ids(await offered());
    expect(now).not.toContain(toHide.photos[0]);
    expect(now).not.toContain(toWithdraw.photos[0]);
  });
});

describe("saving customers' photos with a project", () => {
  it("keeps a chosen photo as an ordinary picture of the project, under the same media id", async () => {
    const bed = await insertProduct(t.db, { name: "Placed Bed" });
    const review = await insertReview(t, bed.id, { consent: true, photos: 1 });
    const project = await newProject();
    const photo = review.photos[0]!;

    const saved = await staff(owner, "PUT", `/updateProject/${project.id}`, {
      images: [kept(project.cover), kept(photo)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Project>().images.map((image) => image.public_id)).toEqual([project.cover, photo]);
    const read = await t.app.inject({ method: "GET", url: `/api/projects/get/${project.id}` });
    expect(read.json<Project>().images.map((image) => image.public_id)).toEqual([project.cover, photo]);
    // One picture, shown by both: no copy was made.
    expect(await t.db.$count(media, eq(media.id, photo))).toBe(1);
  });

  it("refuses (400, with a message) a photo whose review is not published or whose author did not agree", async () => {
    const table = await insertProduct(t.db, { name: "Refused Table" });
    const noConsent = await insertReview(t, table.id, { consent: false, photos: 1 });
    const waiting = await insertReview(t, table.id, { status: "pending", consent: true, photos: 1 });
    const hidden = await insertReview(t, table.id, { status: "hidden", consent: true, photos: 1 });
    const project = await newProject();

    for (const review of [noConsent, waiting, hidden]) {
      const refused = await staff(owner, "PUT", `/updateProject/${project.id}`, {
        images: [kept(project.cover), kept(review.photos[0]!)],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: PHOTO_NOT_OFFERED, errors: { "images.1": PHOTO_NOT_OFFERED } });
    }
    const stored = await t.app.inject({ method: "GET", url: `/api/projects/get/${project.id}` });
    expect(stored.json<Project>().images.map((image) => image.public_id)).toEqual([project.cover]);

    // A new project may not take one either, and nothing it uploaded is kept.
    const before = await t.db.$count(media);
    const added = await staff(owner, "POST", "/addProject", {
      title: "Sneaky Project",
      location: "Lekki, Lagos",
      category: "Residential",
      price: "1000000",
      description: "<p>Living room.</p>",
      images: [await imageDataUrl("#884422"), kept(noConsent.photos[0]!)],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(PHOTO_NOT_OFFERED);
    expect(await t.db.$count(media)).toBe(before);
  });

  it("keeps a photo already placed when its review is later hidden or consent is withdrawn", async () => {
    const lamp = await insertProduct(t.db, { name: "Placed Lamp" });
    const review = await insertReview(t, lamp.id, { consent: true, photos: 1 });
    const project = await newProject();
    const photo = review.photos[0]!;
    const placed = await staff(owner, "PUT", `/updateProject/${project.id}`, {
      images: [kept(project.cover), kept(photo)],
    });
    expect(placed.statusCode, placed.body).toBe(200);

    await staff(owner, "POST", `/reviews/${review.id}/hide`, { reason: "Off topic." });
    await t.db.update(reviews).set({ photosConsent: false }).where(eq(reviews.id, review.id));

    // Saving the project again, its pictures as they are, is no new choice: it stays.
    const again = await staff(owner, "PUT", `/updateProject/${project.id}`, { title: "Parkview Duplex, phase 2" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Project>().images.map((image) => image.public_id)).toEqual([project.cover, photo]);
    const reordered = await staff(owner, "PUT", `/updateProject/${project.id}`, {
      images: [kept(photo), kept(project.cover)],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
  });
});

describe("removing unused pictures", () => {
  it("keeps a photo the project shows when the review drops it, and one the review shows when the project drops it or is deleted", async () => {
    const rug = await insertProduct(t.db, { name: "Shared Rug" });
    const review = await insertReview(t, rug.id, { consent: true, photos: 2 });
    const [byProject, byReview] = review.photos as [string, string];
    const project = await newProject();
    const placed = await staff(owner, "PUT", `/updateProject/${project.id}`, {
      images: [kept(project.cover), kept(byProject), kept(byReview)],
    });
    expect(placed.statusCode, placed.body).toBe(200);

    // The project lets go of one the review still shows: its files stay.
    const dropped = await staff(owner, "PUT", `/updateProject/${project.id}`, {
      images: [kept(project.cover), kept(byProject)],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(existsSync(fileOf(byReview))).toBe(true);
    expect(await t.db.$count(media, eq(media.id, byReview))).toBe(1);

    // The review's author removes the one the project shows, as an edit does: its files stay.
    await t.db.delete(reviewPhotos).where(eq(reviewPhotos.mediaId, byProject));
    expect(await deleteUnusedMedia(t.db, t.storage, [byProject])).toEqual([]);
    expect(existsSync(fileOf(byProject))).toBe(true);

    // The project is deleted: the photo the review still shows stays; the one only the project showed goes.
    await staff(owner, "PUT", `/updateProject/${project.id}`, {
      images: [kept(project.cover), kept(byProject), kept(byReview)],
    });
    expect((await staff(owner, "DELETE", `/delProject/${project.id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(byReview))).toBe(true);
    expect(existsSync(fileOf(byProject))).toBe(false);
    expect(await t.db.$count(media, eq(media.id, byProject))).toBe(0);
  });
});
