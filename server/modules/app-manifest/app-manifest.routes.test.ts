import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();

interface Manifest {
  name: string;
  short_name: string;
  icons: Array<{ src: string; sizes: string; purpose: string }>;
}

async function readManifest(): Promise<Manifest> {
  const response = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("application/manifest+json");
  return response.json<Manifest>();
}

async function iconPixels(src: string) {
  const response = await t.app.inject({ method: "GET", url: src });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("image/png");
  const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
  return { data, size: `${info.width}x${info.height}` };
}

describe("the installable shop's manifest", () => {
  it("names the shop and declares icons that are PNGs of their sizes", async () => {
    const settings = await t.app.shopSettings.read();
    const manifest = await readManifest();
    expect(manifest.name).toBe(settings.shopName);
    for (const icon of manifest.icons) expect((await iconPixels(icon.src)).size).toBe(icon.sizes);
  });

  it("follows a rename: the new name, a short name that fits, and icons drawn with the new initials", async () => {
    const before = await readManifest();
    const oldIcon = await iconPixels(before.icons[0]!.src);
    await t.app.shopSettings.update({ shopName: "Lagos Living Interiors" });

    const after = await readManifest();
    expect(after.name).toBe("Lagos Living Interiors");
    expect(after.short_name).toBe("Lagos");
    expect(after.icons[0]!.src).not.toBe(before.icons[0]!.src);
    const newIcon = await iconPixels(after.icons[0]!.src);
    expect(newIcon.data.equals(oldIcon.data)).toBe(false);
  });

  it("answers an icon it does not have with a 404 and a message", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app-icons/../../etc/passwd" });
    expect(response.statusCode).toBe(404);
    const other = await t.app.inject({ method: "GET", url: "/app-icons/icon-1024.png" });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Icon not found." });
  });
});
