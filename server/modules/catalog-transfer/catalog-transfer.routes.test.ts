import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS, CSV_MESSAGES, type ImportJob, type ImportReport } from "../../../domain/catalog/catalog-csv";
import { adminCookie } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import {
  catalogImportJobs,
  collections,
  productImages,
  productOptionImages,
  productOptions,
  products,
} from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { STOPPED } from "./import-jobs.service";
import { freePort } from "../../../tests/support/free-port";

const run = promisify(execFile);

/** A ZIP of stored (uncompressed) files, enough for a test to send pictures in one. */
function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const png = (color: string, width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The outside world: pictures, a file that is none, one too large, and a redirect inside. */
let pictures: http.Server;
let picturesHost = "";
const servedPng = png("#3a6ea5", 200, 150);
async function startPictureServer() {
  const picture = await servedPng;
  pictures = http.createServer((request, response) => {
    if (request.url === "/sofa.png") return response.end(picture);
    if (request.url === "/not-a-picture.png") return response.end("<html>hello</html>");
    if (request.url === "/huge.png") {
      response.writeHead(200, { "content-type": "image/png" });
      const chunk = Buffer.alloc(1024 * 1024);
      for (let n = 0; n < 11; n++) response.write(chunk);
      return response.end();
    }
    if (request.url === "/to-metadata") {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      return response.end();
    }
    response.writeHead(404).end();
  });
  pictures.listen(0, "127.0.0.1");
  await once(pictures, "listening");
  picturesHost = `127.0.0.1:${(pictures.address() as AddressInfo).port}`;
}

let shopA: TestApp;
let shopB: TestApp;
let cookieA = "";
let cookieB = "";
let originA = "";

beforeAll(async () => {
  await startPictureServer();
  const portA = await freePort();
  originA = `http://127.0.0.1:${portA}`;
  shopA = await createTestApp({ env: { PUBLIC_URL: originA }, catalogImportAllowedHosts: [picturesHost] });
  await shopA.app.listen({ port: portA, host: "127.0.0.1" });
  shopB = await createTestApp({ catalogImportAllowedHosts: [`127.0.0.1:${portA}`] });
  cookieA = await adminCookie(shopA);
  cookieB = await adminCookie(shopB);
}, 120_000);

afterAll(async () => {
  await shopA?.close();
  await shopB?.close();
  pictures?.close();
});

function exportCsv(t: TestApp, cookie: string) {
  return t.app.inject({ method: "GET", url: "/api/admin/operations/products/export.csv", headers: { cookie } });
}

async function importCsv(t: TestApp, cookie: string, csv: string | Buffer, dryRun = false) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/admin/operations/products/import?dryRun=${dryRun}`,
    headers: { cookie, "content-type": "text/csv" },
    payload: csv,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
}

function multipartBody(parts: { name: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = "----furnish-test-boundary";
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
        `Content-Type: ${part.type}\r\n\r\n`,
    ),
    part.data,
    Buffer.from("\r\n"),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const HEADER =
  "type,id,handle,name,description,items,price,discountedPrice,isPromo,category,style,collection,pictures,option1_name,option1_image";
const line = (cells: string[]) =>
  cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",");

async function productCount(t: TestApp) {
  return t.db.$count(products);
}

describe("importing the catalogue", () => {
  it("refuses the whole file when one row is wrong, listing every refusal with its row and column", async () => {
    const before = await productCount(shopA);
    const picture = `http://${picturesHost}/sofa.png`;
    const csv = [
      HEADER,
      line([
        "",
        "",
        "good-chair",
        "Good Chair",
        "<p>Fine.</p>",
        "1 chair",
        "50000",
        "",
        "no",
        "Living Room",
        "Modern",
        "",
        picture,
        "",
        "",
      ]),
      line([
        "",
        "",
        "",
        "",
        "<p>No name.</p>",
        "1 chair",
        "-5",
        "",
        "maybe",
        "Kitchen Sinks",
        "Modern",
        "",
        picture,
        "",
        "",
      ]),
      line([
        "",
        "",
        "promo-chair",
        "Promo Chair",
        "<p>Promo.</p>",
        "1 chair",
        "40000",
        "45000",
        "yes",
        "Living Room",
        "Modern",
        "",
        picture,
        "",
        "",
      ]),
      line([
        "",
        "",
        "no-picture",
        "No Picture",
        "<p>x</p>",
        "1 chair",
        "100",
        "",
        "no",
        "Living Room",
        "Modern",
        "",
        "",
        "",
        "",
      ]),
    ].join("\n");
    const report = await importCsv(shopA, cookieA, csv);
    expect(report.created).toBe(0);
    expect(report.updated).toBe(0);
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: "name", message: "Name is required." },
        { row: 3, field: "price", message: "Price must be a non-negative number." },
        { row: 3, field: "isPromo", message: "isPromo must be yes or no (or true/false, 1/0)." },
        { row: 3, field: "category", message: "Please choose one of the categories." },
        { row: 4, field: "discountedPrice", message: "Discounted price must be less than the original price." },
        { row: 5, field: "pictures", message: "Please add at least one picture of the product." },
      ]),
    );
    expect(report.errors.some((error) => error.row === 2)).toBe(false);
    expect(await productCount(shopA)).toBe(before);
    expect(await shopA.db.$count(products, eq(products.handle, "good-chair"))).toBe(0);
  });

  it("creates and then updates by id and by handle; a dry run writes nothing", async () => {
    const picture = `http://${picturesHost}/sofa.png`;
    const create = [
      HEADER,
      line([
        "",
        "",
        "iroko-bench",
        "Iroko Bench",
        "<p>Solid iroko.</p>",
        "1 bench",
        "120000",
        "",
        "no",
        "Living Room",
        "Modern",
        "",
        picture,
        "Natural",
        "",
      ]),
      line([
        "",
        "",
        "",
        "Ọ̀ṣun Armchair ₦",
        "<p>Café-au-lait velvet.</p>",
        "1 chair",
        "₦95,000",
        "",
        "no",
        "Living Room",
        "Glam",
        "",
        picture,
        "",
        "",
      ]),
    ].join("\n");
    const checked = await importCsv(shopA, cookieA, create, true);
    expect(checked).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await shopA.db.$count(products, eq(products.handle, "iroko-bench"))).toBe(0);

    expect(await importCsv(shopA, cookieA, create)).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    const [bench] = await shopA.db.select().from(products).where(eq(products.handle, "iroko-bench"));
    expect(bench).toMatchObject({ name: "Iroko Bench", priceKobo: 120_000_00 });
    const [armchair] = await shopA.db.select().from(products).where(eq(products.name, "Ọ̀ṣun Armchair ₦"));
    expect(armchair!.handle).toBe("osun-armchair");
    expect(armchair!.priceKobo).toBe(95_000_00);
    const [option] = await shopA.db.select().from(productOptions).where(eq(productOptions.productId, bench!.id));

    // By handle (no id), a new price; by id, a new name. Columns left out keep their values.
    const update = [
      "handle,id,name,price",
      line(["iroko-bench", "", "Iroko Bench", "135000"]),
      line(["", armchair!.id, "Osun Armchair", "95000"]),
    ].join("\n");
    expect(await importCsv(shopA, cookieA, update, true)).toEqual({ created: 0, updated: 2, unchanged: 0, errors: [] });
    expect((await shopA.db.select().from(products).where(eq(products.id, bench!.id)))[0]!.priceKobo).toBe(120_000_00);
    expect(await importCsv(shopA, cookieA, update)).toEqual({ created: 0, updated: 2, unchanged: 0, errors: [] });
    const [benchAfter] = await shopA.db.select().from(products).where(eq(products.id, bench!.id));
    expect(benchAfter).toMatchObject({ priceKobo: 135_000_00, description: "<p>Solid iroko.</p>", style: "Modern" });
    const [armchairAfter] = await shopA.db.select().from(products).where(eq(products.id, armchair!.id));
    expect(armchairAfter).toMatchObject({ name: "Osun Armchair", handle: armchair!.handle, style: "Glam" });
    // Its option kept its id (cart lines name it) and its pictures stayed.
    const [optionAfter] = await shopA.db.select().from(productOptions).where(eq(productOptions.productId, bench!.id));
    expect(optionAfter!.id).toBe(option!.id);
    expect(await shopA.db.$count(productImages, eq(productImages.productId, bench!.id))).toBe(1);
  });

  it("accepts a byte order mark, and refuses unknown columns and rows naming one item twice", async () => {
    const [bench] = await shopA.db.select().from(products).where(eq(products.handle, "iroko-bench"));
    const withBom = `\uFEFFhandle,price\r\niroko-bench,140000\r\n`;
    expect(await importCsv(shopA, cookieA, withBom)).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect((await shopA.db.select().from(products).where(eq(products.id, bench!.id)))[0]!.priceKobo).toBe(140_000_00);

    const wrong = await importCsv(shopA, cookieA, "handle,prize\niroko-bench,1\n");
    expect(wrong.errors).toEqual([{ row: 1, field: "prize", message: 'Unknown column "prize".' }]);
    const twice = await importCsv(shopA, cookieA, `handle,id,price\niroko-bench,,1\n,${bench!.id},2\n`);
    expect(twice.errors).toEqual([{ row: 3, field: "id", message: "This product is already in row 2." }]);
    // A handle another product has is refused, even when the file renames that one too.
    const [armchair] = await shopA.db.select().from(products).where(eq(products.handle, "osun-armchair"));
    const taken = await importCsv(
      shopA,
      cookieA,
      `id,handle,price\n${bench!.id},bench-renamed,1\n${armchair!.id},iroko-bench,2\n`,
    );
    expect(taken.errors).toEqual([{ row: 3, field: "handle", message: "Another product already has this handle." }]);
    expect((await shopA.db.select().from(products).where(eq(products.id, bench!.id)))[0]!.handle).toBe("iroko-bench");
  });

  it("refuses pictures on private networks, too large or not pictures, each on its row", async () => {
    const shopC = await createTestApp();
    try {
      const cookie = await adminCookie(shopC);
      const rows = [
        `http://${picturesHost}/sofa.png`, // 127.0.0.1: not allowed in this shop
        "http://10.1.2.3/chair.png",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/x.png",
        "http://localhost/x.png",
      ].map((picture, index) =>
        line([
          "",
          "",
          `ssrf-${index}`,
          `Chair ${index}`,
          "<p>x</p>",
          "1",
          "100",
          "",
          "no",
          "Living Room",
          "Modern",
          "",
          picture,
          "",
          "",
        ]),
      );
      const report = await importCsv(shopC, cookie, [HEADER, ...rows].join("\n"));
      expect(report.errors).toHaveLength(5);
      for (const [index, error] of report.errors.entries()) {
        expect(error).toEqual({
          row: index + 2,
          field: "pictures",
          message:
            "The picture's address is on a private network: the shop fetches pictures from the public internet only.",
        });
      }
      expect(await productCount(shopC)).toBe(0);
    } finally {
      await shopC.close();
    }

    // Allowed to reach the picture server, shop A still refuses what is not a picture, is too large, or redirects inside.
    const report = await importCsv(
      shopA,
      cookieA,
      [
        HEADER,
        ...["not-a-picture.png", "huge.png", "to-metadata"].map((file, index) =>
          line([
            "",
            "",
            `bad-${index}`,
            `Bad ${index}`,
            "<p>x</p>",
            "1",
            "100",
            "",
            "no",
            "Living Room",
            "Modern",
            "",
            `http://${picturesHost}/${file}`,
            "",
            "",
          ]),
        ),
      ].join("\n"),
    );
    expect(report.errors).toEqual([
      { row: 2, field: "pictures", message: "Failed to read image file." },
      { row: 3, field: "pictures", message: "The picture is larger than 10 MB." },
      {
        row: 4,
        field: "pictures",
        message:
          "The picture's address is on a private network: the shop fetches pictures from the public internet only.",
      },
    ]);
  }, 60_000);

  it("removes the pictures it stored when a later picture is refused", async () => {
    const before = await shopA.db.$count(media);
    const row = (handle: string, picture: string) =>
      line(["", "", handle, handle, "<p>x</p>", "1", "100", "", "no", "Living Room", "Modern", "", picture, "", ""]);
    const report = await importCsv(
      shopA,
      cookieA,
      [
        HEADER,
        row("kept-back", `http://${picturesHost}/sofa.png`),
        row("refused", `http://${picturesHost}/missing.png`),
      ].join("\n"),
    );
    expect(report).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 3, field: "pictures", message: "The picture's address answered 404." }],
    });
    expect(await shopA.db.$count(media)).toBe(before);
    expect(await shopA.db.$count(products, eq(products.handle, "kept-back"))).toBe(0);
  });

  it("takes pictures from a ZIP sent with the file", async () => {
    const red = await png("#aa2200", 300, 200);
    const csv = [
      HEADER,
      line([
        "",
        "",
        "zip-stool",
        "Zip Stool",
        "<p>Stool.</p>",
        "1 stool",
        "30000",
        "",
        "no",
        "Living Room",
        "Modern",
        "",
        "photos/stool.png",
        "Red",
        "stool.png",
      ]),
    ].join("\n");
    const body = multipartBody([
      { name: "csv", filename: "catalogue.csv", type: "text/csv", data: Buffer.from(csv) },
      { name: "pictures", filename: "pictures.zip", type: "application/zip", data: zipOf({ "photos/stool.png": red }) },
    ]);
    const response = await shopA.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import",
      headers: { cookie: cookieA, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [] });
    const [stool] = await shopA.db.select().from(products).where(eq(products.handle, "zip-stool"));
    const [image] = await shopA.db
      .select({ width: media.width, height: media.height })
      .from(productImages)
      .innerJoin(media, eq(media.id, productImages.mediaId))
      .where(eq(productImages.productId, stool!.id));
    expect(image).toEqual({ width: 300, height: 200 });
    const [option] = await shopA.db.select().from(productOptions).where(eq(productOptions.productId, stool!.id));
    expect(option).toMatchObject({ name: "Red", mediaId: expect.any(String) });

    const missing = multipartBody([
      {
        name: "csv",
        filename: "catalogue.csv",
        type: "text/csv",
        data: Buffer.from(csv.replace("zip-stool", "zip-stool-2").replace("photos/stool.png", "nope.png")),
      },
      { name: "pictures", filename: "pictures.zip", type: "application/zip", data: zipOf({ "photos/stool.png": red }) },
    ]);
    const refused = await shopA.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import",
      headers: { cookie: cookieA, "content-type": missing.contentType },
      payload: missing.payload,
    });
    expect(refused.json<ImportReport>().errors).toEqual([
      { row: 2, field: "pictures", message: 'No file "nope.png" in the ZIP.' },
    ]);

    const notZip = multipartBody([
      { name: "csv", filename: "catalogue.csv", type: "text/csv", data: Buffer.from(csv) },
      { name: "pictures", filename: "pictures.zip", type: "application/zip", data: Buffer.from("not a zip") },
    ]);
    const unreadable = await shopA.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import",
      headers: { cookie: cookieA, "content-type": notZip.contentType },
      payload: notZip.payload,
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ message: "The pictures' file is not a ZIP archive that can be read." });
  });

  it("answers a body that is not a CSV with 415, never a 500", async () => {
    const response = await shopA.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import",
      headers: { cookie: cookieA },
      payload: { csv: "name\nx" },
    });
    expect(response.statusCode).toBe(415);
    const guest = await shopA.app.inject({ method: "GET", url: "/api/admin/operations/products/export.csv" });
    expect(guest.statusCode).toBe(401);
  });
});

