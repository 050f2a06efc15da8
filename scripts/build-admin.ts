// The editor at /admin (build/client/admin/): its page, its script (the configuration generated
// from the content schemas, the previews rendered with the site's components) and Decap's
// standalone bundle. Run by the build after the pages; public pages never link any of it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { feesFileName } from "../core/fees";
import { escapeHtml } from "../core/html";
import { pagesOf } from "../core/routes";
import { cmsApiOrigins, cmsBackend, cmsLocalBackend } from "./cms-backend";
import { feeUsage } from "./fee-usage";
import { cmsConfig } from "../site/admin/cms-config";
import type { AdminSettings } from "../site/admin/admin";
import { daysBefore, staleReport } from "../core/facts-schema";
import { factsDir, loadFacts, pageReviews, pageTopics, today } from "./content-tools";

const buildDir = join(process.cwd(), process.env.BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
const adminDir = join(clientDir, "admin");
const decapDist = join(process.cwd(), "node_modules", "decap-cms", "dist");

const home = readFileSync(join(clientDir, "index.html"), "utf8");
const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
if (!stylesheet) throw new Error("admin: the home page links no stylesheet to preview with");

// Run again on a finished build (a new local-backend port, say), the compressed copies postbuild
// made would be served instead of the new files: they go, postbuild makes them again.
rmSync(adminDir, { recursive: true, force: true });
mkdirSync(adminDir, { recursive: true });
for (const name of readdirSync(decapDist))
  if (name.endsWith("decap-cms.js") || name.endsWith(".wasm"))
    copyFileSync(join(decapDist, name), join(adminDir, name));

await build({
  entryPoints: { admin: "site/admin/admin.ts" },
  outdir: adminDir,
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});

const categories = pagesOf("practice-category").map((page) => page.key.split("/").pop() ?? page.key);
const ledgerFiles = readdirSync(factsDir)
  .filter((name) => name.endsWith(".yaml") && name !== feesFileName)
  .sort();
const backend = cmsBackend();
const settings: AdminSettings = {
  config: cmsConfig(backend, cmsLocalBackend(), categories, ledgerFiles),
  stylesheet,
  feeUsage: feeUsage(),
};
// The editor's policy may connect only to the backend this page was built for (the server and the
// proxy's generated headers read this file).
writeFileSync(join(buildDir, "admin-csp.json"), JSON.stringify({ connect: cmsApiOrigins(backend) }));
// JSON in a data block is not executed: the page needs no inline-script hash. `<` is escaped so
// no value can close the element.
const json = JSON.stringify(settings).replace(/</g, "\\u003c");
const page = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>${body}</body>
</html>
`;
writeFileSync(
  join(adminDir, "index.html"),
  page(
    "Content editor",
    `<script type="application/json" id="cms-settings">${json}</script>\n<script type="module" src="/admin/admin.js"></script>`,
    "",
  ),
);
// What to re-check next, as `npm run content:stale` reports it, for editors who never open a terminal.
const report = staleReport(pageReviews(), loadFacts().files, daysBefore(today(), 180), pageTopics());
const item = (text: string) => `<li><label><input type="checkbox"> ${escapeHtml(text)}</label></li>`;
const list = (title: string, items: string[]) =>
  `<h2>${escapeHtml(title)} (${items.length})</h2>${items.length ? `<ul>${items.map(item).join("")}</ul>` : "<p>None.</p>"}`;
mkdirSync(join(adminDir, "stale"), { recursive: true });
writeFileSync(
  join(adminDir, "stale", "index.html"),
  page(
    "Content to re-check",
    `<link rel="stylesheet" href="${stylesheet}">`,
    `<main class="container-page py-10 prose-page"><h1>Content to re-check</h1>
<p>Reviewed or verified before ${report.cutoff} (more than 180 days before this build). Update the page or the fact in the <a href="/admin/">editor</a>, then set its date.</p>
${list(
  "Pages",
  report.pages.map((p) => `${p.updated} · ${p.locale} · ${p.key}`),
)}
${list(
  "Ledger facts",
  report.facts.map((f) => `${f.verified} · ${f.id} (${f.file}) · ${f.source}`),
)}
${list(
  "Pages relying on a stale fact",
  report.affected.map((a) => `${a.key}: ${a.facts.join(", ")}`),
)}
${list(
  "Topics with a stale development",
  report.topics.map((t) => `${t.topic}: ${t.facts.join(", ")} (pages: ${t.pages.join(", ") || "none"})`),
)}
</main>`,
  ),
);
