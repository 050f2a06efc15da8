import { expect, test, type Page } from "@playwright/test";

/**
 * The largest text must not wait on the brand fonts (a cheap phone's largest paint came 0.5-0.7 s
 * after its first when it did), and the fonts must never move text under the reader: a page is
 * set in the brand fonts only if the browser has them when it first paints; a first visit paints
 * in the metric-matched fallbacks and keeps them to the end, while the fonts are fetched after the
 * page has loaded for the next page, which opens in them.
 */

/** The pages Lighthouse measures, in both languages. */
const measuredPages = [
  "/",
  "/es",
  "/practice-areas/employment-based/h-1b-temporary-worker",
  "/es/areas-de-practica/inmigracion-laboral/h-1b-trabajador-temporal",
  "/blog/vawa-green-cards-guide",
  "/es/blog/guia-green-cards-vawa",
  "/contact",
  "/es/contacto",
];

type Box = { top: number; left: number; shown: boolean; text: string };

/** The boxes of every element on the first screen, by position in the document. */
function firstScreen(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const marks = (window as unknown as { marked?: Element[] }).marked;
    const elements =
      marks ??
      [...document.body.getElementsByTagName("*")].filter((element) => {
        // The dock and the language offer slide in and out on timers of their own.
        for (let at: Element | null = element; at; at = at.parentElement)
          if (getComputedStyle(at).position === "fixed") return false;
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && (box.width > 0 || box.height > 0);
      });
    (window as unknown as { marked?: Element[] }).marked = elements;
    return elements.map((element) => {
      const box = element.getBoundingClientRect();
      const shown = element.isConnected && (box.width > 0 || box.height > 0);
      return { top: box.top, left: box.left, shown, text: (element.textContent ?? "").trim().slice(0, 40) };
    });
  });
}

/** The family the browser uses for a text: the first of its list whose face is loaded. */
function usedFamily(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector) ?? document.body;
    const style = getComputedStyle(element);
    const families = style.fontFamily.split(",").map((family) => family.trim());
    return families.find(
      (family) => /Variable|Fallback/.test(family) && document.fonts.check(`${style.fontWeight} 16px ${family}`),
    );
  }, selector);
}

/**
 * Opens a page with the brand font files held back until its first screen has painted and the
 * page has loaded; returns that screen's boxes before and after the files arrive, and the layout
 * shift from then on.
 */
async function fontsArrive(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(/\.woff2$/, async (route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((list, observer) => {
          if (list.getEntriesByName("first-contentful-paint").length === 0) return;
          observer.disconnect();
          resolve();
        }).observe({ type: "paint", buffered: true }),
      ),
  );
  // A first visit asks for the fonts once it has loaded; a later page's held files hold its load.
  if (!(await page.evaluate(() => document.documentElement.classList.contains("fonts"))))
    await page.waitForLoadState("load");
  // What the page's script does at load (the dock, the language offer) has settled.
  await page.waitForTimeout(500);
  const before = await firstScreen(page);
  const headingBefore = await headingWidth(page);
  await page.evaluate(() => {
    const v = window as unknown as { shift: number };
    v.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) v.shift += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift" });
  });
  release();
  await expect.poll(() => requested.length).toBe(2);
  await expect.poll(() => page.evaluate(() => document.fonts.status)).toBe("loaded");
  // Two frames: anything the fonts changed has been laid out and painted, and any shift reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const after = await firstScreen(page);
  const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
  await page.unrouteAll({ behavior: "wait" });
  return { before, after, shift, heading: { before: headingBefore, after: await headingWidth(page) } };
}

/** How wide the page's heading is set: another face sets the same words a few pixels wider or narrower. */
function headingWidth(page: Page) {
  return page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector("main h1") ?? document.body);
    return range.getBoundingClientRect().width;
  });
}

/** Boxes that moved up or down, or sideways: a line more or less above them, or a narrower word. */
function moved(before: Box[], after: Box[]) {
  return before.flatMap((box, i) => {
    const now = after[i];
    if (!now?.shown) return [];
    const dy = now.top - box.top;
    const dx = now.left - box.left;
    return Math.abs(dy) > 1 || Math.abs(dx) > 1 ? [{ text: box.text, dy, dx }] : [];
  });
}

async function firstVisit(page: Page) {
  await page.context().clearCookies();
  await page.goto("/favicon.svg");
  await page.evaluate(() => localStorage.clear());
}

test.describe("brand fonts @mobile @timing", () => {
  test("a first visit keeps its fallbacks when the fonts arrive, moving nothing, and the next page opens in them, in both languages", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const path of measuredPages) {
      await firstVisit(page);
      const { before, after, shift, heading } = await fontsArrive(page, path);
      expect(moved(before, after), `${path}: boxes that moved`).toEqual([]);
      expect(shift, `${path}: layout shift`).toBe(0);
      expect(heading.after, `${path}: the heading's width`).toBe(heading.before);
      expect(await usedFamily(page, "main h1"), path).toBe('"Source Serif Fallback"');
      expect(await usedFamily(page, "main p"), path).toBe('"Inter Fallback"');
    }
    // The files are in the browser's cache now: the next page is in the brand fonts from its first paint.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { early: boolean }).early = document.documentElement.classList.contains("fonts");
      }),
    );
    await page.goto("/es/contacto");
    expect(await page.evaluate(() => (window as unknown as { early: boolean }).early)).toBe(true);
    expect(await usedFamily(page, "main h1")).toBe('"Source Serif 4 Variable"');
    expect(await usedFamily(page, "main p")).toBe('"Inter Variable"');
  });

  test("a later page whose cache lost the fonts keeps its fallbacks when they arrive, moving nothing", async ({
    page,
  }) => {
    await firstVisit(page);
    await page.evaluate(() => localStorage.setItem("lfh-fonts", "1"));
    // The files take longer than the moment `font-display: optional` waits for them.
    const { before, after, shift, heading } = await fontsArrive(page, "/es/blog/guia-green-cards-vawa");
    expect(await page.evaluate(() => document.documentElement.classList.contains("fonts"))).toBe(true);
    expect(moved(before, after)).toEqual([]);
    expect(shift).toBe(0);
    expect(heading.after).toBe(heading.before);
  });

  for (const path of ["/practice-areas/victims-of-crimes/u-visa", "/es/blog/guia-green-cards-vawa"]) {
    test(`are fetched after the page has loaded, so no paint waits for them ${path}`, async ({ page }) => {
      await firstVisit(page);
      await page.goto(path);
      await expect.poll(() => page.evaluate(() => localStorage.getItem("lfh-fonts"))).toBe("1");
      const timing = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const fonts = performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith(".woff2"))
          .map((e) => e.startTime);
        return { loaded: navigation?.loadEventEnd ?? NaN, fonts };
      });
      // Both fonts came, after the page's load event (its first and largest paints, its
      // first-screen image): nothing the visitor sees first shares the network with them.
      expect(timing.fonts).toHaveLength(2);
      for (const start of timing.fonts) expect(start).toBeGreaterThanOrEqual(timing.loaded);
    });
  }
});
