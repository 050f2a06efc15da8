import { expect, test } from "@playwright/test";
import { pagesOf } from "../../core/routes";

const articles = pagesOf("article").filter((page) => page.paths.en);

test.describe("blog search (the WebSite SearchAction target)", () => {
  test("a search URL opened directly filters the articles, accent-insensitive, without errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/es/blog?q=transito");
    await expect(page.getByRole("status")).toContainText("1 artículo coincide");
    const titles = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });
    await expect(titles).toHaveCount(1);
    await expect(titles.first()).toContainText("Texas");
    await expect(page.getByRole("searchbox")).toHaveValue("transito");
    expect(errors).toEqual([]);
  });

  test("searching from the form narrows the list, and clearing shows every article", async ({ page }) => {
    await page.goto("/blog");
    const titles = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });
    await expect(titles).toHaveCount(articles.length);
    await page.getByRole("searchbox").fill("I-918");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=I-918$/);
    await expect(titles).toHaveCount(1);
    await expect(titles.first()).toContainText("U Visa");
    await page.getByRole("link", { name: "Show all articles" }).click();
    await expect(titles).toHaveCount(articles.length);
  });
});
