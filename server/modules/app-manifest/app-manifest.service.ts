/**
 * The installable shop (docs/product.md, Offline and installing the shop): the web app
 * manifest, built from the owner's settings, and its icons. Settings hold no logo, so the
 * icons are the shop's initials on the shop's dark colour, drawn as SVG and turned into PNG by
 * sharp. The manifest is read from the cached settings on each request (a rename shows at
 * once); icons are drawn once per set of initials and kept, a few kilobytes each.
 */
import { createHash } from "node:crypto";
import { loadSharp } from "../media/load-sharp";
import { escapeXml } from "../../escape-xml";

/** The page's own (the white header, as the root's theme-color says), so the installed app's bar matches it. */
export const THEME_COLOUR = "#ffffff";
export const BACKGROUND_COLOUR = "#ffffff";
/** The icon: sand letters on ink, the favicon's colours (web/app.css). */
const ICON_COLOUR = "#1f1c19";
const LETTER_COLOUR = "#f6f1ea";

export type AppIconName = "icon-192.png" | "icon-512.png" | "maskable-512.png";

const ICONS: Record<AppIconName, { size: number; maskable: boolean }> = {
  "icon-192.png": { size: 192, maskable: false },
  "icon-512.png": { size: 512, maskable: false },
  "maskable-512.png": { size: 512, maskable: true },
};

export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(ICONS, name);

/** Up to two letters: the first of the first two words ("Lagos Living" → "LL", "Furnish" → "F"). */
export function initialsOf(shopName: string): string {
  const letters = shopName
    .split(/\s+/)
    .map((word) => [...word].find((char) => /\p{L}|\p{N}/u.test(char)) ?? "")
    .filter(Boolean);
  return letters.slice(0, 2).join("").toUpperCase() || "S";
}

/**
 * What the launcher shows under the icon: the name when it fits (about twelve characters),
 * else its first word, cut to fit.
 */
export function shortNameOf(shopName: string): string {
  const name = shopName.trim();
  if ([...name].length <= 12) return name;
  return [...(name.split(/\s+/)[0] ?? name)].slice(0, 12).join("");
}

/** Changes when the icons' drawing does, so the manifest's icon addresses can be kept long. */
export const iconVersion = (shopName: string) =>
  createHash("sha256").update(initialsOf(shopName)).digest("hex").slice(0, 10);

export function buildManifest(shopName: string, description: string) {
  const v = iconVersion(shopName);
  const icon = (name: AppIconName) => ({
    src: `/app-icons/${name}?v=${v}`,
    sizes: `${ICONS[name].size}x${ICONS[name].size}`,
    type: "image/png",
    purpose: ICONS[name].maskable ? "maskable" : "any",
  });
  return {
    id: "/",
    name: shopName,
    short_name: shortNameOf(shopName),
    description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [icon("icon-192.png"), icon("icon-512.png"), icon("maskable-512.png")],
  };
}

/**
 * The initials centred on the icon's colour. A maskable icon may be cut to a circle of 80%
 * of its width, so its letters keep inside that safe zone and the colour fills the square;
 * the plain icon is a rounded square like the favicon.
 */
export function iconSvg(shopName: string, name: AppIconName): string {
  const { size, maskable } = ICONS[name];
  const initials = initialsOf(shopName);
  const fontSize = Math.round(size * (maskable ? 0.3 : 0.42) * (initials.length > 1 ? 0.85 : 1));
  const radius = maskable ? 0 : Math.round(size * 0.2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${ICON_COLOUR}"/>`,
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, serif" font-weight="bold"`,
    ` font-size="${fontSize}" fill="${LETTER_COLOUR}">${escapeXml(initials)}</text></svg>`,
  ].join("");
}

export interface AppIcons {
  png(name: AppIconName): Promise<Buffer>;
}

/** Drawn on first request; kept for the current initials only (three small PNGs). */
export function createAppIcons(shopName: () => Promise<string>): AppIcons {
  let kept: { initials: string; icons: Map<AppIconName, Promise<Buffer>> } = { initials: "", icons: new Map() };
  return {
    async png(name) {
      const current = await shopName();
      const initials = initialsOf(current);
      if (kept.initials !== initials) kept = { initials, icons: new Map() };
      let icon = kept.icons.get(name);
      if (!icon) {
        icon = loadSharp().then((sharp) =>
          sharp(Buffer.from(iconSvg(current, name)))
            .png({ compressionLevel: 9 })
            .toBuffer(),
        );
        icon.catch(() => kept.icons.delete(name));
        kept.icons.set(name, icon);
      }
      return icon;
    },
  };
}
