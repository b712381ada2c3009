/**
 * The shop's pages are valid HTML (docs/architecture.md, Tests): the main pages, rendered
 * from the production build, as a guest, a customer with full lists and with Data saver on,
 * a newly invited member of staff and the owner, are checked together by the W3C's Nu HTML checker (`vnu-jar`, run by Java). Any error fails;
 * warnings are printed only.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, customerCookie } from "../../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject, makeImage } from "../../tests/support/catalog-factory";
import { invitationTokenTo } from "../../tests/support/outbox";
import { useTestApp } from "../../tests/support/test-app";
import { productOptions } from "../db/schema/catalog";
import { updatePaymentSettings } from "../modules/payments/payment-settings.service";

const t = useTestApp({ pages: true });
/** The checker's jar: the package's main export is its path (as a String object). */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

let folder = "";
/** The pages to check: a file name, the address, and who asks. */
const pages: Array<{ name: string; url: string; cookie?: string }> = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "furnish-html-"));
  const picture = () => makeImage(t.db, t.storage);
  // On promotion and a best seller: the home page shows it in two rows.
  const twice = await insertProduct(t.db, {
    name: "Twice Shown Sofa",
    isPromo: true,
    isBestSeller: true,
    discountedPriceKobo: 400_000_00,
    images: [await picture(), await picture()],
  });
  const collection = await insertCollection(t.db, { name: "Valid Lounge", coverMediaId: (await picture()).id });
  await insertProduct(t.db, { name: "Lounge Chair", collectionId: collection.id, images: [await picture()] });
  const project = await insertProject(t.db, { title: "Valid Residence", images: [await picture(), await picture()] });

  const customer = await customerCookie(t);
  for (const [list, itemType] of [
    ["cart", "Product"],
    ["wishlist", "Product"],
  ] as const) {
    const added = await t.app.inject({
      method: "PUT",
      url: `/api/${list}/add`,
      headers: { cookie: customer },
      payload: { itemId: twice.id, itemType, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
  }

  // An order with a quote, paid in part by transfer: its tracking page (what is due, the
  // bank account, "I have paid", the payment received) and that payment's receipt.
  await updatePaymentSettings(t.db, null, {
    bank: { bankName: "Valid Bank", accountName: "Furnish Interiors Ltd", accountNumber: "0123456789" },
  });
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { kind: "item", itemType: "Product", itemId: twice.id, quantity: 1, customer: { name: "Valid Buyer" } },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, trackingUrl } = placed.json<{ order: { _id: string }; trackingUrl: string }>();
  const owner = await adminCookie(t);
  const desk = (method: "PUT" | "POST", url: string, payload: object) =>
    t.app.inject({
      method,
      url: `/api/admin/operations/orders/${order._id}${url}`,
      headers: { cookie: owner },
      payload,
    });
  const quoted = await desk("PUT", "", { status: "quoted", depositDue: 200_000 });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const paid = await desk("POST", "/payments", { amount: 50_000, method: "transfer" });
  expect(paid.statusCode, paid.body).toBe(200);
  const receiptUrl = paid.json<{ payments: Array<{ receiptUrl: string }> }>().payments[0]!.receiptUrl;

  // A piece in two finishes (one pictured): its page offers swatches; a request for them has
  // its sheet, its tracking page and its page on the owner's desk.
  const finished = await insertProduct(t.db, { name: "Valid Bouclé Chair", images: [await picture()] });
  const finishes = await t.db
    .insert(productOptions)
    .values([
      { productId: finished.id, position: 0, name: "Ivory bouclé", mediaId: (await picture()).id },
      { productId: finished.id, position: 1, name: "Moss velvet" },
    ])
    .returning();
  const swatches = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { kind: "swatches", itemId: finished.id, options: finishes.map((finish) => finish.id) },
  });
  expect(swatches.statusCode, swatches.body).toBe(201);
  const swatchOrder = swatches.json<{ order: { _id: string }; trackingUrl: string }>();

  // A member of staff's invitation, as the e-mailed link opens it, and the owner's own pages.
  const invited = await t.app.inject({
    method: "POST",
    url: "/api/admin/operations/staff",
    headers: { cookie: owner },
    payload: { email: "valid.sales@furnish.test", name: "Valid Sales", roles: ["sales"] },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const invitation = await invitationTokenTo(t.outboxDir, "valid.sales@furnish.test");
  expect(invitation, "the invitation e-mail's link").not.toBeNull();

  pages.push(
    { name: "staff-invitation", url: `/staff/invitation/${invitation}` },
    { name: "admin-profile", url: "/admin/profile", cookie: owner },
    { name: "admin-staff", url: "/admin/staff", cookie: owner },
    { name: "admin-delivery", url: "/admin/settings/delivery?state=Lagos", cookie: owner },
    { name: "order-tracking", url: new URL(trackingUrl).pathname },
    { name: "product-finishes", url: `/product/${finished.id}` },
    { name: "order-swatches", url: `/order?kind=swatches&itemId=${finished.id}&option=${finishes[1]!.id}` },
    { name: "order-tracking-swatches", url: new URL(swatchOrder.trackingUrl).pathname },
    { name: "admin-order-swatches", url: `/admin/orders/${swatchOrder.order._id}`, cookie: owner },
    { name: "receipt", url: new URL(receiptUrl).pathname },
    { name: "home", url: "/" },
    { name: "home-data-saver", url: "/", cookie: "data-saver=on" },
    { name: "shop", url: "/shop" },
    { name: "style", url: "/styles/modern" },
    { name: "product", url: `/product/${twice.id}` },
    { name: "collection", url: `/collection/${collection.id}` },
    { name: "projects", url: "/projects" },
    { name: "project", url: `/project/${project.id}` },
    { name: "cart-empty", url: "/cart" },
    { name: "cart", url: "/cart", cookie: customer },
    { name: "wishlist", url: "/wishlist", cookie: customer },
    { name: "profile", url: "/profile", cookie: customer },
    { name: "contact", url: "/contact" },
    { name: "login", url: "/login" },
    { name: "signup", url: "/signup" },
    { name: "about", url: "/aboutUs" },
    { name: "terms", url: "/terms" },
    { name: "privacy", url: "/privacy" },
    { name: "e-catalog", url: "/e-catalog" },
    { name: "offline", url: "/offline?from=%2Fprojects" },
    { name: "not-found", url: "/no/such/page" },
  );
});

