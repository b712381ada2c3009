/**
 * Catalogue items that tests/e2e/catalogue.setup.ts adds to the demo catalogue, so that
 * journeys can pin what they check instead of hoping the demo data happens to have it.
 * No journey changes them. A journey that counts a list counts one no other journey
 * writes to: a search for a pinned name, a shelf at a price of its own
 * (e2e-browse-fixtures.ts), a product category other than Armchair and Living Room, or a
 * project category other than Residential (journeys add their own items only to those).
 */
import { expect, type APIRequestContext } from "@playwright/test";
import type { Collection, Product } from "../../domain/catalog/catalog.types";

/**
 * A promotional sofa of at least ₦100,000 (`search=sofa&minPrice=100000&isPromo=true`
 * finds it), with pictures to page through: the product a shopper orders and looks at.
 */
export const PROMO_SOFA = { name: "Pinned Promo Velvet Sofa", price: 180_000, discountedPrice: 150_000, pictures: 2 };

/** The shared shop's bank account (the catalogue setup saves it; journeys that pay by transfer read it). */
export const PINNED_BANK = {
  bankName: "Pinned Trust Bank",
  accountName: "Furnish Interiors Ltd",
  accountNumber: "0123456789",
};

/** A product at full price, in PINNED_COLLECTION. */
export const PLAIN_PRODUCT = { name: "Pinned Teak Side Table", price: 85_000 };

/** A collection of two products: PLAIN_PRODUCT and a lamp. */
export const PINNED_COLLECTION = { name: "Pinned Reading Corner", price: 240_000, lamp: "Pinned Reading Lamp" };

/** A product whose picture has its AVIF already (made by the setup, not the app's background runner). */
export const AVIF_PRODUCT = { name: "Pinned Walnut Console" };

/** A collection in the Glam style, so the Glam page's Collections tab is never empty. */
export const GLAM_COLLECTION = { name: "Pinned Glam Lounge" };

/** A sold product: the shop must not offer to sell it. */
export const SOLD_PRODUCT = { name: "Pinned Sold Rattan Armchair" };

/** A project without any picture: its card, on the first page of its category, shows the placeholder. */
export const IMAGELESS_PROJECT = { title: "Pinned Bare Site", category: "Renovation" };

/** A project with three pictures, for the gallery's thumbnails, among the few of its category. */
export const GALLERY_PROJECT = { title: "Pinned Gallery Residence", category: "Commercial", pictures: 3 };

/** Hospitality projects beyond a page of 20 (with the demo's, fewer than two pages). */
export const HOSPITALITY_PROJECTS = { category: "Hospitality", count: 21 };

/** A pinned product as the shop's API lists it, found by its name. */
export async function pinnedProduct(request: APIRequestContext, name: string): Promise<Product> {
  const response = await request.get(`/api/products?search=${encodeURIComponent(name)}&limit=50`);
  const found = ((await response.json()) as { products: Product[] }).products.find((p) => p.name === name);
  expect(found, `${name} from catalogue.setup.ts`).toBeTruthy();
  return found!;
}

/** A pinned collection as the shop's API lists it, found by its name. */
export async function pinnedCollection(request: APIRequestContext, name: string): Promise<Collection> {
  const response = await request.get(`/api/collections?search=${encodeURIComponent(name)}&limit=50`);
  const found = ((await response.json()) as { collections: Collection[] }).collections.find((c) => c.name === name);
  expect(found, `${name} from catalogue.setup.ts`).toBeTruthy();
  return found!;
}
