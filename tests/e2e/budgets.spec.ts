import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { everyPage } from "./pages";

/** DESIGN.md budgets: first-load JavaScript at most 110 KB gzip, CSS at most 20 KB gzip, per page. */
const jsBudget = 110 * 1024;
const cssBudget = 20 * 1024;
const client = join(process.cwd(), "build/client");

const gzipSize = (asset: string) => gzipSync(readFileSync(join(client, asset)), { level: 9 }).length;

function firstLoad(html: string) {
  const js = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/import (?:\* as \w+ from )?"([^"]+\.js)"/g)) js.add(m[1]!);
  const css = new Set<string>([...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => m[1]!));
  return { js: [...js], css: [...css] };
}

test("every page's first-load JavaScript and CSS stay within budget", () => {
  test.skip(!existsSync(client), "no build");
  const over: string[] = [];
  let largest = { path: "", js: 0, css: 0 };
  for (const { path } of everyPage) {
    const file = join(client, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
    const assets = firstLoad(readFileSync(file, "utf8"));
    const js = assets.js.reduce((sum, a) => sum + gzipSize(a), 0);
    const css = assets.css.reduce((sum, a) => sum + gzipSize(a), 0);
    if (js > largest.js) largest = { path, js, css };
    if (js > jsBudget || css > cssBudget) over.push(`${path}: JS ${js} B, CSS ${css} B`);
    expect(assets.js.length).toBeGreaterThan(0);
  }
  console.log(
    `largest first load: ${largest.path} JS ${(largest.js / 1024).toFixed(1)} KB gzip, CSS ${(largest.css / 1024).toFixed(1)} KB gzip`,
  );
  expect(over).toEqual([]);
});