describe("a file no catalogue looks like", () => {
  const post = (url: string, payload: string | Buffer, contentType = "text/csv") =>
    shopA.app.inject({ method: "POST", url, headers: { cookie: cookieA, "content-type": contentType }, payload });

  it("is refused with a 400 naming the limit when its header or a row is wider than the catalogue", async () => {
    const columns = CSV_COLUMNS.length;
    // Millions of columns took seconds of the one thread every shopper waits on.
    const wide = `handle,price,${Array.from({ length: 5_000 }, (_, n) => `extra${n}`).join(",")}\niroko-bench,1\n`;
    const headerMessage = `The header has more than ${columns} columns, the most a catalogue file has: remove the columns that are not the catalogue's and try again.`;
    for (const url of ["/api/admin/operations/products/import", "/api/admin/operations/products/import-jobs"]) {
      const response = await post(url, wide);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: headerMessage });
    }
    // One column too many is refused too, semicolons or commas; as many as the catalogue has is read.
    const header = (count: number, delimiter = ",") =>
      ["handle", ...Array.from({ length: count - 1 }, (_, n) => `x${n}`)].join(delimiter);
    expect((await post("/api/admin/operations/products/import", `${header(columns + 1, ";")}\na\n`)).json()).toEqual({
      message: headerMessage,
    });
    const widest = await importCsv(shopA, cookieA, `${header(columns)}\niroko-bench\n`, true);
    expect(widest.errors).toHaveLength(columns - 1);

    // A row with more cells than the catalogue has columns (quoted commas are text).
    const row = await post(
      "/api/admin/operations/products/import?dryRun=true",
      `handle,description\niroko-bench,"${",".repeat(200)}"\niroko-bench${",".repeat(columns)}\n`,
    );
    expect(row.statusCode, row.body).toBe(400);
    expect(row.json()).toEqual({
      message: `Row 3 has more than ${columns} cells, the most a catalogue file has: remove the extra cells and try again.`,
    });
  });

  it("gets a report of its first 1,000 refusals, then how many more", async () => {
    // Each row is refused once: its id is no id.
    const rows = Array.from({ length: 1_500 }, () => "not-an-id,150000");
    const report = await importCsv(shopA, cookieA, ["id,price", ...rows].join("\n"), true);
    expect(report.errors).toHaveLength(1_001);
    expect(report.errors.slice(0, 1_000)).toEqual(
      Array.from({ length: 1_000 }, (_, n) => ({ row: n + 2, field: "id", message: CSV_MESSAGES.idText })),
    );
    expect(report.errors[1_000]).toEqual({
      row: 1_002,
      field: "file",
      message: "And 500 more refusals, not listed: correct these first.",
    });
  });

  it("is held to the forms' pixel budgets: per picture, per row, and for the whole file", async () => {
    // Solid colour: a few hundred kilobytes of PNG each, tens of megapixels decoded.
    const big = await png("#556677", 7_000, 7_000); // 49 megapixels
    const over = await png("#556677", 8_000, 6_500); // 52 megapixels
    const product = (handle: string, pictures: string) =>
      line(["", "", handle, handle, "<p>x</p>", "1", "1000", "", "no", "Living Room", "Modern", "", pictures, "", ""]);
    const send = async (rows: string[], files: Record<string, Buffer>) => {
      const body = multipartBody([
        { name: "csv", filename: "c.csv", type: "text/csv", data: Buffer.from([HEADER, ...rows].join("\n")) },
        { name: "pictures", filename: "p.zip", type: "application/zip", data: zipOf(files) },
      ]);
      const response = await post("/api/admin/operations/products/import?dryRun=true", body.payload, body.contentType);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ImportReport>().errors;
    };

    // Each picture at most 50 megapixels; each row's new pictures at most 100 together.
    expect(
      await send(
        [
          product("budget-a", "big1.png | big2.png"),
          product("budget-b", "big1.png | big2.png | big3.png"),
          product("budget-c", "over.png"),
        ],
        {
          "big1.png": big,
          "big2.png": big,
          "big3.png": big,
          "over.png": over,
        },
      ),
    ).toEqual([
      {
        row: 3,
        field: "pictures",
        message:
          "The new pictures of this row are too large together (more than 100 megapixels): use fewer or smaller pictures.",
      },
      { row: 4, field: "pictures", message: "The picture is larger than 50 megapixels." },
    ]);

    // The whole file's new pictures at most 2,000 megapixels: the 41st 49-megapixel one is refused.
    const files: Record<string, Buffer> = {};
    const rows = Array.from({ length: 21 }, (_, n) => {
      files[`p${n}a.png`] = big;
      files[`p${n}b.png`] = big;
      return product(`budget-file-${n}`, `p${n}a.png | p${n}b.png`);
    });
    expect(await send(rows, files)).toEqual([
      {
        row: 22,
        field: "pictures",
        message:
          "The new pictures of this file are too large together (more than 2,000 megapixels): import it in parts.",
      },
    ]);
  }, 60_000);
});

