import { describe, expect, it } from "vitest";
import { srcSet, toImageRef, widthsFor } from "./media";

describe("widthsFor", () => {
  it("keeps the standard widths below the source and the source width itself, up to 1600", () => {
    expect(widthsFor(4000)).toEqual([320, 480, 640, 800, 1024, 1600]);
    expect(widthsFor(1600)).toEqual([320, 480, 640, 800, 1024, 1600]);
    expect(widthsFor(1024)).toEqual([320, 480, 640, 800, 1024]);
    expect(widthsFor(900)).toEqual([320, 480, 640, 800, 900]);
    expect(widthsFor(800)).toEqual([320, 480, 640, 800]);
    expect(widthsFor(200)).toEqual([200]);
  });
});

describe("image references", () => {
  const media = { id: "abc123", width: 1600, height: 1000, widths: [320, 640, 1024, 1600] };

  it("points url at the 1024-wide JPEG fallback", () => {
    expect(toImageRef(media)).toEqual({
      url: "/media/abc123/1024.jpg",
      public_id: "abc123",
      width: 1600,
      height: 1000,
      widths: [320, 640, 1024, 1600],
    });
    expect(toImageRef({ id: "small", width: 500, height: 400, widths: [320, 500] }).url).toBe("/media/small/500.jpg");
  });

  it("lists every width for srcset", () => {
    expect(srcSet(toImageRef(media), "webp")).toBe(
      "/media/abc123/320.webp 320w, /media/abc123/640.webp 640w, /media/abc123/1024.webp 1024w, /media/abc123/1600.webp 1600w",
    );
  });
});
