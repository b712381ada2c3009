/**
 * Images as the admin's forms upload them, through every route that takes them: what is
 * refused, with which message, and that a refused save stores nothing.
 */
import { readdir } from "node:fs/promises";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { CollectionDetail, Product, Project } from "../../../domain/catalog/catalog.types";
import { adminCookie, imageDataUrl, toDataUrl } from "../../../tests/support/admin-session";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { collections, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { projects } from "../../db/schema/projects";

const t = useTestApp();
let cookie = "";
let productIds: string[] = [];
const stored = {
  product: null as unknown as Product,
  collection: null as unknown as CollectionDetail,
  project: null as unknown as Project,
};

const HIGH_BIT_DEPTH =
  "Images with more than 8 bits per colour are not accepted. Please save the image as a JPEG or an 8-bit PNG, then upload it again.";

function admin(method: InjectOptions["method"], url: string, payload: object) {
  return t.app.inject({ method, url: `/api/admin/operations${url}`, payload, headers: { cookie } });
}

const productForm = (images: unknown[]) => ({
  name: "Ikoyi Sofa",
  description: "<p>Three seats.</p>",
  items: "1 sofa",
  price: 850_000,
  category: "Living Room",
  style: "Modern",
  images,
});
const collectionForm = (coverImage: unknown) => ({
  name: "Lekki Living",
  description: "<p>A whole room.</p>",
  price: 2_000_000,
  style: "Modern",
  productIds,
  coverImage,
});
const projectForm = (images: unknown[]) => ({
  title: "Banana Island Residence",
  location: "Ikoyi, Lagos",
  category: "Residential",
  price: 25_000_000,
  description: "<p>Full design.</p>",
  images,
});

/** Every route taking images, with the body it is sent and where its image errors are named. */
const routes = (image: string) =>
  [
    ["addProduct", "POST", "/addProduct", productForm([image]), "images.0"],
    ["updateProduct", "PUT", `/updateProduct/${stored.product._id}`, productForm([image]), "images.0"],
    ["addCollection", "POST", "/addCollection", collectionForm(image), "coverImage"],
    ["updateCollection", "PUT", `/updateCollection/${stored.collection._id}`, collectionForm(image), "coverImage"],
    ["addProject", "POST", "/addProject", projectForm([image]), "images.0"],
    ["updateProject", "PUT", `/updateProject/${stored.project._id}`, projectForm([image]), "images.0"],
  ] as const;

/** Rows and files that a refused save must leave as they were. */
const footprint = async () => ({
  products: await t.db.$count(products),
  collections: await t.db.$count(collections),
  projects: await t.db.$count(projects),
  media: await t.db.$count(media),
  folders: (await readdir(t.mediaDir)).length,
});

/** The stored items as the shop reads them, with images as ids (AVIF may become ready meanwhile). */
async function readItems() {
  const read = async <T>(url: string) => (await t.app.inject({ method: "GET", url })).json<T>();
  const product = await read<Product>(`/api/products/${stored.product._id}`);
  const collection = await read<CollectionDetail>(`/api/collections/${stored.collection._id}`);
  const project = await read<Project>(`/api/projects/get/${stored.project._id}`);
  return {
    product: { ...product, images: product.images.map((image) => image.public_id) },
    collection: {
      ...collection,
      coverImage: collection.coverImage?.public_id,
      productIds: collection.productIds.length,
    },
    project: { ...project, images: project.images.map((image) => image.public_id) },
  };
}

/** A single-colour PNG of this size; `sixteenBit` stores 16 bits per sample. */
async function png(width: number, height: number, { sixteenBit = false } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: "#884422" } });
  return (sixteenBit ? image.toColourspace("rgb16") : image).png().toBuffer();
}

beforeAll(async () => {
  cookie = await adminCookie(t);
  productIds = [(await insertProduct(t.db, { name: "In the collection" })).id];
  stored.product = (await admin("POST", "/addProduct", productForm([await imageDataUrl("#101010")]))).json<Product>();
  stored.collection = (
    await admin("POST", "/addCollection", collectionForm(await imageDataUrl("#202020")))
  ).json<CollectionDetail>();
  stored.project = (await admin("POST", "/addProject", projectForm([await imageDataUrl("#303030")]))).json<Project>();
});

