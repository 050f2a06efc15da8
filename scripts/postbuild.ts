// After the React Router build: sitemap.xml and robots.txt from the route map, the CSP hashes of
// every page's inline executable scripts (build/csp-hashes.json, which the Node server turns into
// each page's Content-Security-Policy header; a static host needs its own header configuration),
// the site search's index, and brotli/gzip variants of every text file.
import { createHash } from "node:crypto";
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import * as pagefind from "pagefind";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Locale } from "../core/locales";
import { allPages, isIndexable } from "../core/routes";
import { absoluteUrl, alternates as languageAlternates } from "../core/seo";
import { staticPaths } from "../core/site-paths";
import { siteUrlFrom } from "../core/site-url";
import { loadContent } from "../site/content/load.server";
import { writeSearchAids } from "../site/content/search-aids.server";
import { islandsBuildDir } from "../site/lib/island-assets.server";
import { checkRouterOutput, routerClientFiles } from "../site/react-router-adapter";

const buildDir = join(process.cwd(), process.env.BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
let siteUrl: string;
try {
  siteUrl = siteUrlFrom(process.env.SITE_URL);
} catch (error) {
  console.error(`postbuild: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function sitemapXml(): string {
  const entries = allPages.filter(isIndexable).flatMap((page) =>
    (Object.entries(page.paths) as [Locale, string][]).map(([locale, path]) => {
      // The same alternates as the page's own head.
      const alternates = languageAlternates(siteUrl, page)
        .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${link.href}"/>`)
        .join("");
      const lastmod = loadContent(page.key, locale).data.updated;
      return `<url><loc>${absoluteUrl(siteUrl, path)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl(siteUrl, staticPaths.sitemapXml)}\n`;
}

/**
 * sha256 sources of a page's executable inline scripts, whatever the page loads them for. Data
 * blocks (JSON-LD, island props in `type="application/json"`, any other non-script type) are not
 * executed and need no hash; a page without inline scripts gets none.
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(match[1] ?? "")?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml());
writeFileSync(join(clientDir, "robots.txt"), robotsTxt());

/**
 * React Router builds the pages and, for its own client, scripts, a data file per page and a
 * fallback document. The pages do not use that client (their browser code is the islands build),
 * so those go and the islands' files take their place; see site/react-router-adapter.ts.
 */
function replaceClientScripts(): void {
  // The editor (admin/, scripts/build-admin.ts) is not React Router's output and loads its own scripts.
  const siteFiles = () =>
    walk(clientDir)
      .map((file) => relative(clientDir, file).split(sep).join("/"))
      .filter((path) => !path.startsWith("admin/"));
  const paths = siteFiles();
  for (const path of routerClientFiles(paths)) rmSync(join(clientDir, path));
  cpSync(join(islandsBuildDir, "assets"), join(clientDir, "assets"), { recursive: true });
  const islandScripts = new Set(
    walk(join(islandsBuildDir, "assets")).map((file) => `/assets/${relative(join(islandsBuildDir, "assets"), file)}`),
  );
  const remaining = siteFiles();
  const problems = checkRouterOutput(remaining, (path) => readFileSync(join(clientDir, path), "utf8"), islandScripts);
  if (problems.length) {
    console.error(`postbuild: the pages are not what the site ships:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
}

replaceClientScripts();

/**
 * The site search's index, one per language (Pagefind reads `<html lang>` and stems each
 * language's words), from the built pages' marked content (`data-pagefind-body`): written beside
 * the pages, loaded by the browser only when someone searches.
 */
async function indexForSearch(): Promise<number> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`search index: ${errors.join("; ")}`);
  const added = await index.addDirectory({ path: clientDir });
  if (added.errors.length) throw new Error(`search index: ${added.errors.join("; ")}`);
  const written = await index.writeFiles({ outputPath: join(clientDir, staticPaths.searchDir) });
  if (written.errors.length) throw new Error(`search index: ${written.errors.join("; ")}`);
  await pagefind.close();
  // The site has its own search form and searches on the page's thread: Pagefind's ready-made
  // interfaces and its worker are never loaded.
  for (const file of readdirSync(written.outputPath))
    if (/^pagefind-(.*ui|highlight|worker)\.(js|css)$/.test(file) || file === "wasm.unknown.pagefind")
      rmSync(join(written.outputPath, file));
  // Misspellings, synonyms and the other language's pages, read from the index just written.
  writeSearchAids(written.outputPath, join(process.cwd(), "content"));
  return added.page_count;
}
const searchedPages = await indexForSearch();

const hashes: Record<string, string[]> = {};
const files = walk(clientDir);
for (const file of files.filter((f) => f.endsWith(".html"))) {
  const html = readFileSync(file, "utf8");
  hashes[`/${relative(clientDir, file)}`] = inlineScriptHashes(html);
}
writeFileSync(join(buildDir, "csp-hashes.json"), JSON.stringify(hashes));

let compressed = 0;
for (const file of files) {
  if (!/\.(html|js|css|json|svg|xml|txt)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  compressed++;
}
console.log(
  `postbuild: ${Object.keys(hashes).length} pages (${searchedPages} in the search index), sitemap and robots written, ${compressed} files precompressed`,
);
