// `npm run bench:fonts`: opens every built page as a first visit (empty cache and storage) on a
// phone-sized screen and prints how the brand fonts arrived: on the whole page, on all but some
// blocks that keep their fallbacks (their lines would break differently even with their letter
// spacing nudged), or nowhere (the page kept its fallbacks), with the layout shift the page recorded after the fonts were applied. It
// prints figures; it is not a test. `-- --width 1280` measures a desktop screen; `-- --only
// <text>` only the pages whose path holds the text.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./bench-support.mjs";

const { values } = parseArgs({ options: { width: { type: "string" }, only: { type: "string" } } });
const width = Number(values.width ?? 412);
const port = Number(process.env.BENCH_PORT ?? 4394);
const base = `http://127.0.0.1:${port}`;

/** Every prerendered page, by its path. */
function pagePaths(dir = "build/client") {
  const paths = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.name !== "index.html") continue;
    const path = "/" + relative("build/client", entry.parentPath ?? entry.path).replaceAll("\\", "/");
    if (path.startsWith("/admin")) continue;
    paths.push(path === "/" ? "/" : path.replace(/\/$/, ""));
  }
  return paths.filter((path) => !values.only || path.includes(values.only)).sort();
}

const dir = mkdtempSync(join(tmpdir(), "bench-fonts-"));
const server = await startBuiltServer(port, dir);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const mobile = width < 800;

async function measure(path) {
  const context = await browser.newContext({
    viewport: { width, height: mobile ? 823 : 900 },
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: mobile ? 1.75 : 1,
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // Layout shift from the moment the brand fonts were applied (earlier shifts are not theirs).
    const v = window;
    v.benchShift = 0;
    new MutationObserver((_, observer) => {
      if (!document.documentElement.classList.contains("fonts")) return;
      observer.disconnect();
      v.benchSwap = performance.now();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!entry.hadRecentInput && v.benchSwap !== undefined && entry.startTime >= v.benchSwap - 1)
          v.benchShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(base + path);
  await page.locator('html.fonts, html[data-fonts="held"]').waitFor({ state: "attached", timeout: 20_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const result = await page.evaluate(() => ({
    whole: document.documentElement.dataset.fonts === "held",
    held: [...document.querySelectorAll("[data-font-held]")].map(
      (block) => `${block.tagName.toLowerCase()} "${(block.textContent ?? "").trim().slice(0, 40)}"`,
    ),
    fitted: document.querySelectorAll("[data-font-fitted]").length,
    shift: window.benchShift,
  }));
  await context.close();
  return { path, ...result };
}

const results = [];
const queue = pagePaths();
const total = queue.length;
await Promise.all(
  [0, 1].map(async () => {
    for (let path = queue.shift(); path; path = queue.shift()) results.push(await measure(path));
  }),
);
await browser.close();
server.kill();
rmSync(dir, { recursive: true, force: true });

results.sort((a, b) => a.path.localeCompare(b.path));
for (const r of results) {
  if (!r.whole && r.held.length === 0 && r.fitted === 0 && r.shift < 0.0005) continue;
  const outcome = r.whole ? "fallbacks kept" : r.held.length ? `${r.held.length} held: ${r.held.join("; ")}` : "brand";
  console.log(`${r.path}  ${outcome}  ${r.fitted} fitted  shift ${r.shift.toFixed(4)}`);
}
const whole = results.filter((r) => r.whole).length;
const partly = results.filter((r) => !r.whole && r.held.length > 0).length;
const maxShift = Math.max(...results.map((r) => r.shift));
console.log(
  `\n${total} pages at ${width} px: ${total - whole - partly} all in the brand fonts, ${partly} with some blocks ` +
    `in the fallbacks (${results.reduce((n, r) => n + (r.whole ? 0 : r.held.length), 0)} blocks), ` +
    `${whole} kept the fallbacks; ${results.reduce((n, r) => n + (r.whole ? 0 : r.fitted), 0)} blocks in the brand ` +
    `fonts with their letter spacing nudged; largest layout shift ${maxShift.toFixed(4)}`,
);
