import { expect, test } from "@playwright/test";
import { formatDollars, resolveReference } from "../../core/fees";
import { messages } from "../../core/i18n";
import { pathOf } from "../../core/routes";
import { feeTable } from "../../site/content/fees.server";

/**
 * The answer first: on a 360 px phone, the DACA renewal fee, the H-1B payment and the marriage
 * page's green card fee used to sit five to seven screens down. Each practice page now opens with
 * a summary; its fee is on the first screen and each of its links lands on its section, with and
 * without JavaScript, in both languages.
 */
const pages = [
  { key: "practice-areas/humanitarian/daca-lawyer", fee: "i-821d+i-765/online" },
  { key: "practice-areas/employment-based/h-1b-temporary-worker", fee: "h1b-payment" },
  { key: "practice-areas/family-based/marriage-based-green-card", fee: "i-485" },
] as const;

function amount(ref: string): string {
  const resolved = resolveReference(feeTable().byId, ref);
  if (typeof resolved === "string") throw new Error(resolved);
  return formatDollars(resolved.amount);
}

for (const javaScriptEnabled of [true, false])
  for (const locale of ["en", "es"] as const)
    test.describe(`${locale} practice page summary at 360 px, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
      // A Spanish reader's phone speaks Spanish (no "read in English?" suggestion over the page).
      test.use({ javaScriptEnabled, locale: `${locale}-US`, viewport: { width: 360, height: 740 } });
      for (const { key, fee } of pages)
        test(`${key.split("/").at(-1)}: the fee is on the first screen and every link reaches its section`, async ({
          page,
        }) => {
          const t = messages(locale).glance;
          await page.goto(pathOf(key, locale));
          const summary = page.getByRole("region", { name: t.title });
          const terms = summary.locator("dt");
          await expect(terms).toHaveText([t.who, t.fees, t.time, t.risks, t.next]);

          // The fee the visitor came for, from the fee table, dated on hover, without scrolling.
          const fees = summary.locator("dd").nth(1);
          const shown = fees.locator("data.fee", { hasText: amount(fee) }).first();
          await expect(shown).toBeInViewport({ ratio: 1 });
          await expect(shown).toHaveAttribute("title", /\d{4}/);

          const links = summary.locator('dd > a[href^="#"]');
          await expect(links).toHaveCount(5);
          for (let i = 0; i < 5; i++) {
            const link = links.nth(i);
            const hash = (await link.getAttribute("href")) ?? "";
            const heading = page.locator(`main :is(h2, h3)[id="${hash.slice(1)}"]`);
            await expect(heading, hash).toHaveCount(1);
            // The link says where it goes: the heading's own words.
            const words = ((await heading.textContent()) ?? "").trim();
            await expect(link).toHaveAccessibleName(`${t.more} ${words}`);
            // From the keyboard: a link wrapped over two lines has no clickable point at its box's centre.
            await link.focus();
            await page.keyboard.press("Enter");
            await expect(page).toHaveURL(new RegExp(`${hash}$`));
            await expect(heading, hash).toBeInViewport({ ratio: 1 });
            // Not hidden under the sticky header.
            const header = await page.locator("header").first().boundingBox();
            const box = await heading.boundingBox();
            expect(box?.y ?? 0, hash).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
            await page.evaluate(() => window.scrollTo(0, 0));
          }
        });
    });
