/**
 * The link-preview card that WhatsApp and other apps show for a shared page
 * (docs/product.md, Pages and previews: 1200×630, under 300 KB, with the naira price): the
 * item's photo on the left, a sand panel with the shop, the name and the price on the
 * right. Text is drawn by an SVG that librsvg renders with the machine's fonts (DejaVu or
 * Liberation on Debian).
 */
import { loadSharp } from "../media/load-sharp";
import { escapeXml } from "../../escape-xml";

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const MAX_OG_BYTES = 300 * 1024;

const PHOTO_WIDTH = 680;
const PADDING = 56;
const TEXT_X = PHOTO_WIDTH + PADDING;
const TEXT_WIDTH = OG_WIDTH - TEXT_X - PADDING;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const COLOR = {
  ink: "#1f1c19",
  stone: "#6b6259",
  sand: "#f6f1ea",
  line: "#e7e0d6",
  clay: "#8a4f33",
  promo: "#b3261e",
};

export interface OgCard {
  shopName: string;
  /** Above the title, small: the shop's name on item cards. */
  eyebrow: string;
  title: string;
  /** The site card's title is the shop's name, set larger. */
  titleScale?: "item" | "site";
  /** "₦250,000.00", or "Budget ₦…"; `was` is the struck-through price of a promotion. */
  price?: { text: string; was?: string; promo?: boolean };
  /** A line under the price: a project's location, the site's slogan. */
  note?: string;
  /** At the bottom: the shop's address on the web. */
  footer: string;
  /** The photo to show (an image file's bytes), or null for a plain panel. */
  photo: Buffer | null;
}

/**
 * A generous estimate of a bold sans-serif line's width, in pixels. SVG cannot wrap or
 * measure text, so lines are broken on these estimates; erring wide keeps text inside.
 */
function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) {
    if (char === " ") em += 0.35;
    else if ("iIjl.,:;'!|".includes(char)) em += 0.36;
    else if ("frt()-".includes(char)) em += 0.5;
    else if ("mwMW@".includes(char)) em += 1.05;
    else if (/[A-Z]/.test(char)) em += 0.8;
    else if (/[a-z]/.test(char)) em += 0.66;
    else em += 0.74;
  }
  return em * fontSize;
}

function ellipsize(line: string, fontSize: number, maxWidth: number): string {
  let chars = Array.from(line);
  while (chars.length > 0 && textWidth(`${chars.join("").trimEnd()}…`, fontSize) > maxWidth) chars = chars.slice(0, -1);
  return `${chars.join("").trimEnd()}…`;
}

/** Word-wrapped lines, words longer than a line broken, the last kept line ending in "…" when cut. */
export function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (let word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    while (textWidth(word, fontSize) > maxWidth) {
      const chars = Array.from(word);
      let fit = chars.length - 1;
      while (fit > 1 && textWidth(chars.slice(0, fit).join(""), fontSize) > maxWidth) fit -= 1;
      lines.push(chars.slice(0, fit).join(""));
      word = chars.slice(fit).join("");
    }
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, fontSize, maxWidth);
  return kept;
}

/** The largest size from `sizes` at which the text fits `maxLines` lines uncut, else the smallest. */
function fitTitle(text: string, sizes: number[], maxLines: number): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, size, TEXT_WIDTH, Number.MAX_SAFE_INTEGER);
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  return { size, lines: wrapText(text, size, TEXT_WIDTH, maxLines) };
}

/** One line that shrinks to fit the panel (long prices), never below `min`. */
function fitLine(text: string, size: number, min: number): number {
  const width = textWidth(text, size);
  return width <= TEXT_WIDTH ? size : Math.max(min, Math.floor((size * TEXT_WIDTH) / width));
}

interface Line {
  text: string;
  size: number;
  color: string;
  weight: "bold" | "normal";
  strike?: boolean;
  /** Space above the line's top, in pixels. */
  gap: number;
}

