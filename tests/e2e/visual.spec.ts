import { expect, test } from "@playwright/test";

/**
 * Visual snapshots of the main page types at a phone and a desktop width, so a change to the
 * design cannot go unseen (the desktop project runs them; each test sets its width). The tolerance absorbs font antialiasing, not layout changes.
 * Regenerate after an intended change, on a fresh build:
 * `npm run build && npx playwright test tests/e2e/visual.spec.ts --update-snapshots`.
 */
const pages = [
  { name: "home", path: "/" },
  { name: "practice", path: "/practice-areas/employment-based/h-1b-temporary-worker" },
  { name: "article", path: "/blog/national-interest-waiver-explained" },
  { name: "contact", path: "/contact" },
  { name: "city", path: "/es/abogado-inmigracion-houston-tx" },
];

test.describe("visual snapshots", () => {
  for (const width of [375, 1280]) {
    for (const { name, path } of pages) {
      test(`${name} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path, { waitUntil: "networkidle" });
        // The brand fonts arrive after the first paint; the snapshot is of the page set in them.
        await page.locator("html.fonts").waitFor({ state: "attached" });
        await page.evaluate(() => document.fonts.ready);
        // Everything that appears on a timer has appeared, so every run shows the same page (the
        // dock may still be stepped aside for a form in view).
        await expect
          .poll(() => page.locator("[data-chat]").evaluate((chat) => chat instanceof HTMLElement && chat.hidden))
          .toBe(false);
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: true,
          animations: "disabled",
          caret: "hide",
          maxDiffPixelRatio: 0.02,
        });
      });
    }
  }
});
