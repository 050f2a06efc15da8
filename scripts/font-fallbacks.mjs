// `npm run fonts:fallbacks` (after `npm run build`): computes the metric-matched fallback faces of
// site/styles/app.css and prints them as CSS to paste there. A first visit is set in these faces
// and later pages in the brand fonts (docs/decisions/0048), so every line should keep its width
// and height in either: a page that fits in one fits in the other.
//
// - Vertical metrics are Capsize's (@capsizecss/metrics: the typographic ascent, descent and line
//   gap the browser uses for Inter and Source Serif 4).
// - Widths are the site's own text: every text node of a sample of pages in both languages, set in
//   each family and weight the pages use, measured in the brand font and in each local font that
//   stands in for it (Arial and Times New Roman, measured in Liberation Sans and Serif, which have
//   the same widths, as Arimo and Tinos do; Roboto and Noto Serif on Android). size-adjust is the
//   ratio of the totals, per weight, because a bold brand face is not as much wider than its
//   regular as Arial Bold is. Debian: fonts-liberation, fonts-roboto-unhinted, fonts-noto-core.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import inter from "@capsizecss/metrics/inter";
import sourceSerif4 from "@capsizecss/metrics/sourceSerif4";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./bench-support.mjs";

const arial = ["Arial", "ArialMT", "Liberation Sans", "Arimo", "Helvetica Neue", "Helvetica"];
const arialBold = [
  "Arial Bold",
  "Arial-BoldMT",
  "Liberation Sans Bold",
  "Arimo Bold",
  "Helvetica Neue Bold",
  "Helvetica Bold",
];
const times = ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "Tinos", "Times"];
const timesBold = [
  "Times New Roman Bold",
  "TimesNewRomanPS-BoldMT",
  "Liberation Serif Bold",
  "Tinos Bold",
  "Times Bold",
];
const roboto = ["Roboto", "Roboto-Regular"];
const robotoMedium = ["Roboto Medium", "Roboto-Medium"];
const robotoBold = ["Roboto Bold", "Roboto-Bold"];
const notoSerif = ["Noto Serif", "NotoSerif", "NotoSerif-Regular"];
const notoSerifBold = ["Noto Serif Bold", "NotoSerif-Bold"];
/**
 * Each brand family and the local fonts that stand in for it, in the order the page lists them:
 * Arial and Times New Roman (Windows, macOS, iOS; Liberation on Linux), then Roboto and Noto Serif
 * (Android, which has neither Arial nor Times). Each stand-in is measured in the font named by
 * `measureWith`, which must be installed where this runs.
 */
const families = [
  {
    brand: "Inter Variable",
    metrics: inter,
    standIns: [
      {
        fallback: "Inter Fallback",
        measureWith: "Liberation Sans",
        faces: [
          { weight: "100 400", at: 400, local: arial, localWeight: 400 },
          { weight: "500", at: 500, local: arial, localWeight: 400 },
          { weight: "600", at: 600, local: arialBold, localWeight: 700 },
          { weight: "700 900", at: 700, local: arialBold, localWeight: 700 },
        ],
      },
      {
        fallback: "Inter Fallback Roboto",
        measureWith: "Roboto",
        faces: [
          { weight: "100 400", at: 400, local: roboto, localWeight: 400 },
          { weight: "500", at: 500, local: robotoMedium, localWeight: 500 },
          { weight: "600", at: 600, local: robotoBold, localWeight: 700 },
          { weight: "700 900", at: 700, local: robotoBold, localWeight: 700 },
        ],
      },
    ],
  },
  {
    brand: "Source Serif 4 Variable",
    metrics: sourceSerif4,
    standIns: [
      {
        fallback: "Source Serif Fallback",
        measureWith: "Liberation Serif",
        faces: [
          { weight: "200 500", at: 400, local: times, localWeight: 400 },
          { weight: "600", at: 600, local: timesBold, localWeight: 700 },
          { weight: "700 900", at: 700, local: timesBold, localWeight: 700 },
        ],
      },
      {
        fallback: "Source Serif Fallback Noto",
        measureWith: "Noto Serif",
        faces: [
          { weight: "200 500", at: 400, local: notoSerif, localWeight: 400 },
          { weight: "600", at: 600, local: notoSerifBold, localWeight: 700 },
          { weight: "700 900", at: 700, local: notoSerifBold, localWeight: 700 },
        ],
      },
    ],
  },
];
const pages = [
  "/",
  "/es",
  "/practice-areas/employment-based/h-1b-temporary-worker",
  "/es/areas-de-practica/inmigracion-laboral/h-1b-trabajador-temporal",
  "/practice-areas/victims-of-crimes/u-visa",
  "/es/areas-de-practica/victimas-de-delitos/visa-u",
  "/blog/vawa-green-cards-guide",
  "/es/blog/guia-green-cards-vawa",
  "/blog",
  "/es/blog",
  "/contact",
  "/es/contacto",
  "/our-firm",
  "/es/nuestro-bufete",
  "/our-firm/faqs",
  "/es/nuestro-bufete/preguntas-frecuentes",
];

