import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { onePerKind } from "./pages";

/**
 * No violation on a page of every kind, in either language, at desktop and phone widths (the route
 * and W3C checks cover every page; what axe finds comes from the kind's layout and components): the WCAG 2.0-2.2 A/AA
 * rules plus axe's best-practice and experimental rules (landmarks, labelled asides, a link's
 * name containing its visible text); and no page throws while it hydrates (a mismatch would
 * re-render it on the client).
 */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];
test.describe("accessibility @mobile", () => {
  for (const { path } of [...onePerKind.map((p) => ({ path: p.path })), { path: "/404" }, { path: "/es/404" }]) {
    test(`axe ${path}`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // After the page's script has run and the browser has been idle twice (islands due when idle
      // hydrate then): the parts that appear then are checked too.
      await page.goto(path);
      await page.evaluate(async () => {
        const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 }));
        await idle();
        await idle();
      });
      const results = await new AxeBuilder({ page }).withTags(tags).analyze();
      const violations = results.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
