import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../../../../tests/support/s3-server";
import { createLocalStorage } from "./local-storage";
import type { MediaStorage } from "./media-storage";
import { createS3Storage } from "./s3-storage";

const quiet = { warn: () => {} };
let s3: S3Server;
let dir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), "furnish-storage-"));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const text = async (storage: MediaStorage, key: string) => {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString(), size: object.size, type: object.contentType };
};

const implementations: [string, () => MediaStorage][] = [
  ["the local folder", () => createLocalStorage(dir)],
  ["an S3-compatible bucket", () => createS3Storage(s3.settings, quiet)],
];

describe.each(implementations)("media storage in %s", (_name, make) => {
  it("keeps what is put, lists it in key order and removes it by prefix", async () => {
    const storage = make();
    await storage.put("abc/320.webp", Buffer.from("small"));
    await storage.put("abc/1600.webp", Buffer.from("a larger picture"));
    await storage.put("abd/320.jpg", Buffer.from("other"));

    expect(await text(storage, "abc/320.webp")).toEqual({ text: "small", size: 5, type: "image/webp" });
    expect((await storage.read("abd/320.jpg"))?.toString()).toBe("other");
    expect(await storage.size("abc/1600.webp")).toBe(16);
    expect(await storage.size("abc/640.webp")).toBeNull();
    expect(await storage.get("abc/640.webp")).toBeNull();
    expect(await storage.read("nope/1.webp")).toBeNull();

    const listed = [];
    for await (const item of storage.list()) listed.push(item);
    expect(listed).toEqual([
      { key: "abc/1600.webp", size: 16 },
      { key: "abc/320.webp", size: 5 },
      { key: "abd/320.jpg", size: 5 },
    ]);
    const underAbc = [];
    for await (const item of storage.list("abc/")) underAbc.push(item.key);
    expect(underAbc).toEqual(["abc/1600.webp", "abc/320.webp"]);

    await storage.deletePrefixes(["abc/"]);
    expect(await storage.size("abc/320.webp")).toBeNull();
    expect(await storage.size("abd/320.jpg")).toBe(5);
    await storage.deletePrefixes(["abd/", "never-there/"]);
    const left = [];
    for await (const item of storage.list()) left.push(item);
    expect(left).toEqual([]);
  });

  it("replaces an object put again under the same key", async () => {
    const storage = make();
    await storage.put("same/320.webp", Buffer.from("first"));
    await storage.put("same/320.webp", Buffer.from("second"));
    expect((await storage.read("same/320.webp"))?.toString()).toBe("second");
    await storage.deletePrefixes(["same/"]);
  });

  it("refuses keys that would leave the library", async () => {
    const storage = make();
    await expect(storage.put("../escape.webp", Buffer.from("x"))).rejects.toThrow();
    expect(await storage.get("../../etc/passwd")).toBeNull();
    expect(await storage.read(".hidden/1.webp")).toBeNull();
  });
});

describe("the local folder", () => {
  it("does not list dot files or files being written", async () => {
    const storage = createLocalStorage(dir);
    await storage.put("pic/320.webp", Buffer.from("x"));
    await writeFile(path.join(dir, ".DS_Store"), "desktop");
    await writeFile(path.join(dir, "pic", "640.webp.part"), "half");
    const keys = [];
    for await (const item of storage.list()) keys.push(item.key);
    expect(keys).toEqual(["pic/320.webp"]);
  });
});

describe("a bucket that does not answer", () => {
  it("fails with a 503 the shop can show", async () => {
    const other = await startS3Server();
    const storage = createS3Storage(other.settings, quiet);
    await storage.put("pic/320.webp", Buffer.from("x"));
    await other.stop();
    await expect(storage.put("pic/640.webp", Buffer.from("y"))).rejects.toMatchObject({ statusCode: 503 });
    await expect(storage.read("pic/320.webp")).rejects.toMatchObject({ statusCode: 503 });
  });
});