describe("an image data string that holds no readable image", () => {
  const unreadable = async () => {
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>");
    return [
      ["characters that are not base64", "data:image/png;base64,!!!!"],
      ["no data at all", "data:image/png;base64,"],
      ["only padding", "data:image/png;base64,===="],
      ["valid base64 of text", toDataUrl(Buffer.from("hello, I am not a picture"))],
      ["a picture of a format not accepted, declared as PNG", toDataUrl(svg)],
      ["text declared as text", toDataUrl(Buffer.from("plain words"), "text/plain")],
    ] as const;
  };

  it("is refused with 400 'Failed to read image file.' (the cover's own message) on every add and update, saving nothing", async () => {
    const before = await footprint();
    const itemsBefore = await readItems();
    for (const [what, image] of await unreadable()) {
      for (const [route, method, url, body, field] of routes(image)) {
        const response = await admin(method, url, body);
        const message = field === "coverImage" ? "Failed to read cover image file." : "Failed to read image file.";
        expect(response.statusCode, `${route}, ${what}: ${response.body}`).toBe(400);
        expect(response.json(), `${route}, ${what}`).toEqual({ message, errors: { [field]: message } });
      }
    }
    expect(await footprint()).toEqual(before);
    expect(await readItems()).toEqual(itemsBefore);
  });

  it("is judged by its bytes, not the type it declares: a JPEG declared as PNG is stored", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#446688" } })
      .jpeg()
      .toBuffer();
    const response = await admin("POST", "/addProduct", productForm([toDataUrl(jpeg, "image/png")]));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Product>().images).toMatchObject([{ width: 40, height: 30 }]);
  });
});

describe("the pixels an upload may decode", () => {
  it("refuses six 50-megapixel 16-bit PNGs by their headers, before decoding any", async () => {
    // 7,070 × 7,070: just under the limit of one image, and a few hundred kilobytes each.
    const huge = toDataUrl(await png(7070, 7070, { sixteenBit: true }));
    const before = await footprint();
    const response = await admin("POST", "/addProduct", productForm(Array(6).fill(huge)));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: HIGH_BIT_DEPTH, errors: { "images.0": HIGH_BIT_DEPTH } });
    // Decoding them took several seconds of processor time; reading six headers takes
    // milliseconds (npm run bench:timed measures it).
    expect(await footprint()).toEqual(before);
  }, 30_000);

  it("refuses a 16-bit image on every route, with nothing saved", async () => {
    const before = await footprint();
    const itemsBefore = await readItems();
    for (const [route, method, url, body, field] of routes(toDataUrl(await png(300, 200, { sixteenBit: true })))) {
      const response = await admin(method, url, body);
      expect(response.statusCode, `${route}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ message: HIGH_BIT_DEPTH, errors: { [field]: HIGH_BIT_DEPTH } });
    }
    expect(await footprint()).toEqual(before);
    expect(await readItems()).toEqual(itemsBefore);
  });

  it("refuses new images holding more than 100 megapixels together, and one image over 50, with 413", async () => {
    const before = await footprint();
    // 36 megapixels each: two fit, the third does not.
    const large = toDataUrl(await png(6000, 6000));
    const together = await admin("POST", "/addProduct", productForm([await imageDataUrl(), large, large, large]));
    const TOO_MANY =
      "The new images are too large together (more than 100 megapixels). Please upload fewer or smaller images at a time.";
    expect(together.statusCode, together.body).toBe(413);
    expect(together.json()).toEqual({ message: TOO_MANY, errors: { "images.3": TOO_MANY } });

    const oversized = toDataUrl(await png(8000, 7000));
    const one = await admin("POST", "/addProject", projectForm([oversized]));
    expect(one.statusCode, one.body).toBe(413);
    expect(one.json()).toEqual({
      message: "Image is larger than 50 megapixels.",
      errors: { "images.0": "Image is larger than 50 megapixels." },
    });
    const cover = await admin("POST", "/addCollection", collectionForm(oversized));
    expect(cover.statusCode, cover.body).toBe(413);
    expect(cover.json()).toEqual({
      message: "Cover image is larger than 50 megapixels.",
      errors: { coverImage: "Cover image is larger than 50 megapixels." },
    });
    expect(await footprint()).toEqual(before);
  }, 30_000);

  it("still stores a save within the limits, every image in its order", async () => {
    const colours = ["#aa0000", "#00aa00", "#0000aa"];
    const images = await Promise.all(colours.map((colour) => imageDataUrl(colour, { width: 1200, height: 900 })));
    const response = await admin("POST", "/addProduct", productForm(images));
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json<Product>().images;
    expect(saved).toHaveLength(3);
    for (const [index, image] of saved.entries()) {
      const stats = await sharp(`${t.mediaDir}/${image.public_id}/320.webp`).stats();
      const brightest = stats.channels.slice(0, 3).map((channel) => channel.mean);
      expect(brightest.indexOf(Math.max(...brightest)), colours[index]).toBe(index);
    }
  });
});
