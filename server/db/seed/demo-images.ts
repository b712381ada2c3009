/**
 * Demo pictures drawn as SVG: calm studio shots of each kind of furniture and simple
 * room scenes for projects and collections. No downloads; sharp rasterises them and
 * they enter the shop through the same media pipeline as uploads.
 */
import type { Category } from "../../../domain/catalog/categories";
import type { ProjectCategory } from "../../../domain/catalog/project-categories";
import type { Style } from "../../../domain/catalog/styles";

export interface Palette {
  wall: [string, string];
  floor: string;
  fabrics: string[];
  wood: string;
  metal: string;
  accent: string;
}

export const PALETTES: Record<Style, Palette> = {
  Modern: {
    wall: ["#EEE9E3", "#E1D9CF"],
    floor: "#CFC3B4",
    fabrics: ["#4B5058", "#8C8F8A", "#C7BFB3"],
    wood: "#B08B5E",
    metal: "#2E2E2E",
    accent: "#D6A461",
  },
  Contemporary: {
    wall: ["#F1E8DE", "#E6D6C6"],
    floor: "#D2BFA9",
    fabrics: ["#B5654A", "#E9DFD1", "#6F7B63"],
    wood: "#9C7452",
    metal: "#B89A5B",
    accent: "#3F5A6B",
  },
  "Antique/Royal": {
    wall: ["#E8E0CF", "#D9CCB3"],
    floor: "#B79E7E",
    fabrics: ["#2F5D50", "#7A2E35", "#24395C"],
    wood: "#5A3A24",
    metal: "#C9A44C",
    accent: "#C9A44C",
  },
  Bespoke: {
    wall: ["#EFE7DA", "#E2D5C2"],
    floor: "#C8B49A",
    fabrics: ["#8A9A7B", "#D8C9B1", "#6E5A48"],
    wood: "#7A5235",
    metal: "#3A3A3A",
    accent: "#A8703F",
  },
  Minimalist: {
    wall: ["#F5F3EE", "#EAE6DE"],
    floor: "#DCD4C7",
    fabrics: ["#E4DED3", "#A9A9A4", "#CDB99A"],
    wood: "#CDB38F",
    metal: "#8E8E8A",
    accent: "#9AA39A",
  },
  Glam: {
    wall: ["#F3E8E4", "#E8D6D0"],
    floor: "#D4BDB5",
    fabrics: ["#D9A6A0", "#2B2B2B", "#5E7A73"],
    wood: "#3B2C28",
    metal: "#C8A24A",
    accent: "#C8A24A",
  },
};

type Draw = (p: Palette, fabric: string, v: number) => string;

const SEAM = `stroke="#000" stroke-opacity=".1" stroke-width="3"`;

/**
 * A soft shadow on the floor, its edge made by a gradient: drawn with blur filters (and a
 * drop shadow on each piece) a picture took four times as long to draw, and the demo
 * draws 174 at its first start.
 */
