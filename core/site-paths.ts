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
/** Set once the brand fonts are in the browser's cache: later pages ask for them before their first paint. */
export const fontsLoadedKey = "lfh-fonts";
/** The class on `<html>` that names the brand fonts (used only if already cached) before the metric-matched fallbacks. */
export const fontsClass = "fonts";
export const exitIntentKey = "exitIntentShown";
