// `npm run bench:lighthouse`: Lighthouse (mobile, default simulated throttling) on home, a practice
// page, an article and contact in both languages, against the built server on loopback.
// Prints the four category scores and LCP / TBT / CLS per page. Target: performance 95+, others 100.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const port = Number(process.env.BENCH_PORT ?? 4391);
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
/** `npm run bench:lighthouse -- /some/path ...` measures other pages. */
const pages = process.argv.length > 2 ? process.argv.slice(2) : defaultPages;
const dir = mkdtempSync(join(tmpdir(), "lfh-bench-lh-"));
const server = spawn(process.execPath, ["build/node/main.mjs"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "leads.db")}` },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve, reject) => {
  server.stdout.on("data", (chunk) => String(chunk).includes('"listening"') && resolve());
  server.on("exit", (code) => reject(new Error(`server exited with ${code}; run npm run build first`)));
});

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

const pct = (score) => (score === null || score === undefined ? " n/a" : String(Math.round(score * 100)).padStart(4));
const metric = (audit, digits) => (audit?.numericValue === undefined ? "n/a" : audit.numericValue.toFixed(digits));
console.log("perf  a11y  best   seo    LCP ms  TBT ms    CLS  page");
let worst = 100;
try {
  for (const path of pages) {
    const audit = () =>
      lighthouse(`http://127.0.0.1:${port}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
    // A run in which Lighthouse could not compute a metric (it says so in runtimeError) is repeated once.
    let { lhr } = await audit();
    if (lhr.runtimeError || lhr.audits["cumulative-layout-shift"].numericValue === undefined) ({ lhr } = await audit());
    const c = lhr.categories;
    const a = lhr.audits;
    worst = Math.min(worst, Math.round((c.performance.score ?? 0) * 100));
    console.log(
      `${pct(c.performance.score)}  ${pct(c.accessibility.score)}  ${pct(c["best-practices"].score)}  ${pct(c.seo.score)}  ` +
        `${metric(a["largest-contentful-paint"], 0).padStart(8)}  ${metric(a["total-blocking-time"], 0).padStart(6)}  ` +
        `${metric(a["cumulative-layout-shift"], 3).padStart(6)}  ${path}`,
    );
    for (const [name, category] of Object.entries(c))
      if ((category.score ?? 0) < 1 && name !== "performance")
        for (const ref of category.auditRefs)
          if (ref.weight > 0 && (a[ref.id]?.score ?? 1) < 1) console.log(`      ${name}: ${ref.id}`);
  }
} finally {
  chrome.kill();
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
console.log(`lowest performance score: ${worst}`);
