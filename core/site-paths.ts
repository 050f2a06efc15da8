import type { Locale } from "./locales";

/** Prerendered not-found pages the server answers with status 404 for unknown paths. */
export const notFoundPaths: Record<Locale, string> = { en: "/404", es: "/es/404" };

/** Static files that are not pages. */
export const staticPaths = {
  sitemapXml: "/sitemap.xml",
  robots: "/robots.txt",
  workbook: "/downloads/lfh-immigration-seo-workbook.pdf",
  shareImage: "/images/share-default.png",
  logo: "/images/logo.svg",
  /** The square raster logo (rendered by scripts/build-images.ts) that structured data names. */
  logoImage: "/apple-touch-icon.png",
  logoImageSize: 180,
  /** The site search (Pagefind): its script, index and WebAssembly, written by the build. */
  searchDir: "/pagefind",
  searchScript: "/pagefind/pagefind.js",
} as const;

/** The intake API (server/). */
export const apiPaths = { leads: "/api/leads", careers: "/api/careers", resumes: "/api/resumes" } as const;

export const languagePreferenceKey = "lfh-language";
/** Set once the brand fonts have loaded: later pages use them from the first paint if still cached. */
export const fontsLoadedKey = "lfh-fonts";
/** The class on `<html>` that switches text from the metric-matched fallbacks to the brand fonts. */
export const fontsClass = "fonts";
/** The class that asks for the brand fonts before the first paint, used only if already cached. */
export const fontsCachedClass = "fonts-cached";
/** `<html data-fonts="held">`: the brand fonts loaded but would have moved the screen, so this page keeps the fallbacks. */
export const fontsHeldValue = "held";
/** On a block that keeps the fallbacks because the brand fonts would break its lines differently (the rest of the page takes them). */
export const fontHeldAttribute = "data-font-held";
/** On a block set in the brand fonts with its letter spacing nudged so that its lines break as they did in the fallbacks. */
export const fontFittedAttribute = "data-font-fitted";
export const exitIntentKey = "exitIntentShown";