const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx + 40}" ry="${ry + 16}" fill="url(#floor-shadow)"/>`;

const legs = (p: Palette, xs: number[], top: number, height: number, v: number) =>
  xs
    .map((x) =>
      v % 3 === 2
        ? `<rect x="${x - 4}" y="${top}" width="8" height="${height}" fill="${p.metal}"/>`
        : `<path d="M${x - 9} ${top}h18l-5 ${height}h-8z" fill="${p.wood}"/>`,
    )
    .join("");

const sofa: Draw = (p, fabric, v) => {
  const seats = 2 + (v % 2);
  const w = 300 + seats * 170;
  const x = 600 - w / 2;
  const cushions = Array.from({ length: seats }, (_, i) => {
    const cw = (w - 120) / seats;
    return `<rect x="${x + 60 + i * cw + 4}" y="470" width="${cw - 8}" height="70" rx="22" fill="${fabric}" ${SEAM}/><rect x="${x + 60 + i * cw + 10}" y="372" width="${cw - 20}" height="110" rx="26" fill="${fabric}" ${SEAM}/>`;
  }).join("");
  return `${shadow(600, 650, w / 2 + 20, 26)}
  <rect x="${x}" y="340" width="${w}" height="230" rx="40" fill="${fabric}"/>
  ${cushions}
  <rect x="${x - 10}" y="420" width="90" height="190" rx="36" fill="${fabric}" ${SEAM}/>
  <rect x="${x + w - 80}" y="420" width="90" height="190" rx="36" fill="${fabric}" ${SEAM}/>
  <rect x="${x + 40}" y="560" width="${w - 80}" height="50" rx="16" fill="${fabric}" ${SEAM}/>
  ${legs(p, [x + 40, x + w - 40], 606, 40, v)}
  <rect x="${x + 110}" y="395" width="120" height="90" rx="24" fill="${p.accent}" opacity=".9" transform="rotate(-8 ${x + 170} 440)"/>`;
};

const armchair: Draw = (p, fabric, v) => {
  const wing = v % 2 === 0;
  return `${shadow(600, 660, 230, 24)}
  <path d="M420 ${wing ? 250 : 320} q180 -${wing ? 60 : 40} 360 0 v250 h-360z" fill="${fabric}" ${SEAM}/>
  <rect x="400" y="430" width="100" height="190" rx="40" fill="${fabric}" ${SEAM}/>
  <rect x="700" y="430" width="100" height="190" rx="40" fill="${fabric}" ${SEAM}/>
  <rect x="470" y="470" width="260" height="80" rx="26" fill="${fabric}" ${SEAM}/>
  <rect x="450" y="540" width="300" height="70" rx="18" fill="${fabric}" ${SEAM}/>
  ${legs(p, [460, 740], 606, 50, v)}
  <rect x="540" y="380" width="120" height="90" rx="24" fill="${p.accent}" opacity=".85"/>
  ${v % 3 === 0 ? `<circle cx="905" cy="560" r="55" fill="${p.wood}"/><rect x="898" y="560" width="14" height="100" fill="${p.wood}"/>` : ""}`;
};

const bed: Draw = (p, fabric, v) => {
  const tall = v % 2 === 0;
  return `${shadow(600, 680, 420, 26)}
  <rect x="260" y="${tall ? 230 : 300}" width="680" height="${tall ? 330 : 260}" rx="${tall ? 60 : 24}" fill="${fabric}"/>
  ${tall ? `<g stroke="#000" stroke-opacity=".12" stroke-width="4">${[340, 440, 540, 640, 740, 840].map((x) => `<line x1="${x}" y1="260" x2="${x}" y2="540"/>`).join("")}</g>` : ""}
  <rect x="230" y="500" width="740" height="120" rx="20" fill="#F4EFE8"/>
  <rect x="230" y="540" width="740" height="100" rx="20" fill="${p.fabrics[(v + 1) % 3]}"/>
  <rect x="320" y="440" width="230" height="90" rx="34" fill="#FBF8F3"/>
  <rect x="650" y="440" width="230" height="90" rx="34" fill="#FBF8F3"/>
  <rect x="230" y="630" width="740" height="30" rx="8" fill="${p.wood}"/>
  <rect x="80" y="520" width="130" height="130" rx="10" fill="${p.wood}"/>
  <path d="M115 520l15-80h70l15 80z" fill="${p.accent}" opacity=".9"/>`;
};

const dining: Draw = (p, fabric, v) => {
  const round = v % 2 === 1;
  const chair = (x: number, flip: boolean) =>
    `<g transform="translate(${x} 0)${flip ? " scale(-1 1)" : ""}"><path d="M-60 300 q60 -30 120 0 v210 h-120z" fill="${fabric}"/><rect x="-70" y="500" width="140" height="40" rx="12" fill="${fabric}"/>${legs(p, [-55, 55], 538, 110, v)}</g>`;
  return `${shadow(600, 665, 440, 24)}
  <path d="M600 40 v140" stroke="${p.metal}" stroke-width="3"/><path d="M540 180 h120 l-20 50 h-80z" fill="${p.accent}"/>
  ${chair(250, false)}${chair(950, true)}
  ${round ? `<ellipse cx="600" cy="470" rx="290" ry="34" fill="${p.wood}"/><path d="M560 480 h80 l30 180 h-140z" fill="${p.wood}"/>` : `<rect x="330" y="440" width="540" height="36" rx="6" fill="${p.wood}"/>${legs(p, [360, 840], 476, 180, v)}`}
  <path d="M560 400 q40 -70 80 0z" fill="${p.fabrics[(v + 2) % 3]}"/><rect x="585" y="395" width="30" height="48" rx="6" fill="#F4EFE8"/>`;
};

const centerTable: Draw = (p, _fabric, v) => {
  const round = v % 2 === 0;
  return `<ellipse cx="600" cy="640" rx="470" ry="90" fill="${p.fabrics[(v + 1) % 3]}" opacity=".55"/>
  ${shadow(600, 640, 330, 26)}
  ${round ? `<ellipse cx="600" cy="470" rx="300" ry="70" fill="${p.wood}"/><rect x="320" y="470" width="560" height="40" fill="${p.wood}"/><ellipse cx="600" cy="510" rx="280" ry="60" fill="${p.wood}" opacity=".6"/>${legs(p, [420, 600, 780], 520, 110, v)}` : `<path d="M300 450 h600 l-40 60 h-520z" fill="${p.wood}"/><rect x="340" y="510" width="520" height="26" fill="${p.wood}" opacity=".85"/>${legs(p, [360, 840], 536, 100, v)}`}
  <rect x="460" y="${round ? 400 : 395}" width="150" height="26" rx="4" fill="${p.accent}"/><rect x="470" y="${round ? 378 : 373}" width="130" height="24" rx="4" fill="#F4EFE8"/>
  <path d="M700 ${round ? 440 : 440} q-20 -90 20 -120 q40 30 20 120z" fill="${p.fabrics[2]}"/>`;
};

const wardrobe: Draw = (p, fabric, v) => {
  const doors = 2 + (v % 2);
  const w = doors * 180;
  const x = 600 - w / 2;
  const finish = v % 3 === 1 ? fabric : p.wood;
  return `${shadow(600, 770, w / 2 + 30, 24)}
  <rect x="${x}" y="110" width="${w}" height="640" rx="8" fill="${finish}"/>
  ${Array.from({ length: doors }, (_, i) => `<rect x="${x + i * 180 + 10}" y="125" width="160" height="600" rx="4" fill="#fff" opacity=".07"/><rect x="${x + i * 180 + (i % 2 ? 22 : 148)}" y="400" width="10" height="90" rx="5" fill="${p.metal}"/>`).join("")}
  ${Array.from({ length: doors - 1 }, (_, i) => `<line x1="${x + (i + 1) * 180}" y1="115" x2="${x + (i + 1) * 180}" y2="745" stroke="#000" stroke-opacity=".25" stroke-width="3"/>`).join("")}
  <rect x="${x - 10}" y="100" width="${w + 20}" height="22" rx="4" fill="${finish}"/>
  ${legs(p, [x + 30, x + w - 30], 750, 26, v)}`;
};

const tvUnit: Draw = (p, fabric, v) => `${shadow(600, 690, 420, 22)}
  <rect x="300" y="160" width="600" height="340" rx="10" fill="#1E1F22"/><rect x="312" y="172" width="576" height="316" rx="4" fill="url(#screen)"/>
  <rect x="200" y="540" width="800" height="130" rx="10" fill="${v % 2 ? fabric : p.wood}"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="${215 + i * 195}" y="555" width="180" height="100" rx="6" fill="#fff" opacity=".08"/><rect x="${285 + i * 195}" y="598" width="40" height="8" rx="4" fill="${p.metal}"/>`).join("")}
  ${legs(p, [240, 960], 670, 22, v)}
  <rect x="880" y="470" width="70" height="70" rx="8" fill="${p.accent}"/><path d="M915 470 q-60 -90 -10 -170 q20 80 10 170 q10 -100 60 -150 q-10 90 -60 150z" fill="#5F7A5A"/>`;

const carpet: Draw = (p, fabric, v) => {
  const a = p.fabrics[(v + 1) % 3];
  const pattern =
    v % 3 === 0
      ? Array.from(
          { length: 7 },
          (_, i) => `<rect x="${260 + i * 100}" y="190" width="40" height="520" fill="${a}" opacity=".55"/>`,
        ).join("")
      : v % 3 === 1
        ? Array.from(
            { length: 12 },
            (_, i) =>
              `<path d="M${300 + (i % 4) * 200} ${230 + Math.floor(i / 4) * 170} l70 70 l-70 70 l-70 -70z" fill="${a}" opacity=".6"/>`,
          ).join("")
        : `<ellipse cx="600" cy="450" rx="250" ry="190" fill="none" stroke="${a}" stroke-width="26" opacity=".7"/><ellipse cx="600" cy="450" rx="140" ry="100" fill="${p.accent}" opacity=".5"/>`;
  return `<rect x="0" y="0" width="1200" height="900" fill="${p.floor}"/>
  ${shadow(600, 470, 470, 330)}
  <rect x="150" y="130" width="900" height="640" rx="10" fill="${fabric}"/>
  <rect x="190" y="170" width="820" height="560" fill="none" stroke="${p.accent}" stroke-width="14" opacity=".8"/>
  ${pattern}
  ${Array.from({ length: 30 }, (_, i) => `<line x1="${165 + i * 30}" y1="118" x2="${165 + i * 30}" y2="130" stroke="${fabric}" stroke-width="4"/><line x1="${165 + i * 30}" y1="770" x2="${165 + i * 30}" y2="782" stroke="${fabric}" stroke-width="4"/>`).join("")}`;
};

const DRAW: Record<Category, Draw> = {
  "Living Room": sofa,
  Armchair: armchair,
  Bedroom: bed,
  "Dining Room": dining,
  "Center Table": centerTable,
  Wardrobe: wardrobe,
  "TV Unit": tvUnit,
  Carpet: carpet,
};

const defs = (p: Palette) => `<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall[0]}"/><stop offset="1" stop-color="${p.wall[1]}"/></linearGradient>
  <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2C3440"/><stop offset=".6" stop-color="#3D4A58"/><stop offset="1" stop-color="#1B2027"/></linearGradient>
  <radialGradient id="light" cx=".25" cy=".15" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <radialGradient id="floor-shadow"><stop offset=".35" stop-color="#000" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;