/** A font's vertical metrics in em, as the browser uses them for line boxes. */
function verticalMetrics({ ascent, descent, lineGap, unitsPerEm }) {
  return { ascent: ascent / unitsPerEm, descent: -descent / unitsPerEm, lineGap: lineGap / unitsPerEm };
}

/** Per family, per weight: the page text set in it, measured in the brand and the local font. */
async function measureWidths(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox"],
  });
  const totals = new Map();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(() => localStorage.setItem("lfh-fonts", "1"));
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(baseUrl + path);
      const rows = await page.evaluate(async (families) => {
        await Promise.all(families.map((f) => document.fonts.load(`1em "${f.brand}"`)));
        const canvas = document.createElement("canvas").getContext("2d");
        const width = (font, text) => {
          canvas.font = font;
          return canvas.measureText(text).width;
        };
        // A font that is not installed would be measured in another one, silently. (Text is
        // matched by the start of its family name: the cached faces of later pages count too.)
        const sample = "Hamburgefonstiv 0123";
        const missing = families
          .flatMap((f) => f.standIns.map((s) => s.measureWith))
          .filter((name) => width(`100px "${name}", monospace`, sample) === width("100px monospace", sample));
        if (missing.length) throw new Error(`not installed here: ${missing.join(", ")}`);
        const out = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (!element?.getClientRects().length) continue;
          const style = getComputedStyle(element);
          const family = families.find((f) => style.fontFamily.startsWith(`"${f.brand}`));
          if (!family || !node.textContent?.trim()) continue;
          let text = node.textContent.replace(/\s+/g, " ");
          if (style.textTransform === "uppercase") text = text.toUpperCase();
          const size = parseFloat(style.fontSize);
          const weight = Number(style.fontWeight);
          // Each face is measured on the text set in its weights and, for a weight the pages
          // barely use, on all the family's text set in that weight.
          for (const standIn of family.standIns)
            for (const face of standIn.faces) {
              const [low, high = low] = face.weight.split(" ").map(Number);
              const own = weight >= low && weight <= high;
              const at = own ? weight : face.at;
              const local = `${style.fontStyle} ${face.localWeight} 100px "${standIn.measureWith}"`;
              out.push({
                key: `${standIn.fallback}|${face.weight}`,
                own,
                chars: text.length,
                brand: (width(`${style.fontStyle} ${at} 100px "${family.brand}"`, text) * size) / 100,
                local: (width(local, text) * size) / 100,
              });
            }
        }
        return out;
      }, families);
      for (const row of rows) {
        const key = `${row.key}|${row.own ? "own" : "all"}`;
        const total = totals.get(key) ?? { chars: 0, brand: 0, local: 0 };
        total.chars += row.chars;
        total.brand += row.brand;
        total.local += row.local;
        totals.set(key, total);
      }
    }
  } finally {
    await browser.close();
  }
  return totals;
}

const percent = (value) => `${(value * 100).toFixed(2)}%`;
const dir = mkdtempSync(join(tmpdir(), "lfh-font-fallbacks-"));
const port = Number(process.env.BENCH_PORT ?? 4392);
const server = await startBuiltServer(port, dir);
let widths;
try {
  widths = await measureWidths(`http://127.0.0.1:${port}`);
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}

for (const family of families) {
  const metrics = verticalMetrics(family.metrics);
  for (const standIn of family.standIns)
    for (const face of standIn.faces) {
      const own = widths.get(`${standIn.fallback}|${face.weight}|own`);
      const other = widths.get(`${standIn.fallback}|${face.weight}|all`);
      const all = other && own ? { brand: own.brand + other.brand, local: own.local + other.local } : (other ?? own);
      const use = own && own.chars >= 2000 ? own : all;
      if (!use) throw new Error(`no text measured for ${standIn.fallback} ${face.weight}`);
      const size = use.brand / use.local;
      const measured = own && own.chars >= 2000 ? `${own.chars} characters set in it` : "all its text set in it";
      console.log(`/* ${family.brand} ${face.weight} in ${standIn.measureWith}: ${measured} */`);
      console.log(`@font-face {
  font-family: "${standIn.fallback}";
  font-weight: ${face.weight};
  src: ${face.local.map((name) => `local("${name}")`).join(", ")};
  size-adjust: ${percent(size)};
  ascent-override: ${percent(metrics.ascent / size)};
  descent-override: ${percent(metrics.descent / size)};
  line-gap-override: ${percent(metrics.lineGap / size)};
}`);
    }
}
