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
 * Applies the brand fonts unless that visibly moves what is on screen: anything moving up or down
 * (a line more or less above it), or text sliding sideways enough to count as a layout shift
 * (estimated as the browser scores one: the share of the screen that moves times how far; a
 * word that is a little narrower in the brand font moves the rest of its line by a pixel or
 * two, which stays far below that). Layout is measured synchronously before and after, and
 * undone in the same task, so the browser never paints the moved layout.
 */
function swapWithoutMoving(root: HTMLElement): boolean {
  const before = onScreen();
  root.classList.add(fontsClass);
  const screen = window.innerWidth * window.innerHeight;
  const span = Math.max(window.innerWidth, window.innerHeight);
  let sideways = 0;
  let moved = false;
  for (const { node, top, left, area } of before) {
    const now = startOf(node);
    if (!now) continue;
    if (Math.abs(now.top - top) > 1) moved = true;
    sideways += (area / screen) * (Math.abs(now.left - left) / span);
  }
  if (moved || sideways > 0.0005) {
    root.classList.remove(fontsClass);
    return false;
  }
  return true;
}

/** Every element and text on screen, with where it starts and the area it covers there. */
function onScreen(): { node: Node; top: number; left: number; area: number }[] {
  const found = [];
  // What starts two screens down is not looked into (a long page has thousands of texts).
  const below = (node: Node) => node instanceof Element && node.getBoundingClientRect().top > 2 * window.innerHeight;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (below(node) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const start = startOf(node);
    if (!start || start.bottom <= 0 || start.top >= window.innerHeight) continue;
    const visible = Math.max(0, Math.min(start.bottom, window.innerHeight) - Math.max(start.top, 0));
    found.push({ node, top: start.top, left: start.left, area: visible * start.width });
  }
  return found;
}

/** Where an element's box, or a text's first line, starts; undefined if it is not displayed. */
function startOf(node: Node): { top: number; left: number; bottom: number; width: number } | undefined {
  if (node instanceof Element) {
    const box = node.getBoundingClientRect();
    return box.width > 0 || box.height > 0 ? box : undefined;
  }
  if (!node.textContent?.trim()) return undefined;
  const range = document.createRange();
  range.selectNodeContents(node);
  const first = range.getClientRects()[0];
  if (!first) return undefined;
  const all = range.getBoundingClientRect();
  return { top: first.top, left: first.left, bottom: all.bottom, width: all.width };
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