/**
 * A studio photograph of one piece; `close` frames it tighter for a second view; `fabric`
 * dresses it in a finish's colour (its photos in that finish).
 */
export function productSvg(category: Category, style: Style, variant: number, close = false, fabric?: string): string {
  const p = PALETTES[style];
  fabric ??= p.fabrics[variant % p.fabrics.length] ?? p.fabrics[0]!;
  const viewBox = close ? "150 130 900 675" : "0 0 1200 900";
  // Carpets are shot from above and fill the frame; other pieces sit a little larger than drawn.
  const piece =
    category === "Carpet"
      ? DRAW[category](p, fabric, variant)
      : `<g transform="translate(600 560) scale(1.12) translate(-600 -560)">${DRAW[category](p, fabric, variant)}</g>`;
  // Drawn on a 1200×900 canvas, rendered at 1024×768: the largest size a product page shows.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="${viewBox}">${defs(p)}
  <rect width="1200" height="900" fill="url(#wall)"/>
  <rect y="640" width="1200" height="260" fill="${p.floor}"/>
  <rect width="1200" height="900" fill="url(#light)"/>
  ${piece}
</svg>`;
}

/** A room for a project or a collection cover: window light, a floor and a furnished corner. */
export function roomSvg(kind: ProjectCategory | "Collection", style: Style, variant: number): string {
  const p = PALETTES[style];
  const fabric = p.fabrics[variant % p.fabrics.length] ?? p.fabrics[0]!;
  const planks = Array.from(
    { length: 14 },
    (_, i) =>
      `<line x1="${i * 130 - 200}" y1="1000" x2="${i * 110 + 40}" y2="700" stroke="#000" stroke-opacity=".06" stroke-width="3"/>`,
  ).join("");
  const windowX = variant % 2 ? 1040 : 120;
  const scene: Record<ProjectCategory | "Collection", string> = {
    Residential: `<g transform="translate(150 180) scale(.95)">${sofa(p, fabric, variant)}</g><g transform="translate(760 380) scale(.55)">${centerTable(p, fabric, variant)}</g>`,
    Collection: `<g transform="translate(90 200) scale(.9)">${sofa(p, fabric, variant)}</g><g transform="translate(820 260) scale(.6)">${armchair(p, p.fabrics[(variant + 1) % 3]!, variant)}</g>`,
    Commercial: [0, 1, 2]
      .map(
        (i) =>
          `<g transform="translate(${80 + i * 520} 420) scale(.5)"><rect x="200" y="300" width="700" height="30" fill="${p.wood}"/><rect x="220" y="330" width="16" height="300" fill="${p.metal}"/><rect x="864" y="330" width="16" height="300" fill="${p.metal}"/><rect x="420" y="120" width="260" height="170" rx="8" fill="#23262B"/>${armchair(p, fabric, variant + i)}</g>`,
      )
      .join(""),
    Hospitality: `<rect x="200" y="520" width="1200" height="160" rx="12" fill="${p.wood}"/><rect x="200" y="500" width="1200" height="30" rx="8" fill="${p.metal}"/>${[0, 1, 2, 3, 4].map((i) => `<g transform="translate(${260 + i * 230} 640)"><circle cx="0" cy="0" r="46" fill="${fabric}"/><rect x="-5" y="0" width="10" height="190" fill="${p.metal}"/><ellipse cx="0" cy="190" rx="40" ry="10" fill="${p.metal}"/></g>`).join("")}${[0, 1, 2].map((i) => `<path d="M${500 + i * 300} 0 v240" stroke="${p.metal}" stroke-width="3"/><circle cx="${500 + i * 300}" cy="270" r="40" fill="${p.accent}"/>`).join("")}`,
    Renovation: `<rect x="120" y="250" width="1360" height="200" fill="${fabric}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${130 + i * 226}" y="260" width="210" height="180" rx="4" fill="#fff" opacity=".1"/><rect x="${215 + i * 226}" y="420" width="40" height="8" rx="4" fill="${p.metal}"/>`).join("")}<rect x="120" y="560" width="1360" height="30" fill="#EDE8E1"/><rect x="120" y="590" width="1360" height="250" fill="${fabric}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${215 + i * 226}" y="610" width="40" height="8" rx="4" fill="${p.metal}"/>`).join("")}<rect x="620" y="470" width="200" height="90" rx="6" fill="#C9CCD0"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">${defs(p)}
  <rect width="1600" height="1000" fill="url(#wall)"/>
  <rect x="${windowX}" y="90" width="440" height="560" rx="6" fill="#FFFDF8" opacity=".85"/>
  <path d="M${windowX + 220} 90v560M${windowX} 370h440" stroke="${p.wall[1]}" stroke-width="12"/>
  <rect x="${variant % 2 ? 160 : 1000}" y="170" width="300" height="210" rx="4" fill="${p.accent}" opacity=".55" stroke="${p.wood}" stroke-width="10"/>
  <rect y="840" width="1600" height="160" fill="${p.floor}"/>${planks}
  <rect width="1600" height="1000" fill="url(#light)"/>
  ${scene[kind]}
