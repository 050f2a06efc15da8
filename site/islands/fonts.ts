import { fontsCachedClass, fontsClass, fontsHeldValue, fontsLoadedKey } from "../../core/site-paths";

/** One face of each brand font (each file is variable: every weight is in it). */
const brandFonts = ['1em "Inter Variable"', '1em "Source Serif 4 Variable"'];

/**
 * The brand fonts load after the first paint, so the largest text never waits on them: it paints
 * at once in the metric-matched fallbacks, and the fonts replace them together when both have
 * arrived. The fallbacks match each weight's widths on average, but a line that only just fits in
 * one font can break earlier in the other and push everything below it down, so the swap is tried
 * before the browser paints it: if any box on screen would move, the page keeps its fallbacks (the
 * same sizes, the same line metrics) and nothing moves under the reader. Either way the browser
 * keeps the files, and the next page asks for them before its first paint (the inline script in
 * root.tsx reads the key set here) in faces that are used only if they are at hand at once
 * (`font-display: optional`: a cache that lost them costs no wait and no swap); this then swaps
 * the same files in as everywhere else, which moves nothing where those faces were used.
 */
export function loadBrandFonts(): void {
  const root = document.documentElement;
  if (root.classList.contains(fontsClass) || !("fonts" in document)) return;
  const load = () =>
    Promise.all(brandFonts.map((font) => document.fonts.load(font))).then(
      () => {
        if (!swapWithoutMoving(root)) root.dataset.fonts = fontsHeldValue;
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

/**
 * Applies the brand fonts unless that moves a box on screen: any box moving up or down (a line
 * more or less above it), or sideways more than the few pixels by which a line's or a menu row's
 * width may differ in the two fonts. Layout is measured synchronously before and after, and
 * undone in the same task, so the browser never paints the moved layout.
 */
function swapWithoutMoving(root: HTMLElement): boolean {
  const onScreen: { element: Element; top: number; left: number }[] = [];
  for (const element of document.body.getElementsByTagName("*")) {
    const box = element.getBoundingClientRect();
    if (box.bottom > 0 && box.top < window.innerHeight && (box.width > 0 || box.height > 0))
      onScreen.push({ element, top: box.top, left: box.left });
  }
  root.classList.add(fontsClass);
  const moved = onScreen.some(({ element, top, left }) => {
    const box = element.getBoundingClientRect();
    return Math.abs(box.top - top) > 1 || Math.abs(box.left - left) > 8;
  });
  if (moved) root.classList.remove(fontsClass);
  return !moved;
}

/**
 * Once the first contentful paint has been presented and the page has loaded (its first-screen
 * image too, which may be the largest paint), or after 3 s if no paint is reported.
 */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    if (document.readyState === "complete") setTimeout(run, 0);
    else window.addEventListener("load", () => setTimeout(run, 0), { once: true });
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
export const fontsAlreadyLoadedScript = `try{localStorage.getItem("${fontsLoadedKey}")&&document.documentElement.classList.add("${fontsCachedClass}")}catch(e){}`;
