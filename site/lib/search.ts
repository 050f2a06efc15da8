/**
 * The site search in the browser: Pagefind's script, its WebAssembly and the index of the page's
 * language (Pagefind picks it from `<html lang>`) load on the first search, never before.
 */
import { normalizeQuery } from "../../core/search";
import { staticPaths } from "../../core/site-paths";

export interface SearchHit {
  url: string;
  title: string;
  /** Pagefind's excerpt: escaped text with the matched words in `<mark>`. */
  excerpt: string;
}

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options(options: { excerptLength: number; noWorker: boolean }): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: PagefindResult[] }>;
}

function isPagefind(module: unknown): module is Pagefind {
  return typeof module === "object" && module !== null && "search" in module && typeof module.search === "function";
}

let loaded: Promise<Pagefind> | undefined;

function pagefind(): Promise<Pagefind> {
  loaded ??= import(/* @vite-ignore */ staticPaths.searchScript).then(async (module: unknown) => {
    if (!isPagefind(module)) throw new Error("search index unavailable");
    // On the page's own thread: a worker would need a policy of its own to fetch the index, and
    // one language's index of some eighty pages searches in a few milliseconds.
    await module.options({ excerptLength: 22, noWorker: true });
    await module.init();
    return module;
  });
  // A failed load (offline for a moment) is tried again on the next search.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** A clean URL of the site: Pagefind reports `/page/` for `page/index.html`. */
function pagePath(url: string): string {
  return url.length > 1 ? url.replace(/\/$/, "") : url;
}

/** The best matches first, at most `limit`. */
export async function searchSite(query: string, limit = 10): Promise<{ total: number; hits: SearchHit[] }> {
  const term = normalizeQuery(query);
  if (!term) return { total: 0, hits: [] };
  const { results } = await (await pagefind()).search(term);
  const hits = await Promise.all(
    results.slice(0, limit).map(async (result) => {
      const data = await result.data();
      return { url: pagePath(data.url), title: data.meta.title ?? data.url, excerpt: data.excerpt };
    }),
  );
  return { total: results.length, hits };
}
