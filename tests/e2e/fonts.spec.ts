import { expect, test } from "@playwright/test";

/**
 * The largest text must not wait on the brand fonts (a cheap phone's largest paint came 0.5-0.7 s
 * after its first): on a first visit the largest text paints with the first, the text then
 * changes to the brand fonts without moving, and the next page has them from its first paint.
 */
test.describe("brand fonts @mobile", () => {
  for (const path of ["/practice-areas/victims-of-crimes/u-visa", "/es/blog/guia-green-cards-vawa"]) {
    test(`load after the first paint and swap in without a layout shift ${path}`, async ({ page }) => {
      await page.addInitScript(() => {
        const v = window as unknown as { shifts: number; lcp: number };
        v.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) v.lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) v.shifts += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path);
      await page.locator("html.fonts").waitFor({ state: "attached" });
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const fonts = performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith(".woff2"))
          .map((e) => e.startTime);
        return { paint, fonts, largest: (window as unknown as { lcp: number }).lcp };
      });
      // Both fonts came, and the largest paint did not wait for them.
      expect(timing.fonts).toHaveLength(2);
      expect(timing.largest - timing.paint).toBeLessThanOrEqual(100);
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily))
        .toMatch(/^"Inter Variable"/);
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.querySelector("h1") ?? document.body).fontFamily))
        .toMatch(/^"Source Serif 4 Variable"/);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);

      // The next page: the fonts from the first paint (set while the page parses, before the page
      // script would have set it after painting).
      await page.addInitScript(() =>
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { early: boolean }).early = document.documentElement.classList.contains("fonts");
        }),
      );
      await page.goto("/contact");
      expect(await page.evaluate(() => (window as unknown as { early: boolean }).early)).toBe(true);
    });
  }
});
