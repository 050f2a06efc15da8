// A search opened from its address shows its results first, and each page once.
import { expect, test } from "@playwright/test";

test("on a phone, the Spanish blog's ?q= address shows its results on the first screen without a scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/es/blog?q=asilo");
  const first = page
    .getByRole("main")
    .getByRole("list", { name: "Resultados de la búsqueda" })
    .getByRole("link")
    .first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await expect(first).toBeInViewport();
});

test("a page listed under two categories is one result", async ({ page }) => {
  for (const [path, query] of [
    ["/es/blog", "perdon"],
    ["/blog", "marriage green card"],
  ]) {
    await page.goto(`${path}?q=${encodeURIComponent(query!)}`);
    const results = page.getByRole("main").getByRole("list", { name: /Resultados de la búsqueda|Search results/ });
    await expect(results.getByRole("link").first()).toBeVisible({ timeout: 15_000 });
    const titles = await results.getByRole("link").allTextContents();
    expect(new Set(titles).size, titles.join(" | ")).toBe(titles.length);
  }
});
