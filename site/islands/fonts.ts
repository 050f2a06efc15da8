import { fontsClass, fontsLoadedKey } from "../../core/site-paths";

/** One face of each brand font (each file is variable: every weight is in it). */
const brandFonts = ['1em "Inter Variable"', '1em "Source Serif 4 Variable"'];

/**
 * The brand fonts load after the first paint, so the largest text never waits on them: it paints
 * at once in the metric-matched fallbacks, and the fonts replace them together when both have
 * arrived (the same line metrics, so nothing moves). The browser keeps the files; the next page
 * applies them before its first paint (the inline script in root.tsx reads the key set here).
 */
export function loadBrandFonts(): void {
  const root = document.documentElement;
  if (root.classList.contains(fontsClass) || !("fonts" in document)) return;
  const load = () =>
    Promise.all(brandFonts.map((font) => document.fonts.load(font))).then(
      () => {
        root.classList.add(fontsClass);
        try {
          localStorage.setItem(fontsLoadedKey, "1");
        } catch {
          // Storage refused (private mode): the next page loads the fonts the same way.
        }
      },
      () => {},
    );
  afterFirstPaint(() => void load());
}

/** Once the first contentful paint has been presented (or after 3 s, if none is reported). */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(run, 0);
  };
  const observer =
    "PerformanceObserver" in window && PerformanceObserver.supportedEntryTypes?.includes("paint")
      ? new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) once();
        })
      : undefined;
  observer?.observe({ type: "paint", buffered: true });
  setTimeout(once, observer ? 3000 : 0);
}

/** The inline script of every page's head: brand fonts from the first paint once they are cached. */
export const fontsAlreadyLoadedScript = `try{localStorage.getItem("${fontsLoadedKey}")&&document.documentElement.classList.add("${fontsClass}")}catch(e){}`;
