// The site search forgives: a misspelling is corrected, a query in the other language is offered
// that language's page, the reviewed synonyms find the pages that use other words, snippets open
// with the page's own words, and the search button is in every phone's header.
import { expect, test, type Page } from "@playwright/test";
import { keyOf, pathOf } from "../../core/routes";

const practice = (key: string, locale: "en" | "es") => pathOf(keyOf(`practice-areas/${key}`), locale);
const notFound = { en: "/no-such-page", es: "/es/no-existe" } as const;
const resultsName = /Search results|Resultados de la búsqueda/;

/** Searches from the 404 page's form; the paths of the results, best first, and their snippets. */
async function search(page: Page, query: string) {
  const main = page.getByRole("main");
  await main.getByRole("searchbox").fill(query);
  await main.getByRole("searchbox").press("Enter");
  // The count, then what was typed (after the word searched instead, for a misspelling).
  // A query naming synonyms runs a search per term: the first one loads much of the index.
  await expect(main.getByRole("status")).toHaveText(new RegExp(`^\\d+ (results? for|resultados? para) “.+”$`), {
    timeout: 15_000,
  });
  await expect(main.getByRole("status")).toHaveText(new RegExp(`“${query}”$`));
  const items = main.getByRole("list", { name: resultsName }).getByRole("listitem");
  const paths = await items
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const snippets = await items.locator("p").allTextContents();
  return { paths, snippets };
}

test.describe("a search that forgives", () => {
  test("a misspelled word is searched as the word the pages use, and the visitor is told (en)", async ({ page }) => {
    await page.goto(notFound.en);
    const { paths } = await search(page, "assylum");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      /^\d+ results for “asylum”\. You typed “assylum”$/,
    );
    expect(paths[0]).toBe(practice("deportation-asylum/asylum", "en"));
  });

  test("a misspelled word is searched as the word the pages use, and the visitor is told (es)", async ({ page }) => {
    await page.goto(notFound.es);
    const { paths } = await search(page, "asilio");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      /^\d+ resultados para “asilo”\. Usted escribió “asilio”$/,
    );
    expect(paths[0]).toBe(practice("deportation-asylum/asylum", "es"));
  });

  test("a Spanish word on the English site is offered the Spanish page, and the reverse", async ({ page }) => {
    await page.goto(notFound.en);
    await search(page, "ciudadania");
    const offer = page.getByRole("main").getByText("Ver en español:");
    await expect(offer).toHaveAttribute("lang", "es");
    await expect(offer.getByRole("link")).toHaveAttribute("href", practice("citizenship", "es"));

    await page.goto(notFound.es);
    await search(page, "citizenship");
    const back = page.getByRole("main").getByText("See in English:");
    await expect(back).toHaveAttribute("lang", "en");
    await expect(back.getByRole("link")).toHaveAttribute("href", practice("citizenship", "en"));
    // A query in the page's own language is offered nothing.
    await search(page, "asilo");
    await expect(page.getByRole("main").getByText("See in English:")).toHaveCount(0);
  });

  test("a spouse's green card in everyday words finds both marriage pages in the first ten", async ({ page }) => {
    for (const [locale, query] of [
      ["es", "residencia por mi esposo"],
      ["en", "green card for my husband"],
    ] as const) {
      await page.goto(notFound[locale]);
      const { paths } = await search(page, query);
      expect(paths.slice(0, 10), query).toEqual(
        expect.arrayContaining([
          practice("family-based/marriage-based-green-card", locale),
          practice("employment-based-green-cards/getting-a-green-card-through-marriage", locale),
        ]),
      );
    }
  });

  test("a relative detained by ICE finds the detention pages in both languages", async ({ page }) => {
    for (const [locale, query] of [
      ["es", "ICE detained"],
      ["es", "detenido por ICE"],
      ["en", "ICE detained"],
    ] as const) {
      await page.goto(notFound[locale]);
      const { paths } = await search(page, query);
      expect(paths.length, query).toBeGreaterThan(3);
      expect(paths, query).toContain(practice("deportation-asylum/deportation-proceedings", locale));
    }
  });

  test("work permit, EAD and permiso de trabajo find the work-permit page first", async ({ page }) => {
    for (const [locale, query] of [
      ["en", "work permit"],
      ["en", "EAD"],
      ["es", "permiso de trabajo"],
      ["es", "work permit"],
    ] as const) {
      await page.goto(notFound[locale]);
      const { paths } = await search(page, query);
      expect(paths[0], `${query}: ${paths.slice(0, 3).join(", ")}`).toBe(
        practice("humanitarian/work-permit-ead", locale),
      );
    }
    await page.goto(notFound.en);
    await search(page, "permiso de trabajo");
    await expect(page.getByRole("main").getByText("Ver en español:").getByRole("link")).toHaveAttribute(
      "href",
      practice("humanitarian/work-permit-ead", "es"),
    );
  });

  test("snippets open with the page's own words, not the section's name", async ({ page }) => {
    for (const [locale, query] of [
      ["en", "asylum"],
      ["en", "I-130"],
      ["en", "Dallas"],
      ["es", "asilo"],
      ["es", "I-130"],
      ["es", "Dallas"],
    ] as const) {
      await page.goto(notFound[locale]);
      const { snippets } = await search(page, query);
      expect(snippets.length, query).toBeGreaterThan(0);
      for (const snippet of snippets)
        expect(snippet, query).not.toMatch(
          /^(Practice Areas|Areas|Blog|Areas We Serve|Áreas de práctica|Zonas de servicio)\./,
        );
    }
  });
});

test.describe("the header's search on a phone @mobile", () => {
  for (const [locale, home, name, dialogName] of [
    ["en", "/", "Search", "Search the site"],
    ["es", "/es", "Buscar", "Buscar en el sitio"],
  ] as const)
    test(`is in the header at 320 and 360 px, and opens the search (${locale})`, async ({ page }) => {
      for (const width of [320, 360]) {
        await page.setViewportSize({ width, height: 740 });
        await page.goto(home);
        const button = page.getByRole("banner").getByRole("button", { name, exact: true });
        await expect(button).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
        // The header's controls do not overlap one another.
        const boxes = await page
          .getByRole("banner")
          .locator("a:visible, button:visible")
          .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
        for (const [index, box] of boxes.entries())
          for (const other of boxes.slice(index + 1))
            expect(box.right <= other.left + 0.5 || other.right <= box.left + 0.5, `${width} px`).toBe(true);
      }
      await page.getByRole("banner").getByRole("button", { name, exact: true }).click();
      await expect(page.getByRole("dialog", { name: dialogName }).getByRole("searchbox")).toBeFocused();
    });
});

test.describe("the header's search without script", () => {
  test.use({ javaScriptEnabled: false });
  test("is a form that opens the blog's search at 360 px, in Spanish too", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/es");
    await page.getByRole("banner").getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/\/es\/blog(\?|$)/);
    await page.getByRole("main").getByRole("searchbox").fill("asilo");
    await page.getByRole("main").getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/es\/blog\?q=asilo$/);
  });

  test("the Spanish desktop header still fits 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/es");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
    await expect(page.getByRole("banner").getByRole("button", { name: "Buscar", exact: true })).toBeInViewport();
  });
});
