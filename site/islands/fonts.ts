import {
  fontFittedAttribute,
  fontHeldAttribute,
  fontsCachedClass,
  fontsClass,
  fontsHeldValue,
  fontsLoadedKey,
} from "../../core/site-paths";

/** One face of each brand font (each file is variable: every weight is in it). */
const brandFonts = ['1em "Inter Variable"', '1em "Source Serif 4 Variable"'];

/**
 * The brand fonts load after the first paint, so the largest text never waits on them: it paints
 * at once in the metric-matched fallbacks, and the fonts replace them together when both have
 * arrived. The fallbacks match each weight's widths on average, but a line that only just fits in
 * one font can break earlier in the other and push everything below it down, so the swap is tried
 * before the browser paints it: a block on screen whose lines would break differently is fitted or
 * keeps its fallbacks (the same sizes, the same line metrics), and nothing moves under the reader.
 * Either way the browser keeps the files, and the next page asks for them before its first paint (the inline script in
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

/** How often the swap is measured again after holding blocks back, before the page keeps its fallbacks. */
const rounds = 6;
/** Text may slide sideways up to this trace of layout shift (share of the screen times distance). */
const sidewaysAllowed = 0.0005;

/**
 * Applies the brand fonts without visibly moving what is on screen: nothing may move up or down,
 * and text may not slide sideways enough to count as a layout shift (estimated as the browser
 * scores one: the share of the screen that moves times how far; a word a little narrower in the
 * brand font moves the rest of its line by a pixel or two, which stays far below that). Where a
 * block on screen would break its lines differently (a heading or paragraph that only just fits
 * in one font), its letter spacing is nudged until its lines break as before
 * (`data-font-fitted`); failing that, that block alone keeps the fallbacks (`data-font-held`)
 * until it has left the screen, and everything else takes the brand fonts. If that does not settle
 * the screen, the whole page keeps its fallbacks. Layout is measured synchronously and undone in
 * the same task, so the browser never paints a moved layout.
 */
function swapWithoutMoving(root: HTMLElement): boolean {
  const before = onScreen();
  const style = getComputedStyle(root);
  const fallbacks = {
    sans: withoutBrand(style.getPropertyValue("--font-sans")),
    serif: withoutBrand(style.getPropertyValue("--font-serif")),
  };
  root.classList.add(fontsClass);
  const held: HTMLElement[] = [];
  const fitted: HTMLElement[] = [];
  for (let round = 0; round <= rounds; round++) {
    const culprits = movers(before);
    if (!culprits) {
      releaseOffScreen(held);
      return true;
    }
    const fresh = culprits.blocks.filter((block) => !held.includes(block));
    if (fresh.length === 0 || round === rounds) break;
    for (const block of fresh) {
      // A block fitted once that still moves things is held instead.
      if (culprits.rewrapped && !fitted.includes(block) && fitByTracking(block, before)) {
        fitted.push(block);
        continue;
      }
      unfit(block);
      hold(block, fallbacks);
      held.push(block);
    }
  }
  for (const block of held) release(block);
  for (const block of fitted) unfit(block);
  root.classList.remove(fontsClass);
  return false;
}

/** Tracking steps tried on a block whose lines would break differently, in em. */
const trackingSteps = [0.005, 0.01, 0.015, 0.02];

/**
 * Tries to keep a block's lines as they break in the fallback by tightening or loosening its
 * letter spacing a little (at most 0.02 em: a fifth of a pixel per letter of body text, below what
 * a reader notices, where a line that only just fits is otherwise set in another face). True if
 * every text in it is back where it was.
 */
function fitByTracking(block: HTMLElement, before: Seen[]): boolean {
  const texts = before.filter((seen) => seen.block === block && seen.node instanceof Text);
  if (texts.length === 0) return false;
  const style = getComputedStyle(block);
  const size = parseFloat(style.fontSize);
  const base = style.letterSpacing === "normal" ? 0 : parseFloat(style.letterSpacing);
  const inPlace = () =>
    texts.every((seen) => {
      const now = startOf(seen.node);
      return now && Math.abs(now.top - seen.top) <= 1 && Math.abs(now.bottom - now.top - seen.height) <= 1;
    });
  const was = texts.reduce((sum, seen) => sum + seen.height, 0);
  const is = texts.reduce((sum, seen) => {
    const now = startOf(seen.node);
    return sum + (now ? now.bottom - now.top : 0);
  }, 0);
  // Taller in the brand font: a line broke earlier, so tighten; shorter: loosen.
  const directions = is > was + 1 ? [-1] : is < was - 1 ? [1] : [-1, 1];
  for (const direction of directions)
    for (const step of trackingSteps) {
      block.style.letterSpacing = `${base + direction * step * size}px`;
      if (inPlace()) {
        block.setAttribute(fontFittedAttribute, "");
        return true;
      }
    }
  unfit(block);
  return false;
}

function unfit(block: HTMLElement): void {
  block.style.removeProperty("letter-spacing");
  block.removeAttribute(fontFittedAttribute);
}

