import { attorneys } from "../../core/attorneys";
import { offices } from "../../core/firm";

/**
 * Generated illustrations that stand in for photographs until the firm supplies its own.
 * scripts/build-images.ts renders them to AVIF and WebP.
 */

/**
 * An attorney stand-in: a monogram card, not an invented face. The pages draw the same card in
 * HTML (site/components/attorney-card.tsx); this raster serves places that need an image file.
 */
function monogram(initials: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#163a61"/><stop offset="0.55" stop-color="#0f2a44"/><stop offset="1" stop-color="#0a1c2e"/></linearGradient>
  </defs>
  <rect width="640" height="800" fill="url(#bg)"/>
  <rect x="28" y="28" width="584" height="744" rx="20" fill="none" stroke="#d9b97a" stroke-opacity="0.45" stroke-width="3"/>
  <text x="320" y="458" text-anchor="middle" font-family="Source Serif 4, Georgia, DejaVu Serif, serif" font-size="190" font-weight="600" letter-spacing="8" fill="#d9b97a">${initials}</text>
  <rect x="270" y="510" width="100" height="3" fill="#d9b97a" opacity="0.7"/>
</svg>`;
}

function scene(sky: [string, string], ground: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1067">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fb8d3"/><stop offset="1" stop-color="#3d5f86"/></linearGradient>
  </defs>
  <rect width="1600" height="1067" fill="url(#sky)"/>
  <circle cx="1280" cy="230" r="110" fill="#f6e3b8" opacity="0.55"/>
  ${body}
  <rect y="900" width="1600" height="167" fill="${ground}"/>
</svg>`;
}

function windows(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gap: number,
  color: string,
): string {
  let out = "";
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      out += `<rect x="${x + c * (w + gap)}" y="${y + r * (h + gap)}" width="${w}" height="${h}" fill="${color}" opacity="${0.55 + ((r * 7 + c * 3) % 5) / 12}"/>`;
  return out;
}

function trees(xs: number[], base: number, color: string): string {
  return xs
    .map((x, i) => {
      const h = 150 + ((i * 37) % 90);
      return `<rect x="${x - 6}" y="${base - 40}" width="12" height="44" fill="#4a3b2a"/><path d="M${x} ${base - h}l${55} ${h - 30}h-110z" fill="${color}"/><path d="M${x} ${base - h - 50}l40 ${h - 70}h-80z" fill="${color}" opacity="0.85"/>`;
    })
    .join("");
}

const skyline = (fill: string) =>
  `<path d="M0 900V640h90v-80h70v120h60V520h110v140h50V420h120v240h70V560h90v-60h80v160h60V470h130v190h70V600h90v-90h100v150h60V540h120v360z" fill="${fill}"/>`;

const hero = scene(
  ["#0f2a44", "#c48a5a"],
  "#0a1c2e",
  `${skyline("#163a61")}
   <path d="M0 900V700h140v-60h90v90h120V600h80v130h90V560h150v170h100V640h90v-40h120v130h80V580h140v150h110V660h70v240z" fill="#0f2a44"/>
   ${windows(250, 620, 4, 5, 14, 18, 14, "#f6e3b8")}
   ${windows(1120, 600, 4, 6, 14, 18, 14, "#f6e3b8")}`,
);

/** Each office's picture, by its form choice. */
const officeScenes: Record<string, string> = {
  woodlands: scene(
    ["#cfe0ef", "#f4efe6"],
    "#557a4c",
    `${trees([80, 210, 330, 1290, 1410, 1530], 905, "#2f5d3a")}
     <rect x="470" y="470" width="660" height="430" fill="#e9e4da"/>
     <rect x="470" y="440" width="660" height="40" fill="#0f2a44"/>
     ${windows(510, 510, 9, 4, 52, 70, 16, "#6f8fb3")}
     <rect x="750" y="790" width="100" height="110" fill="#0f2a44"/>
     <text x="800" y="468" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="26" fill="#d9b97a">LFH</text>`,
  ),
  houston: scene(
    ["#9fc0de", "#eef3f8"],
    "#4b5563",
    `<rect x="300" y="170" width="230" height="730" fill="url(#glass)"/>${windows(320, 200, 5, 16, 28, 30, 12, "#dbe4ef")}
     <path d="M640 900V260l120-90 120 90v640z" fill="#2c5282"/>${windows(670, 300, 4, 14, 30, 30, 14, "#b8c8dc")}
     <rect x="960" y="330" width="260" height="570" fill="#5b7fa6"/>${windows(985, 360, 5, 12, 30, 28, 14, "#eef3f8")}
     <rect x="1280" y="520" width="200" height="380" fill="#8aa4c4"/>`,
  ),
  katy: scene(
    ["#f3d9b1", "#fbf3e6"],
    "#7a8f5a",
    `${trees([120, 260, 1380, 1500], 905, "#4f7042")}
     <rect x="400" y="560" width="800" height="340" fill="#e8dcc6"/>
     <path d="M380 570l420-120 420 120z" fill="#8a6a2f"/>
     ${windows(440, 620, 10, 2, 56, 80, 18, "#5b7fa6")}
     <rect x="750" y="800" width="100" height="100" fill="#0f2a44"/>`,
  ),
  irving: scene(
    ["#b7cde3", "#e9eff6"],
    "#3f6f8f",
    `<path d="M560 900V240l260-70v730z" fill="url(#glass)"/>${windows(585, 280, 6, 15, 24, 28, 12, "#eef3f8")}
     <path d="M820 900V170l200 80v650z" fill="#2c5282"/>
     <rect x="1080" y="470" width="240" height="430" fill="#5b7fa6"/>${windows(1100, 500, 5, 9, 30, 28, 14, "#dbe4ef")}
     <rect x="200" y="600" width="260" height="300" fill="#8aa4c4"/>
     <path d="M0 930h1600v20H0z" fill="#9fc0de" opacity="0.6"/>`,
  ),
};