describe("an export imported into an empty shop", () => {
  it("reproduces the catalogue: fields, options, pictures and collections with their products", async () => {
    const { db, mediaDir } = shopA;
    const [cover, wide, swatch] = [
      await makeImage(db, mediaDir, "#112233"),
      await makeImage(db, mediaDir, "#445566"),
      await makeImage(db, mediaDir, "#778899"),
    ];
    const set = await insertCollection(db, {
      name: "Lekki Lounge Set",
      coverMediaId: cover.id,
      isPromo: true,
      priceKobo: 900_000_00,
      discountedPriceKobo: 850_000_00,
      availabilityKind: "made_to_order",
      weeksFrom: 3,
      weeksTo: 5,
    });
    const sofa = await insertProduct(db, {
      name: "Lekki Sofa — naïve café",
      description: '<p>Deep <strong>seats</strong>, "quoted", with a comma, and a\nnew line.</p>',
      items: "1 sofa, 2 cushions",
      priceKobo: 450_000_50,
      isForeign: true,
      origin: "Italy",
      isBestSeller: true,
      make: "=SUM(A1)",
      collectionId: set.id,
      widthCm: 220,
      depthCm: 95,
      heightCm: 80,
      seatHeightCm: 45,
      materials: "Oak, linen",
      availabilityKind: "imported",
      weeksFrom: 6,
      status: "draft",
      images: [wide, cover],
    });
    // Walnut: a swatch, two photos of the sofa in walnut and ₦120,000.50 more.
    const [walnut] = await db
      .insert(productOptions)
      .values([
        { productId: sofa.id, position: 0, name: "Walnut", mediaId: swatch.id, priceDifferenceKobo: 120_000_50 },
        { productId: sofa.id, position: 1, name: "Oak", mediaId: null },
      ])
      .returning({ id: productOptions.id });
    await db.insert(productOptionImages).values([
      { optionId: walnut!.id, mediaId: cover.id, position: 0 },
      { optionId: walnut!.id, mediaId: wide.id, position: 1 },
    ]);
    await insertProduct(db, { name: "Lekki Side Table", collectionId: set.id, images: [wide] });

    const exported = await exportCsv(shopA, cookieA);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(exported.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const sofaRow = rows.find((row) => row.id === sofa.id)!;
    expect(sofaRow).toMatchObject({
      make: "'=SUM(A1)",
      collection: set.handle,
      option1_name: "Walnut",
      option1_price: "120000.5",
      option2_name: "Oak",
      option2_price: "",
      option2_pictures: "",
      status: "draft",
    });
    expect(sofaRow.option1_pictures!.split(" | ")).toEqual([
      expect.stringContaining(`${originA}/media/${cover.id}/`),
      expect.stringContaining(`${originA}/media/${wide.id}/`),
    ]);
    expect(sofaRow.pictures!.split(" | ")).toHaveLength(2);
    expect(sofaRow.pictures).toContain(`${originA}/media/${wide.id}/`);
    expect(rows.find((row) => row.id === set.id)!.products!.split(" | ")).toEqual(
      expect.arrayContaining([sofa.handle]),
    );

    const report = await importCsv(shopB, cookieB, exported.rawPayload);
    expect(report.errors).toEqual([]);
    expect(report.updated).toBe(0);
    expect(report.created).toBe(rows.length);

    const [copy] = await shopB.db.select().from(products).where(eq(products.id, sofa.id));
    const { createdAt: _a, updatedAt: _b, searchVector: _c, ...original } = sofa;
    const { createdAt: _d, updatedAt: _e, searchVector: _f, ...copied } = copy!;
    expect(copied).toEqual({ ...original, demo: false });
    const [setCopy] = await shopB.db.select().from(collections).where(eq(collections.id, set.id));
    expect(setCopy).toMatchObject({ name: set.name, handle: set.handle, discountedPriceKobo: 850_000_00, weeksTo: 5 });
    expect(
      (await shopB.db.select({ id: products.id }).from(products).where(eq(products.collectionId, set.id))).length,
    ).toBe(2);

    // The pictures came over from shop A's addresses with their sizes, in their order.
    const copiedImages = await shopB.db
      .select({ width: media.width, height: media.height })
      .from(productImages)
      .innerJoin(media, eq(media.id, productImages.mediaId))
      .where(eq(productImages.productId, sofa.id))
      .orderBy(asc(productImages.position));
    expect(copiedImages).toEqual([wide, cover].map(({ width, height }) => ({ width, height })));
    const firstCopied = (
      await shopB.db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, sofa.id))
        .orderBy(asc(productImages.position))
    )[0]!;
    // Re-encoded as WebP again, so the same picture within a shade, not byte for byte.
    const colour = async (dir: string, id: string, width: number) => {
      const file = path.join(dir, id, `${width}.webp`);
      const { channels } = await sharp(await readFile(file)).stats();
      return { ...(await sharp(await readFile(file)).metadata()), means: channels.map((c) => c.mean) };
    };
    const copiedPicture = await colour(shopB.mediaDir, firstCopied.mediaId, wide.width);
    const originalPicture = await colour(mediaDir, wide.id, wide.width);
    expect([copiedPicture.width, copiedPicture.height]).toEqual([originalPicture.width, originalPicture.height]);
    copiedPicture.means.forEach((mean, channel) =>
      expect(Math.abs(mean - originalPicture.means[channel]!)).toBeLessThan(3),
    );
    const options = await shopB.db
      .select({
        id: productOptions.id,
        name: productOptions.name,
        mediaId: productOptions.mediaId,
        priceDifferenceKobo: productOptions.priceDifferenceKobo,
      })
      .from(productOptions)
      .where(eq(productOptions.productId, sofa.id))
      .orderBy(asc(productOptions.position));
    expect(options).toEqual([
      { id: expect.any(String), name: "Walnut", mediaId: expect.any(String), priceDifferenceKobo: 120_000_50 },
      { id: expect.any(String), name: "Oak", mediaId: null, priceDifferenceKobo: 0 },
    ]);
    // Walnut's photos came over in their order, each the picture it was in shop A.
    const walnutPhotos = await shopB.db
      .select({ width: media.width, height: media.height, mediaId: media.id })
      .from(productOptionImages)
      .innerJoin(media, eq(media.id, productOptionImages.mediaId))
      .where(eq(productOptionImages.optionId, options[0]!.id))
      .orderBy(asc(productOptionImages.position));
    expect(walnutPhotos.map(({ width, height }) => ({ width, height }))).toEqual(
      [cover, wide].map(({ width, height }) => ({ width, height })),
    );
    expect(setCopy!.coverMediaId).toEqual(expect.any(String));

    // Imported again, the same file finds what it created as it is; this shop's own pictures are reused.
    const again = await exportCsv(shopB, cookieB);
    const mediaBefore = await shopB.db.$count(media);
    expect(await importCsv(shopB, cookieB, again.rawPayload)).toEqual({
      created: 0,
      updated: 0,
      unchanged: rows.length,
      errors: [],
    });
    expect(await shopB.db.$count(media)).toBe(mediaBefore);
  }, 120_000);
});