/**
 * A held block takes the brand fonts once it has left the screen: the browser's scroll anchoring
 * keeps what is on screen in place when a block above it changes height, and a block below moves
 * only what is below it.
 */
function releaseOffScreen(held: HTMLElement[]): void {
  if (held.length === 0 || !("IntersectionObserver" in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
      observer.unobserve(entry.target);
      release(entry.target);
    }
  });
  for (const block of held) observer.observe(block);
}

/** Sets a block, and what it holds, in the fallbacks while the rest of the page has the brand fonts. */
function hold(block: HTMLElement, fallbacks: { sans: string; serif: string }): void {
  block.style.fontFamily = withoutBrand(getComputedStyle(block).fontFamily);
  block.style.setProperty("--font-sans", fallbacks.sans);
  block.style.setProperty("--font-serif", fallbacks.serif);
  block.setAttribute(fontHeldAttribute, "");
}

function release(block: HTMLElement): void {
  for (const property of ["font-family", "--font-sans", "--font-serif"]) block.style.removeProperty(property);
  block.removeAttribute(fontHeldAttribute);
}

/** A family list without the brand faces: what a held block is set in. */
function withoutBrand(families: string): string {
  return families
    .split(",")
    .map((family) => family.trim())
    .filter((family) => family && !family.includes("Variable"))
    .join(", ");
}

type Seen = {
  node: Node;
  top: number;
  left: number;
  height: number;
  area: number;
  /** The block that lays out a text's lines or places an element, and where that block starts. */
  block?: HTMLElement;
  blockTop?: number;
};

/**
 * Compares the screen with how it was: undefined if nothing moved, otherwise the blocks that
 * moved it. Blocks whose own lines broke differently come first, alone: everything below them
 * moved because of them, so the rest is judged once they are held. Then, if text still slides
 * sideways beyond the trace allowed, the blocks whose contents slide furthest. Something that
 * moved because of a block above it is not a cause; an empty list means the movement has no
 * block to hold back.
 */
function movers(before: Seen[]): { blocks: HTMLElement[]; rewrapped: boolean } | undefined {
  const screen = window.innerWidth * window.innerHeight;
  const span = Math.max(window.innerWidth, window.innerHeight);
  let moved = false;
  let sideways = 0;
  const rewrapped = new Set<HTMLElement>();
  const slides = new Map<HTMLElement, number>();
  for (const seen of before) {
    const now = startOf(seen.node);
    if (!now) continue;
    const down = Math.abs(now.top - seen.top) > 1;
    const slide = (seen.area / screen) * (Math.abs(now.left - seen.left) / span);
    moved ||= down;
    sideways += slide;
    const { block, blockTop } = seen;
    if (!block || blockTop === undefined) continue;
    if (Math.abs(block.getBoundingClientRect().top - blockTop) > 1) continue;
    const text = seen.node instanceof Text;
    if (text && (down || Math.abs(now.bottom - now.top - seen.height) > 1)) rewrapped.add(block);
    if (slide > 0) slides.set(block, (slides.get(block) ?? 0) + slide);
  }
  if (!moved && sideways <= sidewaysAllowed) return undefined;
  if (rewrapped.size > 0) return { blocks: [...rewrapped], rewrapped: true };
  const causes: HTMLElement[] = [];
  let left = sideways;
  for (const [block, slide] of [...slides].sort((a, b) => b[1] - a[1])) {
    if (left <= sidewaysAllowed) break;
    causes.push(block);
    left -= slide;
  }
  return { blocks: causes, rewrapped: false };
}

/**
 * The element that lays out a text's lines or places an element (the nearest one around it that
 * is not an inline element within those lines).
 */
function blockOf(node: Node): HTMLElement | undefined {
  for (let element = node.parentElement; element && element !== document.body; element = element.parentElement) {
    const display = getComputedStyle(element).display;
    if (display !== "inline" && display !== "contents") return element;
  }
  return undefined;
}

/** Every element and text on screen, with where it starts and the area it covers there. */
function onScreen(): Seen[] {
  const found: Seen[] = [];
  // What starts two screens down is not looked into (a long page has thousands of texts).
  const below = (node: Node) => node instanceof Element && node.getBoundingClientRect().top > 2 * window.innerHeight;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (below(node) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const start = startOf(node);
    if (!start || start.bottom <= 0 || start.top >= window.innerHeight) continue;
    const visible = Math.max(0, Math.min(start.bottom, window.innerHeight) - Math.max(start.top, 0));
    const block = blockOf(node);
    // Text for screen readers only sits in a one-pixel clipped box: nothing of it is seen.
    const box = block?.getBoundingClientRect();
    if (node instanceof Text && box && box.width <= 1 && box.height <= 1) continue;
    if (node instanceof Element && start.width <= 1 && start.bottom - start.top <= 1) continue;
    found.push({
      node,
      top: start.top,
      left: start.left,
      height: start.bottom - start.top,
      area: visible * start.width,
      block,
      blockTop: box?.top,
    });
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
