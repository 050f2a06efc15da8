import { expect, test, type Page } from "@playwright/test";

/**
 * Visual snapshots of the main page types at a phone and a desktop width, so a change to the
 * design cannot go unseen (the desktop project runs them; each test sets its width). Whole pages
 * keep a tolerance for font antialiasing; the first screens of the home pages, what every visitor
 * sees first, have a tight one, so even a header change of a few pixels shows.
 * Regenerate after an intended change, on a fresh build, and look at the images:
 * `npm run build && npx playwright test tests/e2e/visual.spec.ts --update-snapshots`.
 */
const pages = [
  { name: "home", path: "/" },
  { name: "practice", path: "/practice-areas/employment-based/h-1b-temporary-worker" },
  { name: "article", path: "/blog/national-interest-waiver-explained" },
  { name: "contact", path: "/contact" },
  { name: "city", path: "/es/abogado-inmigracion-houston-tx" },
];
const firstScreens = [
  { name: "home", path: "/" },
  { name: "home-es", path: "/es" },
];

/**
 * Opens a page as it looks once settled: in the brand fonts (a second visit, whose fonts apply
 * from the first paint; a first visit keeps its fallbacks), its images decoded, no
 * animation running, and everything that appears on a timer shown (the dock may still be stepped
 * aside for a form in view).
 */
async function openSettled(page: Page, path: string, width: number) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path, { waitUntil: "networkidle" });
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lfh-fonts"))).toBe("1");
  await page.goto(path, { waitUntil: "networkidle" });
  await page.locator("html.fonts").waitFor({ state: "attached" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.allSettled([...document.images].filter((image) => image.complete).map((image) => image.decode()));
  });
  await expect
    .poll(() => page.locator("[data-chat]").evaluate((chat) => chat instanceof HTMLElement && chat.hidden))
    .toBe(false);
}

test.describe("visual snapshots", () => {
  for (const width of [375, 1280]) {
    for (const { name, path } of firstScreens) {
      test(`${name} first screen at ${width} px`, async ({ page }) => {
        await openSettled(page, path, width);
        await expect(page).toHaveScreenshot(`${name}-first-screen-${width}.png`, {
          animations: "disabled",
          caret: "hide",
          maxDiffPixelRatio: 0.001,
        });
      });
    }
    for (const { name, path } of pages) {
      test(`${name} at ${width} px`, async ({ page }) => {
        await openSettled(page, path, width);
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: true,
          animations: "disabled",
          caret: "hide",
          maxDiffPixelRatio: 0.02,
          // A long page takes a while to capture twice alike on a busy machine.
          timeout: 20_000,
        });
      });
    }
  }
});