describe("import jobs", () => {
  it("report progress and the answer by an unguessable id", async () => {
    const start = await shopA.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import-jobs?dryRun=true",
      headers: { cookie: cookieA, "content-type": "text/csv" },
      payload: "handle,price\niroko-bench,150000\n",
    });
    expect(start.statusCode, start.body).toBe(202);
    const { id } = start.json<{ id: string }>();
    expect(id).toMatch(/^[\w-]{24}$/);
    let job: ImportJob;
    do {
      const answer = await shopA.app.inject({
        method: "GET",
        url: `/api/admin/operations/products/import-jobs/${id}`,
        headers: { cookie: cookieA },
      });
      expect(answer.statusCode).toBe(200);
      job = answer.json<ImportJob>();
    } while (job.phase !== "done");
    expect(job).toMatchObject({ dryRun: true, report: { created: 0, updated: 1, unchanged: 0, errors: [] } });
    // A job whose process stopped mid-way is reported so, not polled for ever.
    await shopA.db.insert(catalogImportJobs).values({
      id: "stopped-job",
      dryRun: false,
      phase: "writing",
      updatedAt: new Date(Date.now() - 10 * 60 * 1000),
    });
    const stopped = await shopA.app.inject({
      method: "GET",
      url: "/api/admin/operations/products/import-jobs/stopped-job",
      headers: { cookie: cookieA },
    });
    expect(stopped.json<ImportJob>()).toMatchObject({
      phase: "done",
      report: { created: 0, updated: 0, unchanged: 0, errors: [{ row: 1, field: "file", message: STOPPED }] },
    });
    const gone = await shopA.app.inject({
      method: "GET",
      url: "/api/admin/operations/products/import-jobs/nope",
      headers: { cookie: cookieA },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe("npm run catalog", () => {
  it("exports a file and imports it back, printing the report; a refused file exits non-zero", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "furnish-catalog-cli-"));
    const cli = (...args: string[]) =>
      run(process.execPath, ["server/cli.js", "catalog", ...args], {
        env: {
          ...process.env,
          DATABASE_URL: shopA.url,
          DATA_DIR: dir,
          PUBLIC_URL: originA,
          CATALOG_IMPORT_ALLOWED_HOSTS: "",
        },
      });
    try {
      const file = path.join(dir, "catalogue.csv");
      const exported = await cli("export", file);
      const count = await productCount(shopA);
      const collectionCount = await shopA.db.$count(collections);
      expect(exported.stdout.trim()).toBe(`Exported ${count + collectionCount} rows to ${file}.`);
      const text = await readFile(file);
      expect(text.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const checked = await cli("import", file, "--dry-run");
      expect(checked.stdout.trim()).toBe(
        `Checked: would create 0, would update 0, unchanged ${count + collectionCount}.`,
      );
      const imported = await cli("import", file);
      expect(imported.stdout.trim()).toBe(`Imported: created 0, updated 0, unchanged ${count + collectionCount}.`);

      const bad = path.join(dir, "bad.csv");
      await writeFile(bad, "handle,price\niroko-bench,lots\n");
      const failure = await cli("import", bad).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure).toMatchObject({ code: 1 });
      expect(failure!.stderr).toContain("Row 2, price: Price must be a non-negative number.");
      expect(failure!.stderr).toContain("1 problem: nothing was imported.");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("handles", () => {
  it("are made from the name for any new item, copies included, and stay unique", async () => {
    const first = await insertProduct(shopA.db, { name: "Àdìrẹ Ottoman — Large" });
    const second = await insertProduct(shopA.db, { name: "Adire Ottoman: large" });
    expect([first.handle, second.handle]).toEqual(["adire-ottoman-large", "adire-ottoman-large-2"]);
    const copy = await shopA.app.inject({
      method: "POST",
      url: `/api/admin/operations/products/${first.id}/duplicate`,
      headers: { cookie: cookieA },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const [copied] = await shopA.db.select().from(products).where(eq(products.id, copy.json<{ _id: string }>()._id));
    expect(copied!.handle).not.toBe(first.handle);
    expect(copied!.handle).toMatch(/^adire-ottoman-large/);
  });
});

describe("a broken upload", () => {
  it("is a 400, whatever went wrong with the form data", async () => {
    const response = await shopA.app.inject({
      method: "POST",
      url: "/api/admin/operations/products/import",
      headers: { cookie: cookieA, "content-type": "multipart/form-data; boundary=x" },
      payload: " ",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The form data could not be read: send it again." });
  });
});