function panelSvg(card: OgCard): string {
  const title =
    card.titleScale === "site" ? fitTitle(card.title, [68, 60, 52], 2) : fitTitle(card.title, [52, 46, 40], 3);
  const block: Line[] = title.lines.map((text, index) => ({
    text,
    size: title.size,
    color: COLOR.ink,
    weight: "bold",
    gap: index === 0 ? 0 : Math.round(title.size * 0.2),
  }));
  if (card.price) {
    const size = fitLine(card.price.text, 44, 26);
    block.push({
      text: card.price.text,
      size,
      color: card.price.promo ? COLOR.promo : COLOR.ink,
      weight: "bold",
      gap: 32,
    });
    if (card.price.was) {
      block.push({
        text: card.price.was,
        size: fitLine(card.price.was, 28, 20),
        color: COLOR.stone,
        weight: "normal",
        strike: true,
        gap: 12,
      });
    }
  }
  if (card.note) {
    wrapText(card.note, 28, TEXT_WIDTH, 2).forEach((text, index) =>
      block.push({ text, size: 28, color: COLOR.stone, weight: "normal", gap: index === 0 ? 28 : 8 }),
    );
  }

  // The block sits centred between the eyebrow and the footer.
  const height = block.reduce((sum, line) => sum + line.gap + line.size, 0);
  let top = Math.max(150, Math.round(150 + (380 - height) / 2));
  const texts = block.map((line) => {
    top += line.gap + line.size;
    // Baselines sit about a fifth of the size above the line's bottom.
    const y = top - Math.round(line.size * 0.2);
    const strike = line.strike ? ` text-decoration="line-through"` : "";
    return `<text x="${TEXT_X}" y="${y}" font-size="${line.size}" font-weight="${line.weight}" fill="${line.color}"${strike}>${escapeXml(line.text)}</text>`;
  });

  const eyebrow = wrapText(card.eyebrow.toUpperCase(), 24, TEXT_WIDTH - 40, 1)[0] ?? "";
  const footer = wrapText(card.footer, 24, TEXT_WIDTH, 1)[0] ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" font-family="${FONT}">
  <rect x="${PHOTO_WIDTH}" y="0" width="${OG_WIDTH - PHOTO_WIDTH}" height="${OG_HEIGHT}" fill="${COLOR.sand}"/>
  <rect x="${PHOTO_WIDTH}" y="0" width="8" height="${OG_HEIGHT}" fill="${COLOR.clay}"/>
  <text x="${TEXT_X}" y="92" font-size="24" font-weight="bold" letter-spacing="3" fill="${COLOR.clay}">${escapeXml(eyebrow)}</text>
  <rect x="${TEXT_X}" y="112" width="56" height="4" fill="${COLOR.clay}"/>
  ${texts.join("\n  ")}
  <text x="${TEXT_X}" y="${OG_HEIGHT - PADDING}" font-size="24" fill="${COLOR.stone}">${escapeXml(footer)}</text>
</svg>`;
}

/** Without a photo the left side shows the shop's initial on a quiet tone. */
function placeholderSvg(card: OgCard): string {
  const initial = Array.from(card.shopName.trim())[0] ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${OG_HEIGHT}" font-family="${FONT}">
  <rect width="${PHOTO_WIDTH}" height="${OG_HEIGHT}" fill="${COLOR.line}"/>
  <text x="${PHOTO_WIDTH / 2}" y="${OG_HEIGHT / 2 + 90}" font-size="260" font-weight="bold" text-anchor="middle" fill="${COLOR.clay}" fill-opacity="0.35">${escapeXml(initial)}</text>
</svg>`;
}

async function photoLayer(card: OgCard): Promise<Buffer> {
  if (card.photo) {
    const sharp = await loadSharp();
    return sharp(card.photo).resize(PHOTO_WIDTH, OG_HEIGHT, { fit: "cover" }).toBuffer();
  }
  return Buffer.from(placeholderSvg(card));
}

/** The card as a JPEG; busy photos are encoded harder until the file fits the budget. */
export async function renderOgCard(card: OgCard): Promise<Buffer> {
  const sharp = await loadSharp();
  const canvas = await sharp({
    create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: COLOR.sand },
  })
    .composite([
      { input: await photoLayer(card), left: 0, top: 0 },
      { input: Buffer.from(panelSvg(card)), left: 0, top: 0 },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: canvas.info.width, height: canvas.info.height, channels: canvas.info.channels };
  let jpeg = Buffer.alloc(0);
  for (const quality of [82, 70, 58, 45, 32]) {
    jpeg = await sharp(canvas.data, { raw }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_OG_BYTES) break;
  }
  return jpeg;
}
