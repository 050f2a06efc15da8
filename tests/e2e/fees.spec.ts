import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { feePathAnchor } from "../../core/fees";
import { messages } from "../../core/i18n";
import { pathOf } from "../../core/routes";

/**
 * The government filing fees page: the estimator picks a path by its anchor, so it works the same
 * with and without JavaScript, at a phone's 320 px and on a desktop, in both languages; practice
 * pages link to their path preselected and show each amount with its dates.
 */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];
const paths = ["marriage-in-us", "marriage-consular", "naturalization", "daca-renewal", "h1b-small-employer"];

/** Nothing in the page's content reaches past the right edge (the shared header is checked elsewhere). */
async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.tagName} ${(element.textContent ?? "").slice(0, 40)}`),
  );
  expect(wide).toEqual([]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`fees page, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    for (const locale of ["en", "es"] as const)
      for (const width of [320, 1280]) {
        test(`${locale} at ${width} px: pick a path, see each fee and the total`, async ({ page }) => {
          const t = messages(locale).fees;
          await page.setViewportSize({ width, height: 900 });
          await page.goto(pathOf("government-filing-fees", locale));
          // No path chosen: every path shows, and the whole table.
          for (const id of paths) await expect(page.locator(`#${feePathAnchor(id)}`)).toBeVisible();
          await expect(page.locator("#fee-i-601a")).toContainText("$795");
          await noSidewaysScroll(page);

          await page.locator(`a[href="#${feePathAnchor("marriage-consular")}"]`).click();
          const consular = page.locator(`#${feePathAnchor("marriage-consular")}`);
          await expect(consular).toBeVisible();
          for (const id of paths.filter((p) => p !== "marriage-consular"))
            await expect(page.locator(`#${feePathAnchor(id)}`)).toBeHidden();
          for (const form of ["I-130", "DS-260", "I-601A"]) await expect(consular).toContainText(form);
          await expect(consular.locator("tfoot")).toContainText("$1,355");
          await expect(consular.locator("tfoot")).toContainText("$2,150");
          await expect(consular).toContainText(t.governmentOnly);
          await expect(consular.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
          await noSidewaysScroll(page);

          await page.locator('a[href="#estimator"]').click();
          for (const id of paths) await expect(page.locator(`#${feePathAnchor(id)}`)).toBeVisible();
        });
      }

    test("a practice page links to its path preselected and dates each amount", async ({ page }) => {
      await page.goto(pathOf("practice-areas/family-based/marriage-based-green-card", "es"));
      const amount = page.locator("data.fee").first();
      await expect(amount).toHaveAttribute("title", /desde el 1 de abril de 2024; verificado el/);
      await page
        .locator(`a[href$="#${feePathAnchor("marriage-in-us")}"]`)
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${pathOf("government-filing-fees", "es")}#path-marriage-in-us$`));
      await expect(page.locator(`#${feePathAnchor("marriage-in-us")}`)).toBeVisible();
      await expect(page.locator(`#${feePathAnchor("naturalization")}`)).toBeHidden();
    });
  });
}

test.describe("fees page accessibility", () => {
  for (const locale of ["en", "es"] as const)
    for (const width of [320, 1280])
      test(`axe ${locale} at ${width} px with a path chosen`, async ({ page }) => {
        test.setTimeout(120_000); // axe reads the whole table: 30-45 s on a loaded machine
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${pathOf("government-filing-fees", locale)}#${feePathAnchor("h1b-small-employer")}`);
        const results = await new AxeBuilder({ page }).withTags(tags).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual(
          [],
        );
      });
});
