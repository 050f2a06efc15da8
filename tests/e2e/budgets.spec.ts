import { expect, test } from "@playwright/test";
import { firstLoadBudget, measureFirstLoad, pagePerKind } from "../../scripts/first-load";

/**
 * What a visitor's phone downloads before it is touched: at most 62 KB of script and 20 KB of CSS
 * (compressed, as sent), on one page of every kind in both languages, at phone and desktop widths
 * (each loads a different menu).
 */
test.describe("first-load budget @mobile", () => {
  for (const { kind, path } of pagePerKind()) {
    test(`${kind} ${path}`, async ({ page }) => {
      const load = await measureFirstLoad(page, path);
      expect(load.script, load.files.map((f) => `${f.name} ${f.bytes}`).join("\n")).toBeLessThanOrEqual(
        firstLoadBudget.script,
      );
      expect(load.script).toBeGreaterThan(0);
      expect(load.css).toBeLessThanOrEqual(firstLoadBudget.css);
    });
  }
});
