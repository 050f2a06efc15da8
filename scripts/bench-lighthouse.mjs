// `npm run bench:lighthouse`: Lighthouse (mobile, default simulated throttling: slow 4G, 4x CPU)
// on home, a practice page, an article and contact in both languages, against the built server
// on loopback. Prints the median of RUNS runs per page: the four category scores, LCP, TBT, CLS,
// FCP, the largest paint's lag behind the first (the median of each run's LCP - FCP) and the
// script transferred.
//
//   npm run bench:lighthouse                       our default pages
//   npm run bench:lighthouse -- /path /other       other pages of ours
//   npm run bench:lighthouse -- --compare http://127.0.0.1:4500 [--compare-paths /,/blog/post-1/]
//                                                  also a second site, interleaved run by run with
//                                                  ours (a busy machine moves blocking time a lot)
// RUNS=3 by default.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./bench-support.mjs";

const port = Number(process.env.BENCH_PORT ?? 4391);
const runs = Number(process.env.RUNS ?? 3);
const defaultPages = [
  "/",
  "/es",
  "/practice-areas/employment-based/h-1b-temporary-worker",
  "/es/areas-de-practica/inmigracion-laboral/h-1b-trabajador-temporal",
  "/blog/vawa-green-cards-guide",
  "/es/blog/guia-green-cards-vawa",
  "/contact",
  "/es/contacto",
];

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const compare = option("--compare")?.replace(/\/+$/, "");
const comparePaths = (option("--compare-paths") ?? "/,/blog/post-1/,/contact/,/fr/").split(",");
const ourPages = args.length ? args : defaultPages;

const dir = mkdtempSync(join(tmpdir(), "lfh-bench-lh-"));
const server = await startBuiltServer(port, dir);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

let lighthouseVersion = "";

/** One Lighthouse run; a run that could not compute a metric (runtimeError) is repeated once. */
async function measure(url) {
  const audit = () =>
    lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      // Every run a first visit, as on a fresh profile: Lighthouse empties the HTTP cache but by
      // default keeps local storage, so every page after the first would otherwise open with an
      // earlier page's records and none of the files they describe (a state no visitor has).
      clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage"],
    });
  let { lhr } = await audit();
  if (lhr.runtimeError || lhr.audits["cumulative-layout-shift"].numericValue === undefined) ({ lhr } = await audit());
  lighthouseVersion = lhr.lighthouseVersion;
  const c = lhr.categories;
  const a = lhr.audits;
  const script = a["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script")?.transferSize ?? 0;
  const failing = Object.entries(c)
    .filter(([name, category]) => name !== "performance" && (category.score ?? 0) < 1)
    .flatMap(([name, category]) =>
      category.auditRefs.filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1).map((r) => `${name}: ${r.id}`),
    );
  return {
    perf: (c.performance.score ?? 0) * 100,
    a11y: (c.accessibility.score ?? 0) * 100,
    best: (c["best-practices"].score ?? 0) * 100,
    seo: (c.seo.score ?? 0) * 100,
    lcp: a["largest-contentful-paint"].numericValue ?? NaN,
    tbt: a["total-blocking-time"].numericValue ?? NaN,
    cls: a["cumulative-layout-shift"].numericValue ?? NaN,
    fcp: a["first-contentful-paint"].numericValue ?? NaN,
    gap: (a["largest-contentful-paint"].numericValue ?? NaN) - (a["first-contentful-paint"].numericValue ?? NaN),
    script: script / 1024,
    failing,
  };
}

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
};

const targets = [
  ...ourPages.map((path) => ({ site: "ours", label: path, url: `http://127.0.0.1:${port}${path}` })),
  ...(compare ? comparePaths.map((path) => ({ site: "peer", label: path, url: `${compare}${path}` })) : []),
];
const results = new Map(targets.map((t) => [t.url, []]));
try {
  for (let run = 0; run < runs; run++) {
    // Interleaved: ours and the peer's pages alternate, so both see the same machine load.
    const ours = targets.filter((t) => t.site === "ours");
    const peer = targets.filter((t) => t.site === "peer");
    for (let i = 0; i < Math.max(ours.length, peer.length); i++)
      for (const target of [ours[i], peer[i]]) if (target) results.get(target.url).push(await measure(target.url));
  }
} finally {
  chrome.kill();
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}

const col = (value, digits, width) => (Number.isNaN(value) ? "n/a" : value.toFixed(digits)).padStart(width);
console.log(`median of ${runs} run(s), Lighthouse ${lighthouseVersion} mobile`);
console.log("site  perf  a11y  best   seo   LCP ms  TBT ms    CLS   FCP ms  LCP-FCP  script KB  page");
const worst = { ours: 100, peer: 100 };
for (const target of targets) {
  const list = results.get(target.url);
  const m = (key) => median(list.map((r) => r[key]));
  worst[target.site] = Math.min(worst[target.site], m("perf"));
  console.log(
    `${target.site.padEnd(4)}  ${col(m("perf"), 0, 4)}  ${col(m("a11y"), 0, 4)}  ${col(m("best"), 0, 4)}  ${col(m("seo"), 0, 4)}` +
      `  ${col(m("lcp"), 0, 7)}  ${col(m("tbt"), 0, 6)}  ${col(m("cls"), 3, 6)}  ${col(m("fcp"), 0, 7)}  ${col(m("gap"), 0, 7)}  ${col(m("script"), 1, 9)}  ${target.label}`,
  );
  for (const failing of new Set(list.flatMap((r) => r.failing))) console.log(`        ${failing}`);
}
console.log(`lowest median performance: ours ${worst.ours}${compare ? `, peer ${worst.peer}` : ""}`);
