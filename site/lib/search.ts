/**
 * The site search in the browser: Pagefind's script, its WebAssembly and the index of the page's
 * language (Pagefind picks it from `<html lang>`) load on the first search, never before; so do
 * the aids the build wrote beside it (core/search-aids.ts: misspellings, synonyms, the other
 * languages' pages), the other languages' only for a query that may be in one of them.
 */
import { alternates, type Locale } from "../../core/locales";
import { normalizeQuery } from "../../core/search";
import {
  aidsFile,
  bestPageFor,
  hasUnknownWord,
  planQuery,
  searchConcepts,
  type LanguageAids,
  type SearchAids,
} from "../../core/search-aids";
import { staticPaths } from "../../core/site-paths";

export interface SearchHit {
  url: string;
  title: string;
  /** Pagefind's excerpt: escaped text with the matched words in `<mark>`. */
  excerpt: string;
}

interface PagefindResult {
  id: string;
  score: number;
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

const aids = new Map<Locale, Promise<SearchAids | undefined>>();

/** A language's aids; without them (a moment offline) the search still runs, as typed. */
function aidsOf(locale: Locale): Promise<SearchAids | undefined> {
  let loading = aids.get(locale);
  if (!loading) {
    loading = Promise.resolve(`${staticPaths.searchDir}/${aidsFile(locale)}`)
      .then((url) => fetch(url))
      .then(
        async (response) => (response.ok ? ((await response.json()) as SearchAids) : undefined),
        () => undefined,
      );
    loading.then(
      (loaded) => loaded || aids.delete(locale),
      () => aids.delete(locale),
    );
    aids.set(locale, loading);
  }
  return loading;
}

/** What a search found, and what it made of the query. */
export interface SearchAnswer {
  total: number;
  hits: SearchHit[];
  /** The query searched instead of a misspelled one. */
  corrected?: string;
  /** For a query in another language: that language's best page for it. */
  offer?: { url: string; title: string; locale: Locale };
}

/** The best matches first, at most `limit`. */
export async function searchSite(query: string, locale: Locale, limit = 10): Promise<SearchAnswer> {
  if (!normalizeQuery(query)) return { total: 0, hits: [] };
  const [engine, own] = await Promise.all([pagefind(), aidsOf(locale)]);
  const others = own ? await otherAids(query, own, locale) : [];
  const plan = own ? planQuery(query, own, others) : undefined;
  const term = normalizeQuery(plan?.term ?? query);
  const results = plan?.concepts
    ? await searchConcepts(plan.concepts, async (alternative) =>
        (await engine.search(normalizeQuery(alternative))).results.map((result) => ({
          id: result.id,
          score: result.score,
          result,
        })),
      )
    : (await engine.search(term)).results;
  const offerLocale = plan?.otherLanguage;
  const other = others.find((found) => found.locale === offerLocale);
  const offered = other && bestPageFor(query, other.aids);
  const hits = await Promise.all(
    results.slice(0, limit).map(async (result) => {
      const data = await result.data();
      return { url: pagePath(data.url), title: data.meta.title ?? data.url, excerpt: data.excerpt };
    }),
  );
  return {
    total: results.length,
    hits,
    ...(plan?.corrected ? { corrected: plan.corrected } : {}),
    ...(offered && offerLocale ? { offer: { url: offered.url, title: offered.title, locale: offerLocale } } : {}),
  };
}

/**
 * Every other language's aids, fetched only when a word of the query is not this language's: a
 * query in the page's own language costs no fetch, one in another language one per alternate.
 */
async function otherAids(query: string, own: SearchAids, locale: Locale): Promise<LanguageAids[]> {
  if (!hasUnknownWord(query, own)) return [];
  const loaded = await Promise.all(
    alternates(locale).map(async (other) => ({ locale: other, aids: await aidsOf(other) })),
  );
  return loaded.flatMap(({ locale: other, aids }) => (aids ? [{ locale: other, aids }] : []));
}
