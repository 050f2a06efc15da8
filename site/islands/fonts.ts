import { fontsClass, fontsLoadedKey } from "../../core/site-paths";

/** One face of each brand font (each file is variable: every weight is in it). */
const brandFonts = ['1em "Inter Variable"', '1em "Source Serif 4 Variable"'];

/**
 * A page is set in the brand fonts only if the browser already has them when it first paints
 * (`html.fonts`, set by the inline script below, names faces with `font-display: optional`: a
 * cache that lost them costs no wait and no swap). Otherwise the page keeps its metric-matched
 * fallbacks to the end, so a font never delays the first or largest paint and never moves text
 * under the reader; once the page has loaded, this fetches the two files into the browser's cache
 * without applying them, and records that the next page may ask for them.
 */
export function loadBrandFonts(): void {
  if (document.documentElement.classList.contains(fontsClass) || !("fonts" in document)) return;
  const cache = () =>
    void Promise.all(brandFonts.map((font) => document.fonts.load(font))).then(
      () => {
        try {
          localStorage.setItem(fontsLoadedKey, "1");
        } catch {
          // Storage refused (private mode): the next page fetches the fonts the same way.
        }
      },
      () => {},
    );
  // After the load event, so the files never compete with what the page itself shows.
  if (document.readyState === "complete") setTimeout(cache, 0);
  else window.addEventListener("load", () => setTimeout(cache, 0), { once: true });
}

/** The inline script of every page's head: the brand fonts from the first paint once they are cached. */
export const fontsAlreadyLoadedScript = `try{localStorage.getItem("${fontsLoadedKey}")&&document.documentElement.classList.add("${fontsClass}")}catch(e){}`;