afterAll(() => rm(folder, { recursive: true, force: true }));

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The checker on every page at once: one JVM start. Only its simple compiler (the run is
 * short: a third of the time on a busy machine), with the stack its schemas need then, and
 * no guessing of each page's language from its text (the slowest part, and a warning only).
 */
async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  const args = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", VNU_JAR];
  const output = await promisify(execFile)(
    "java",
    [...args, "--format", "json", "--exit-zero-always", "--no-langdetect", ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT")
      throw new Error("The HTML check needs Java 11 or newer: apt-get install default-jre-headless");
    throw error;
  });
  // The checker writes its report to stderr.
  return (JSON.parse(output.stderr) as { messages: VnuMessage[] }).messages;
}

const described = (m: VnuMessage) =>
  `${path.basename(m.url ?? "")}:${m.lastLine ?? "?"} ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ""}`;

describe("the shop's pages", () => {
  it("are valid HTML to the Nu checker: no error, warnings printed", async () => {
    const files: string[] = [];
    for (const { name, url, cookie } of pages) {
      const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, url).toBe(name === "not-found" ? 404 : 200);
      const file = path.join(folder, `${name}.html`);
      await writeFile(file, response.body);
      files.push(file);
    }
    const messages = await checkHtml(files);
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
    if (warnings.length) console.warn(`The Nu checker warns:\n${warnings.map(described).join("\n")}`);
    // "error", and "non-document-error" for a file it could not read.
    expect(messages.filter((m) => m.type !== "info").map(described)).toEqual([]);
  }, 60_000);
});
