/**
 * Removing the demo catalogue (docs/product.md, Demo catalogue): exactly the demo's items
 * go, with their pictures and the cart and wishlist lines that named them; everything the
 * owner added or saved stays, pictures included. Over the API, as the owner, with a
 * shopper's live connection listening.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminCookie, customerCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject, makeImage } from "../../../tests/support/catalog-factory";
import { SMALL_DEMO, SMALL_DEMO_PICTURES, seedSmallDemo } from "../../../tests/support/small-demo";
import { useTestApp } from "../../../tests/support/test-app";
import { collections, productImages, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { projectImages, projects } from "../../db/schema/projects";
import type { Product } from "../../../domain/catalog/catalog.types";
import { countDemoCatalogue } from "./demo-catalogue.service";

const t = useTestApp();
const ROUTE = "/api/admin/operations/demo-catalogue";

let socket: Socket;
afterAll(() => socket?.close());

/** The demo's rows as loaded, and the owner's beside them. */
const demo = {
  products: [] as string[],
  collections: [] as string[],
  projects: [] as string[],
  pictures: [] as string[],
};
const owner = { product: "", inDemoCollection: "", collection: "", project: "", pictures: [] as string[] };
let adopted = { id: "", pictures: [] as string[] };
let sharedPicture = "";

const pictureFilesExist = (id: string) => existsSync(path.join(t.mediaDir, id));

beforeAll(async () => {
  await seedSmallDemo(t.db, t.mediaDir);
  demo.products = (await t.db.select({ id: products.id }).from(products)).map((row) => row.id);
  demo.collections = (await t.db.select({ id: collections.id }).from(collections)).map((row) => row.id);
  demo.projects = (await t.db.select({ id: projects.id }).from(projects)).map((row) => row.id);
  demo.pictures = (await t.db.select({ id: media.id }).from(media)).map((row) => row.id);

  // The owner's own items, each with a picture of its own.
  const ownPicture = () => makeImage(t.db, t.mediaDir, "#336699");
  const [productPicture, projectPicture, coverPicture, inCollectionPicture] = await Promise.all([
    ownPicture(),
    ownPicture(),
    ownPicture(),
    ownPicture(),
  ]);
  owner.pictures = [productPicture, projectPicture, coverPicture, inCollectionPicture].map((p) => p.id);
  // A picture of the demo project's, which the owner's product shows too: it stays.
  const [shared] = await t.db
    .select({ id: projectImages.mediaId })
    .from(projectImages)
    .where(eq(projectImages.projectId, demo.projects[0]!));
  sharedPicture = shared!.id;
  owner.product = (
    await insertProduct(t.db, {
      name: "Owner's Iroko Bench",
      images: [productPicture, { id: sharedPicture, width: 1, height: 1, widths: [], colour: "#000000" }],
    })
  ).id;
  owner.collection = (await insertCollection(t.db, { name: "Owner's Patio Set", coverMediaId: coverPicture.id })).id;
  // The owner's product in the demo collection: it stays, unassigned.
  owner.inDemoCollection = (
    await insertProduct(t.db, {
      name: "Owner's Cane Chair",
      collectionId: demo.collections[0]!,
      images: [inCollectionPicture],
    })
  ).id;
  // A demo product in the owner's collection: it goes, the collection stays.
  await t.db.update(products).set({ collectionId: owner.collection }).where(eq(products.id, demo.products[1]!));
  owner.project = (await insertProject(t.db, { title: "Owner's Ikoyi Flat", images: [projectPicture] })).id;
});

