// `npm run bench:size`: what each kind of page downloads before the visitor touches it — script
// and CSS, compressed as sent — measured in Chromium against the built server, at phone and
// desktop widths. The budgets are enforced by tests/e2e/budgets.spec.ts.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { firstLoadBudget, measureFirstLoad, pagePerKind } from "./first-load";

const port = Number(process.env.BENCH_PORT ?? 4392);
const dir = mkdtempSync(join(tmpdir(), "lfh-bench-size-"));
const server = spawn(process.execPath, ["build/node/main.mjs"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "leads.db")}` },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  server.stdout.on("data", (chunk: Buffer) => {
    if (String(chunk).includes('"listening"')) resolve();
  });
  server.on("exit", (code) => reject(new Error(`server exited with ${code}; run npm run build first`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
let largest = { script: 0, css: 0 };
try {
  console.log("phone JS  desktop JS  CSS KB  kind  page");
  for (const { kind, path } of pagePerKind()) {
    const row: number[] = [];
    let css = 0;
    for (const viewport of [
      { width: 375, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      const page = await browser.newPage({ viewport });
      const load = await measureFirstLoad(page, `http://127.0.0.1:${port}${path}`);
      row.push(load.script);
      css = Math.max(css, load.css);
      await page.close();
    }
    largest = { script: Math.max(largest.script, ...row), css: Math.max(largest.css, css) };
    console.log(`${kb(row[0] ?? 0)}  ${kb(row[1] ?? 0).padStart(10)}  ${kb(css)}  ${kind}  ${path}`);
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `largest first-load script ${kb(largest.script).trim()} KB (budget ${firstLoadBudget.script / 1024}), ` +
    `CSS ${kb(largest.css).trim()} KB (budget ${firstLoadBudget.css / 1024})`,
);
