/**
 * The pixel work of storing a picture, apart from where its files go: the sizes every
 * picture is kept in (WebP at each width, one JPEG), its dominant colour, and its AVIF
 * versions. The app's own process runs it for an upload the owner waits on; the
 * background encoder's process (background-encoder.ts) runs it for an import's pictures
 * and the AVIF versions. So this file uses sharp (through load-sharp.ts) and the media
 * rules only.
 */
import type { Sharp } from "sharp";
import { JPEG_WIDTH, MAX_STORED_WIDTH, widthsFor } from "../../../domain/media";
import { loadSharp } from "./load-sharp";

/** Pixels of one image; a small file that decodes larger than this is refused unread. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Effort 2 of 9: about 1 s for a 1600 px photo here; the default (4) takes up to 15 s.
 * Colour at half resolution (4:2:0, as WebP and JPEG store it; sharp's default for AVIF
 * is full): a fifth less time and 5–10% fewer bytes, on photos and drawings alike.
 */
export const AVIF_OPTIONS = { quality: 50, effort: 2, chromaSubsampling: "4:2:0" } as const;
/**
 * The shop's own drawings (the demo catalogue's) at effort 1: half the time of effort 2
 * for 5–12% more bytes. A new shop's first minutes encode 191 of them in the background.
 */
const DRAWING_AVIF_EFFORT = 1;

/** A picture's stored sizes: `files` are named by width and format ("640.webp"). */
export interface EncodedSizes {
  width: number;
  height: number;
  widths: number[];
  colour: string;
  files: [name: string, bytes: Buffer][];
}

/** "#rrggbb": the colour sharp finds most of in the image. */
export async function dominantColour(image: Sharp): Promise<string> {
  const { dominant } = await image.stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Decodes once, upright (phones record orientation in EXIF), at the largest width kept,
 * in 8 bits; every smaller size is made from that small copy, side by side, or one at a
 * time (side by side they take every thread of libuv's pool, where sign-ins hash
 * passwords too). Re-encoding drops metadata and anything hidden in the file. Throws
 * when the bytes cannot be decoded.
 *
 * `drawing`: a flat picture the shop drew itself (the demo catalogue's), whose WebP is made
 * at effort 2 of 6 rather than 4: 40% less time for 8–10% more bytes on those drawings,
 * which phones mostly get as AVIF anyway. A new shop's first start waits on 191 of them.
 */
export async function encodeSizes(
  bytes: Buffer,
  { oneAtATime, drawing = false }: { oneAtATime: boolean; drawing?: boolean },
): Promise<EncodedSizes> {
  const sharp = await loadSharp();
  const largest = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .rotate()
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = largest.info;
  const widths = widthsFor(width);
  // The largest size is that copy as it is: "resized" to its own width it took a quarter
  // of the time of storing a picture.
  const resized = (w: number) => {
    const image = sharp(largest.data, { raw: { width, height, channels } });
    return w === width ? image : image.resize({ width: w });
  };
  const fallbackWidth = widths.find((w) => w >= JPEG_WIDTH) ?? width;
  const encodings = [
    ...widths.map((w) => async (): Promise<[string, Buffer]> => [
      `${w}.webp`,
      await resized(w)
        .webp({ quality: 74, effort: drawing ? 2 : 4 })
        .toBuffer(),
    ]),
    // JPEG is only the fallback for browsers without WebP and for link previews: one size.
    async (): Promise<[string, Buffer]> => [
      `${fallbackWidth}.jpg`,
      await resized(fallbackWidth)
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80, progressive: true })
        .toBuffer(),
    ],
  ];
  const colourOf = () => dominantColour(sharp(largest.data, { raw: { width, height, channels } }));
  if (oneAtATime) {
    const colour = await colourOf();
    const files: [string, Buffer][] = [];
    for (const encode of encodings) files.push(await encode());
    return { width, height, widths, colour, files };
  }
  const [colour, ...files] = await Promise.all([colourOf(), ...encodings.map((encode) => encode())]);
  return { width, height, widths, colour, files };
}

/**
 * The AVIF version of a stored picture at one width, made from its largest WebP;
 * `drawing` for one the shop drew itself (encodeSizes).
 */
export async function encodeAvif(source: Buffer, width: number, { drawing = false } = {}): Promise<Buffer> {
  const sharp = await loadSharp();
  const options = drawing ? { ...AVIF_OPTIONS, effort: DRAWING_AVIF_EFFORT } : AVIF_OPTIONS;
  return sharp(source).resize({ width }).avif(options).toBuffer();
}
