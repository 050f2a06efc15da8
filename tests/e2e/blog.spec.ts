import { expect, test, type Locator } from "@playwright/test";
import { pagesOf } from "../../core/routes";

const articles = pagesOf("article").filter((page) => page.paths.en);

const cards = (scope: Locator) => scope.getByRole("listitem").filter({ has: scope.page().locator("time") });

test.describe("blog index", () => {
  test("lists every article, most recently updated first, each with its updated date", async ({ page }) => {
    await page.goto("/blog");
    const list = cards(page.getByRole("main"));
    await expect(list).toHaveCount(articles.length);
    await expect(list.first()).toContainText(/^Updated \w+ \d{1,2}, \d{4}/);
    const dates = await list.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
    expect(dates).toEqual([...dates].sort().reverse());
    // The article retitled for 2026 no longer reads as a 2025 post.
    await expect(list.filter({ hasText: "Texas Immigration Laws in 2026" })).toContainText(/Updated \w+ \d+, 2026/);
  });

  test("the home page shows the three newest articles, as the blog lists them", async ({ page }) => {
    await page.goto("/es/blog");
    const newest = await cards(page.getByRole("main")).getByRole("heading").allTextContents();
    await page.goto("/es");
    const home = page.getByRole("region", { name: "Blog" });
    await expect(home.getByRole("heading", { level: 3 })).toHaveText(newest.slice(0, 3));
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with script" : "without script", () => {
      test.use({ javaScriptEnabled });
      test("a topic shows only its articles, as many as its label says", async ({ page }) => {
        await page.goto("/blog");
        const filter = page.getByRole("group", { name: "Show articles about" });
        const label = filter.locator("label", { hasText: /^Crime Victims/ });
        const topic = label.getByRole("radio");
        const count = Number(/\((\d+)\)$/.exec((await label.textContent()) ?? "")?.[1]);
        expect(count).toBeGreaterThan(0);
        await label.click();
        await expect(topic).toBeChecked();
        const visible = cards(page.getByRole("main")).locator("visible=true");
        await expect(visible).toHaveCount(count);
        await expect(visible.first()).toContainText(/U Visa|VAWA/);
        await filter.locator("label", { hasText: /^All topics/ }).click();
        await expect(cards(page.getByRole("main")).locator("visible=true")).toHaveCount(articles.length);
      });
    });
  }
});
