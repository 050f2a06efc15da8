import { expect, test } from "@playwright/test";

test("while the next page loads, a centred 'Loading...' placeholder shows @timing", async ({ page }) => {
  await page.goto("/our-firm");
  const placeholder = page.getByRole("status").filter({ hasText: "Loading..." });
  await expect(placeholder).toBeHidden();
  // Freeze the moment the next page is requested: a listener after the page's own stops the
  // navigation itself, so the old page stays on screen as it would on a slow connection.
  await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault(), { once: true }));
  await page.locator("footer").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(placeholder).toBeVisible();
  // A link within the page does not show it.
  await page.goto("/our-firm");
  await page.getByRole("link", { name: "Skip to content" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeHidden();
  // The next page arrives without it.
  await page.locator("footer").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeHidden();
});

test("a page's code that fails to load raises vite:preloadError, and the page reloads once to recover @timing", async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.addEventListener("vite:preloadError", () => {
      const count = Number(sessionStorage.getItem("preload-errors") ?? "0");
      sessionStorage.setItem("preload-errors", String(count + 1));
    });
  });
  // The header's menu code is gone, as after a new deployment.
  await page.route(/\/assets\/header-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/");
  const menu = () => page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Practice Areas" });
  const errors = () => page.evaluate(() => Number(sessionStorage.getItem("preload-errors") ?? "0"));
  // The first failure reloads the page to pick up the new build.
  const reloaded = page.waitForEvent("load");
  await menu().hover();
  await reloaded;
  expect(await errors()).toBe(1);
  // The same failure again is left to surface as an error instead of reloading forever.
  let reloads = 0;
  page.on("load", () => reloads++);
  // The island reports it could not start: the failure has run its course, without a reload.
  const surfaced = page.waitForEvent("console", (message) => message.text().includes("could not start"));
  await menu().hover();
  await surfaced;
  expect(await errors()).toBe(2);
  expect(reloads).toBe(0);
});