</svg>`;
}

/**
 * A swatch: a close-up of a finish itself, as a shop's sample card shows it. Woods show
 * their grain, velvets a soft sheen, bouclé its loops and linen its weave. Drawn at 128
 * px, as it only ever shows as a round chip of 48: one small file, a few hundred bytes.
 */
export function swatchSvg(name: string, colour: string): string {
  const kind = /oak|walnut|iroko|espresso|teak|mahogany/i.test(name)
    ? "wood"
    : /velvet/i.test(name)
      ? "velvet"
      : /boucl/i.test(name)
        ? "boucle"
        : /black|matte/i.test(name)
          ? "matte"
          : "linen";
  const texture: Record<typeof kind, string> = {
    wood: Array.from(
      { length: 14 },
      (_, i) =>
        `<path d="M-20 ${i * 26 + 6} C 90 ${i * 26 - 14}, 200 ${i * 26 + 30}, 340 ${i * 26 + 4}" fill="none" stroke="#000" stroke-opacity="${0.08 + (i % 3) * 0.04}" stroke-width="${2 + (i % 4)}"/>`,
    ).join(""),
    velvet: `<radialGradient id="sheen" cx=".3" cy=".25" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></radialGradient><rect width="320" height="320" fill="url(#sheen)"/>`,
    boucle: Array.from(
      { length: 25 },
      (_, i) =>
        `<circle cx="${(i % 5) * 64 + 32 + (Math.floor(i / 5) % 2) * 16}" cy="${Math.floor(i / 5) * 64 + 32}" r="18" fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="8"/>`,
    ).join(""),
    matte: `<rect width="320" height="320" fill="#fff" opacity=".04"/><path d="M0 0 L320 320" stroke="#fff" stroke-opacity=".05" stroke-width="60"/>`,
    linen: Array.from(
      { length: 20 },
      (_, i) =>
        `<path d="M${i * 16} 0v320" stroke="#000" stroke-opacity=".06" stroke-width="5"/><path d="M0 ${i * 16}h320" stroke="#fff" stroke-opacity=".1" stroke-width="5"/>`,
    ).join(""),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 320 320"><rect width="320" height="320" fill="${colour}"/>${texture[kind]}</svg>`;
}
