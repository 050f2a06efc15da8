import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import type { Context } from "hono";
import { localeFromPath } from "../core/locales";
import { isSameSitePath, legacyRedirect } from "../core/redirects";
import { notFoundPaths } from "../core/site-paths";
import { log } from "./log";

/** The Content-Type of each file the site has, by extension (the reverse proxy is given the same list). */
export const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json",
};

interface StaticFile {
  body: Buffer<ArrayBuffer>;
  br?: Buffer<ArrayBuffer>;
  gzip?: Buffer<ArrayBuffer>;
  type: string;
  /** An HTML file's Content-Security-Policy, worked out once. */
  csp?: string;
}

/** How long browsers and caches may keep a redirect: a day, so a changed target takes effect. */
const redirectCacheControl = "public, max-age=86400";

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : entry.isFile() ? [full] : [];
  });
}

/**
 * Serves the prerendered site from build/client: clean URLs map to `{path}/index.html`,
 * precompressed variants are preferred, unknown paths get the localized not-found page with
 * status 404, and legacy URLs, the /en prefix and trailing slashes answer 301.
 *
 * The build's file list is read once at start: only those files are ever read or cached, so
 * memory is bounded by the size of the build whatever paths are requested, and no request for an
 * unknown path touches the disk.
 */
export function createSiteHandler(clientDir: string, csp: (htmlFile: string) => string) {
  const all = listFiles(clientDir).map((file) => `/${relative(clientDir, file).split(sep).join("/")}`);
  const present = new Set(all);
  const known = new Set(all.filter((file) => !file.endsWith(".br") && !file.endsWith(".gz")));
  const cache = new Map<string, StaticFile>();

  function load(relativePath: string): StaticFile | null {
    if (!known.has(relativePath)) return null;
    const cached = cache.get(relativePath);
    if (cached) return cached;
    const file = join(clientDir, relativePath);
    const variant = (suffix: string) => (present.has(relativePath + suffix) ? readFileSync(file + suffix) : undefined);
    const br = variant(".br");
    const gzip = variant(".gz");
    const type = contentTypes[extname(file)] ?? "application/octet-stream";
    const found: StaticFile = {
      body: readFileSync(file),
      type,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
      ...(type.startsWith("text/html") ? { csp: csp(relativePath) } : {}),
    };
    cache.set(relativePath, found);
    return found;
  }

  function respond(c: Context, filePath: string, file: StaticFile, status: 200 | 404): Response {
    const accept = c.req.header("accept-encoding") ?? "";
    const headers = new Headers({ "Content-Type": file.type, Vary: "Accept-Encoding" });
    let body = file.body;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      headers.set("Content-Encoding", "br");
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      headers.set("Content-Encoding", "gzip");
    }
    if (filePath.startsWith("/assets/")) headers.set("Cache-Control", "public, max-age=31536000, immutable");
    else if (file.type.startsWith("text/html")) headers.set("Cache-Control", "public, max-age=0, must-revalidate");
    else headers.set("Cache-Control", "public, max-age=86400");
    if (file.csp) headers.set("Content-Security-Policy", file.csp);
    headers.set("Content-Length", String(body.length));
    // The cached bytes are sent as they are: no copy per response.
    return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
  }

  return function handle(c: Context): Response {
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = "/__invalid__";
    }
    const redirect = legacyRedirect(pathname);
    if (redirect && isSameSitePath(redirect)) {
      c.header("Cache-Control", redirectCacheControl);
      return c.redirect(`${encodeURI(redirect)}${url.search}`, 301);
    }
    const candidates = extname(pathname) ? [pathname] : [pathname === "/" ? "/index.html" : `${pathname}/index.html`];
    for (const filePath of candidates) {
      const file = load(filePath);
      if (file) return respond(c, filePath, file, 200);
    }
    const notFound = `${notFoundPaths[localeFromPath(pathname)]}/index.html`;
    const page = load(notFound);
    if (page) return respond(c, notFound, page, 404);
    return c.text("Not found", 404);
  };
}

/** The file the build writes last (scripts/build.mjs): a new value means a whole new build is in place. */
export const buildIdFileName = "build-id";

function readBuildId(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

export interface RebuildingSiteOptions {
  clientDir: string;
  /** The pages' policies, read again from each new build (its inline-script hashes change). */
  csp: () => (htmlFile: string) => string;
  /** build/build-id. */
  buildIdFile: string;
  /** How often a request may look for a new build: at most one file read per interval. */
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * The site handler of the newest finished build. `npm run build` in another terminal replaces
 * build/client while `npm start` (or `npm run cms`) keeps serving: a page added since the server
 * started would answer 404 until a restart, because the file list is read once. The build writes
 * its id last, so a changed id means the new files are all there: the next request after it reads
 * the new file list and policies, and drops the old cache. A build that cannot be read keeps the
 * one already served.
 */
export function createRebuildingSiteHandler({
  clientDir,
  csp,
  buildIdFile,
  checkEveryMs = 1000,
  now = Date.now,
}: RebuildingSiteOptions): (c: Context) => Response {
  let id = readBuildId(buildIdFile);
  let handler = createSiteHandler(clientDir, csp());
  let checked = now();
  return (c) => {
    if (now() - checked >= checkEveryMs) {
      checked = now();
      const latest = readBuildId(buildIdFile);
      if (latest !== undefined && latest !== id) {
        // Tried once per build id: a build that cannot be served is not retried every second.
        id = latest;
        try {
          handler = createSiteHandler(clientDir, csp());
          log("site.reloaded", { build: latest });
        } catch (error) {
          log("site.reload_failed", { build: latest, message: (error as Error).message.slice(0, 200) });
        }
      }
    }
    return handler(c);
  };
}