describe("DELETE /api/admin/operations/demo-catalogue", () => {
  it("is for the admin only: a guest gets 401, a customer 403, and nothing goes", async () => {
    expect((await t.app.inject({ method: "DELETE", url: ROUTE })).statusCode).toBe(401);
    const customer = await t.app.inject({
      method: "DELETE",
      url: ROUTE,
      headers: { cookie: await customerCookie(t) },
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: expect.any(String) });
    expect(await countDemoCatalogue(t.db)).toEqual({
      products: SMALL_DEMO.products.length,
      collections: 1,
      projects: 1,
      pictures: SMALL_DEMO_PICTURES,
    });
  });

  it("removes exactly the demo's items and the pictures only they showed; the owner's stay", async () => {
    const cookie = await adminCookie(t);
    // The owner saves a demo product, with a picture of their own: it is theirs now.
    adopted = { id: demo.products[0]!, pictures: [] };
    const before = await t.app.inject({ method: "GET", url: `/api/products/${adopted.id}` });
    const kept = before.json<{ images: { public_id: string; url: string }[] }>().images;
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/admin/operations/updateProduct/${adopted.id}`,
      headers: { cookie },
      payload: { price: 99000, images: [...kept, await imageDataUrl("#993366")] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const adoptedProduct = saved.json<Product>();
    expect(adoptedProduct.images).toHaveLength(3);
    // Its finishes' swatches and photos are its own now too.
    adopted.pictures = [
      ...adoptedProduct.images,
      ...adoptedProduct.options.flatMap((option) => [...(option.image ? [option.image] : []), ...option.images]),
    ].map((image) => image.public_id);

    // A shopper has demo items and the owner's in their cart and wishlist.
    const shopper = await customerCookie(t);
    const call = (url: string, payload: object) =>
      t.app.inject({ method: "PUT", url, headers: { cookie: shopper }, payload });
    for (const [itemId, itemType] of [
      [demo.products[2]!, "Product"],
      [demo.collections[0]!, "Collection"],
      [owner.product, "Product"],
    ] as const) {
      expect((await call("/api/cart/add", { itemId, itemType })).statusCode).toBe(200);
      expect((await call("/api/wishlist/add", { itemId, itemType })).statusCode).toBe(200);
    }
    // A cached read of the catalogue, which the removal must not leave behind.
    const listed = await t.app.inject({ method: "GET", url: "/api/products?limit=100" });
    expect(listed.json<{ total: number }>().total).toBe(SMALL_DEMO.products.length + 2);

    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    socket = connect(address, { transports: ["websocket"], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const changes: unknown[] = [];
    socket.on("catalog:changed", (change: unknown) => changes.push(change));

    const removal = await t.app.inject({ method: "DELETE", url: ROUTE, headers: { cookie } });
    expect(removal.statusCode, removal.body).toBe(200);
    const removedProducts = demo.products.filter((id) => id !== adopted.id);
    const removedPictures = demo.pictures.filter((id) => !adopted.pictures.includes(id) && id !== sharedPicture);
    expect(removal.json()).toEqual({
      products: removedProducts.length,
      collections: 1,
      projects: 1,
      pictures: removedPictures.length,
    });

    // What the shop shows now, past the cache: the owner's items and the one they saved.
    const shop = await t.app.inject({ method: "GET", url: "/api/products?limit=100" });
    expect(
      shop
        .json<{ products: { _id: string }[] }>()
        .products.map((p) => p._id)
        .sort(),
    ).toEqual([owner.product, owner.inDemoCollection, adopted.id].sort());
    for (const id of removedProducts) {
      expect((await t.app.inject({ method: "GET", url: `/api/products/${id}` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/collections/${demo.collections[0]}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: `/api/projects/get/${demo.projects[0]}` })).statusCode).toBe(404);
    const collectionsLeft = await t.db.select({ id: collections.id }).from(collections);
    expect(collectionsLeft.map((row) => row.id)).toEqual([owner.collection]);
    const projectsLeft = await t.db.select({ id: projects.id }).from(projects);
    expect(projectsLeft.map((row) => row.id)).toEqual([owner.project]);
    // The owner's product left the demo collection as deleting a collection leaves it.
    const [unassigned] = await t.db.select().from(products).where(eq(products.id, owner.inDemoCollection));
    expect(unassigned!.collectionId).toBeNull();

    // Pictures: the demo's that nothing left shows are gone, rows and files; every
    // picture of the owner's, of the product they saved, and the one they share, stays.
    const stillStored = new Set(
      (
        await t.db
          .select({ id: media.id })
          .from(media)
          .where(inArray(media.id, [...demo.pictures, ...owner.pictures, ...adopted.pictures]))
      ).map((row) => row.id),
    );
    for (const id of removedPictures) {
      expect(stillStored.has(id), id).toBe(false);
      expect(pictureFilesExist(id), id).toBe(false);
    }
    for (const id of [...owner.pictures, ...adopted.pictures, sharedPicture]) {
      expect(stillStored.has(id), id).toBe(true);
      expect(pictureFilesExist(id), id).toBe(true);
    }
    const shown = await t.db.select().from(productImages).where(eq(productImages.productId, owner.product));
    expect(shown.map((row) => row.mediaId)).toContain(sharedPicture);

    // The shopper's lines for demo items went with them.
    const cart = await t.app.inject({ method: "GET", url: "/api/cart", headers: { cookie: shopper } });
    expect(cart.json<{ items: { item: string }[] }>().items.map((line) => line.item)).toEqual([owner.product]);
    const wishlist = await t.app.inject({ method: "GET", url: "/api/wishlist", headers: { cookie: shopper } });
    expect(wishlist.json<{ items: { item: string }[] }>().items.map((line) => line.item)).toEqual([owner.product]);

    // Open pages hear of every removed item as of any deletion.
    const announced = [
      ...removedProducts.map((id) => ({ kind: "product", id, action: "deleted" })),
      { kind: "collection", id: demo.collections[0], action: "deleted" },
      { kind: "project", id: demo.projects[0], action: "deleted" },
    ];
    await vi.waitFor(() => expect(changes).toHaveLength(announced.length));
    expect(changes).toEqual(expect.arrayContaining(announced));

    // Nothing of the demo is left to list; a second removal removes nothing.
    expect(await countDemoCatalogue(t.db)).toMatchObject({ products: 0, collections: 0, projects: 0 });
    const again = await t.app.inject({ method: "DELETE", url: ROUTE, headers: { cookie } });
    expect(again.json()).toEqual({ products: 0, collections: 0, projects: 0, pictures: 0 });
  });
});
