import type { IslandDictionary } from "../../core/i18n/en";
import type { Locale } from "../../core/locales";

/**
 * Each language's interface strings for the islands, as a file of their own, fetched when the
 * first island of a page hydrates (and prefetched with React when the browser is idle): one cached
 * file per language for the whole visit, instead of the same strings written into every page's
 * HTML. Each loader imports a module that re-exports only the islands' sections, so the sections
 * only the prerender writes (fee tables, page titles) stay out of the file.
 */
export const dictionaries: Record<Locale, () => Promise<IslandDictionary>> = {
  en: async () => (await import("./dictionary-en")).dictionary,
  es: async () => (await import("./dictionary-es")).dictionary,
};

/** The source module of a language's island dictionary, as the islands build's manifest names it. */
export function dictionaryModule(locale: Locale): string {
  return `site/islands/dictionary-${locale}.ts`;
}
