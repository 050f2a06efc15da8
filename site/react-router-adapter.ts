import type { EntryContext } from "react-router";

/**
 * Every place the site depends on how React Router works inside, rather than on its documented
 * API. React Router prerenders the pages; the site uses none of its browser client (the pages
 * hydrate as islands, see site/islands/), so three things it does for that client are undone
 * here, and nowhere else:
 *
 * - the document's hand-off of loader data to the client (`serverHandoffStream`, a field of the
 *   entry context the docs do not describe), which would follow `</html>`;
 * - the client's scripts in `assets/`, and one `.data` file per prerendered page (the client's
 *   navigation data);
 * - the SPA fallback document (`__spa-fallback.html`) it writes beside the prerendered pages.
 *
 * `checkRouterOutput` proves after every build that nothing of that client is left and that the
 * pages end at `</html>`; `scripts/router-upgrade-check.sh` runs the build and that check after
 * moving React Router to the newest release of its major (CI runs it weekly and on every update
 * of React Router), so an upgrade that changes any of this fails loudly, naming the assumption.
 */

/** The entry context without the data hand-off to React Router's own client. */
export function withoutClientHandoff(context: EntryContext): EntryContext {
  return { ...context, serverHandoffStream: undefined };
}

/** What React Router writes for its browser client, relative to build/client. */
export const routerClientOutput = {
  isScript: (relativePath: string) => relativePath.startsWith("assets/") && relativePath.endsWith(".js"),
  isPageData: (relativePath: string) => relativePath.endsWith(".data"),
  spaFallback: "__spa-fallback.html",
};

/**
 * The files of React Router's client among build/client's (relative paths), to delete. Throws
 * when React Router no longer writes what this expects: the build stops with the assumption that
 * changed, instead of quietly shipping (or quietly no longer removing) something.
 */
export function routerClientFiles(relativePaths: readonly string[]): string[] {
  const scripts = relativePaths.filter(routerClientOutput.isScript);
  const data = relativePaths.filter(routerClientOutput.isPageData);
  const fallback = relativePaths.filter((path) => path === routerClientOutput.spaFallback);
  const missing = [
    scripts.length === 0 && "no client scripts in assets/",
    data.length === 0 && "no .data file per prerendered page",
    fallback.length === 0 && `no ${routerClientOutput.spaFallback}`,
  ].filter(Boolean);
  if (missing.length)
    throw new Error(`React Router's build output changed (${missing.join("; ")}): review site/react-router-adapter.ts`);
  return [...scripts, ...data, ...fallback];
}

/** Markers of React Router's browser client in a page. */
const clientMarkers = ["__reactRouterContext", "__reactRouterManifest", "__reactRouterRouteModules", "entry.client"];

/**
 * What must hold of the finished site whatever React Router version built it: every page ends at
 * `</html>` and holds nothing of React Router's client, no `.data` file or fallback document is
 * left, and every script a page links or preloads is one the islands build made. `paths` are
 * build/client's files (relative), `read` gives a page's HTML, `scripts` the islands' files
 * (`/assets/…`). Returns the problems found.
 */
export function checkRouterOutput(
  paths: readonly string[],
  read: (relativePath: string) => string,
  scripts: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const path of paths) {
    if (routerClientOutput.isPageData(path) || path === routerClientOutput.spaFallback) {
      problems.push(`${path}: React Router's client output is left in the site`);
      continue;
    }
    if (!path.endsWith(".html")) continue;
    const html = read(path);
    if (!html.trimEnd().endsWith("</html>")) problems.push(`${path}: something follows </html>`);
    for (const marker of clientMarkers) if (html.includes(marker)) problems.push(`${path}: holds ${marker}`);
    for (const [, src] of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+)"/g))
      if (src && !scripts.has(src)) problems.push(`${path}: loads ${src}, which the islands build did not make`);
  }
  return problems;
}