/** An office the firm adds before it has a picture of its own: a plain office building. */
const anyOffice = scene(
  ["#cfe0ef", "#f4efe6"],
  "#6b7280",
  `<rect x="500" y="420" width="600" height="480" fill="#e5e7eb"/>
   <rect x="500" y="400" width="600" height="30" fill="#0f2a44"/>
   ${windows(540, 460, 8, 5, 50, 60, 18, "#6f8fb3")}
   <rect x="750" y="800" width="100" height="100" fill="#0f2a44"/>`,
);

export const art: Record<string, string> = {
  ...Object.fromEntries(attorneys.map((a) => [a.image, monogram(a.initials)])),
  ...Object.fromEntries(offices.map((o) => [o.image, officeScenes[o.choice] ?? anyOffice])),
  "/images/hero": hero,
  "/images/consultation": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1067">
  <defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6eedf"/><stop offset="1" stop-color="#dbe4ef"/></linearGradient></defs>
  <rect width="1600" height="1067" fill="url(#wall)"/>
  <rect x="980" y="110" width="480" height="520" fill="#b8c8dc"/>${windows(1000, 130, 3, 3, 140, 150, 20, "#eef3f8")}
  <rect x="120" y="160" width="420" height="300" fill="#0f2a44" opacity="0.9"/><rect x="150" y="190" width="360" height="240" fill="#163a61"/>
  <circle cx="330" cy="310" r="70" fill="none" stroke="#d9b97a" stroke-width="6"/>
  <rect x="200" y="720" width="1200" height="40" rx="10" fill="#6b4f35"/>
  <rect x="260" y="760" width="30" height="307" fill="#5a4230"/><rect x="1310" y="760" width="30" height="307" fill="#5a4230"/>
  <rect x="560" y="680" width="220" height="42" fill="#ffffff" transform="rotate(-4 670 700)"/><rect x="800" y="690" width="200" height="32" fill="#f4f1ea" transform="rotate(3 900 705)"/>
  <path d="M330 720c0-150 60-230 150-230s150 80 150 230z" fill="#163a61"/><circle cx="480" cy="420" r="70" fill="#c49a7e"/>
  <path d="M1000 720c0-150 60-230 150-230s150 80 150 230z" fill="#8a6a2f"/><circle cx="1150" cy="420" r="70" fill="#d9b59a"/>
</svg>`,
  share: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f2a44"/><rect x="80" y="300" width="160" height="6" fill="#d9b97a"/>
  <text x="80" y="240" font-family="DejaVu Serif, Georgia, serif" font-size="72" font-weight="700" fill="#ffffff">LFH Immigration Law</text>
  <text x="80" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#dbe4ef">Bilingual immigration attorneys in Texas</text>
  <text x="80" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#dbe4ef">Abogados de inmigración bilingües en Texas</text>
  <text x="80" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#d9b97a">The Woodlands · Houston · Katy · Irving</text>
</svg>`,
  icon: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f2a44"/><path d="M32 8l20 7v15c0 13-9 21-20 26-11-5-20-13-20-26V15z" fill="none" stroke="#d9b97a" stroke-width="3"/><text x="32" y="39" text-anchor="middle" font-family="Georgia, serif" font-size="15" font-weight="700" fill="#ffffff" textLength="25" lengthAdjust="spacingAndGlyphs">LFH</text></svg>`,
  logo: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 40"><path d="M18 1 34 7v12c0 10-7 17-16 20C9 36 2 29 2 19V7Z" fill="#0f2a44"/><path d="M18 5.5 30 10v9c0 7.6-5.2 13-12 15.6C11.2 32 6 26.6 6 19v-9Z" fill="none" stroke="#c9a86a" stroke-width="1.5"/><text x="18" y="24.5" text-anchor="middle" font-family="Georgia, serif" font-size="11" font-weight="700" fill="#ffffff" textLength="19" lengthAdjust="spacingAndGlyphs">LFH</text></svg>`,
};
