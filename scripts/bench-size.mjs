// `npm run bench:size`: first-load JavaScript and CSS (gzip) of every prerendered page, largest first.
// The budgets themselves (110 KB JS, 20 KB CSS) are enforced by tests/e2e/budgets.spec.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const client = join(process.cwd(), "build/client");
const gz = new Map();
const gzipSize = (asset) => {
  if (!gz.has(asset)) gz.set(asset, gzipSync(readFileSync(join(client, asset)), { level: 9 }).length);
  return gz.get(asset);
};
const pages = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (name === "index.html") pages.push(file);
  }
};
walk(client);
const rows = pages.map((file) => {
  const html = readFileSync(file, "utf8");
  const js = new Set([
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/import (?:\* as \w+ from )?"([^"]+\.js)"/g)].map((m) => m[1]),
  ]);
  const css = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => m[1]));
  const sum = (set) => [...set].reduce((total, asset) => total + gzipSize(asset), 0);
  return {
    page: "/" + relative(client, file).replace(/\/?index\.html$/, ""),
    js: sum(js),
    css: sum(css),
    html: gzipSync(html).length,
  };
});
rows.sort((a, b) => b.js - a.js);
const kb = (n) => (n / 1024).toFixed(1).padStart(6);
console.log("JS KB  CSS KB  HTML KB  page (gzip)");
for (const r of rows.slice(0, 10)) console.log(`${kb(r.js)}  ${kb(r.css)}  ${kb(r.html)}  ${r.page}`);
console.log(
  `${rows.length} pages; largest first-load JS ${kb(rows[0].js).trim()} KB (budget 110), CSS ${kb(Math.max(...rows.map((r) => r.css))).trim()} KB (budget 20)`,
);
