/**
 * The shop's pages are valid HTML (docs/architecture.md, Tests): the main pages, rendered
 * from the production build, as a guest, a customer with full lists and with Data saver on,
 * are checked together by the W3C's Nu HTML checker (`vnu-jar`, run by Java). Any error fails;
 * warnings are printed only.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerCookie } from "../../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject, makeImage } from "../../tests/support/catalog-factory";
import { useTestApp } from "../../tests/support/test-app";

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

  pages.push(
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
