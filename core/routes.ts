import { contentPages } from "./content-pages.generated";
import { careersPaths, type ContentKind } from "./content-kinds";
import { fixedPages, type FixedPageKind } from "./fixed-pages";
import { localeFromPath, type Locale } from "./locales";

export { blogPaths, careersPaths, firmPaths, practiceRoot } from "./content-kinds";

/**
 * The route map: the one source of every URL of the site. Router, language switch, hreflang,
 * sitemap.xml, the HTML sitemap, redirects and tests all read it. It is the fixed pages
 * (core/fixed-pages.ts) plus the pages content declares (`kind` and `slug` in their front
 * matter), which `scripts/content-routes.ts` collects into core/content-pages.generated.ts at
 * build, typecheck and test time.
 *
 * A page is identified by its key, which is also the path of its content file under
 * `content/{locale}/{key}.md`.
 */
export type PageKind = FixedPageKind | ContentKind;

/** Keys of the fixed pages and of the content pages the last scan found. */
export type PageKey = (typeof fixedPages)[number]["key"] | (typeof contentPages)[number]["key"];

export interface Page {
  key: PageKey;
  kind: PageKind;
  paths: Partial<Record<Locale, string>>;
  /** For a page that repeats another page's topic: the key of the primary page (canonical). */
  canonicalKey?: PageKey;
  /** Former paths (renamed slugs), answered with a 301 to the page's path in the same language. */
  previousPaths?: readonly string[];
}

export const allPages: readonly Page[] = [...fixedPages, ...contentPages];

const byKey = new Map<string, Page>(allPages.map((page) => [page.key, page]));
const byPath = new Map<string, { page: Page; locale: Locale }>();
for (const page of allPages) {
  for (const [locale, path] of Object.entries(page.paths) as [Locale, string][]) {
    const taken = byPath.get(path);
    if (taken) throw new Error(`Route map: ${path} is the path of both ${taken.page.key} and ${page.key}`);
    byPath.set(path, { page, locale });
  }
}

/** Whether a string names a page of the route map: content keys (related, focus) are checked with it. */
export function isPageKey(key: string): key is PageKey {
  return byKey.has(key);
}

export function pageByKey(key: string): Page | undefined {
  return byKey.get(key);
}

export function pageByPath(pathname: string): { page: Page; locale: Locale } | undefined {
  return byPath.get(pathname);
}

/** A key read from content (related pages, focus areas) as a route-map key; throws for one the map lacks. */
export function keyOf(key: string): PageKey {
  if (!isPageKey(key)) throw new Error(`Unknown page key: ${key}`);
  return key;
}

/** The path of a page in a language; throws for a key the map lacks, so a stale key fails the build. */
export function pathOf(key: PageKey, locale: Locale): string {
  const page = byKey.get(key);
  if (!page) throw new Error(`Unknown page key: ${key}`);
  return page.paths[locale] ?? page.paths.en ?? "/";
}

/** Pages whose content is their own: the ones that canonicalise to another page are excluded. */
export function isIndexable(page: Page): boolean {
  return page.canonicalKey === undefined && page.kind !== "legal";
}

/** The pages of one kind, in route-map order. */
export function pagesOf(kind: PageKind): Page[] {
  return allPages.filter((page) => page.kind === kind);
}

export const homePath = (locale: Locale) => pathOf("home", locale);

const joinOurTeamPrefixes = Object.values(careersPaths);

/** Whether an internal path is a page of the site (job postings count by their prefix: new postings appear before a rebuild). */
export function isKnownPath(pathname: string): boolean {
  const path = stripTrailingSlash(pathname);
  return byPath.has(path) || joinOurTeamPrefixes.some((prefix) => path.startsWith(`${prefix}/`));
}

/** Walks back over the slashes (a pattern anchored at the end would retry every run of them). */
export function stripTrailingSlash(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === "/") end--;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}

/** The current page in `target`; a page without counterpart maps to that language's home. */
export function counterpartPath(pathname: string, target: Locale): string {
  const found = byPath.get(stripTrailingSlash(pathname));
  return found?.page.paths[target] ?? homePath(target);
}

/** Every former path of a content page with the path it moved to (same language). */
export function renamedPaths(): Map<string, string> {
  const moved = new Map<string, string>();
  for (const page of allPages)
    for (const previous of page.previousPaths ?? []) {
      const now = page.paths[localeFromPath(previous)];
      if (now) moved.set(previous, now);
    }
  return moved;
}
