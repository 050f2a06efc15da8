import { expect, test, type Page } from "@playwright/test";
import { keyOf, pathOf } from "../../core/routes";

const practice = (key: string, locale: "en" | "es") => pathOf(keyOf(`practice-areas/${key}`), locale);
const article = (slug: string, locale: "en" | "es") => pathOf(keyOf(`blog/${slug}`), locale);

/**
 * The queries visitors wrote, and others like them: the pages that answer each, one of which must
 * come first and the first named within the top three.
 */
const cases: { locale: "en" | "es"; queries: string[]; first: string[] }[] = [
  ...(["en", "es"] as const).flatMap((locale) => [
    {
      locale,
      queries: locale === "en" ? ["u visa", "U-visa", "u-visa", "U VISA"] : ["visa U", "visa u", "u visa", "Visa-U"],
      first: [practice("victims-of-crimes/u-visa", locale), article("u-visa-protection-crime-victims", locale)],
    },
    {
      locale,
      queries: ["k-3", "K3", "k 3"],
      first: [practice("family-based/k-3-spouse-visa", locale)],
    },
    {
      locale,
      queries: locale === "en" ? ["asylum", "ASYLUM"] : ["asilo", "Asilo"],
      first: [practice("deportation-asylum/asylum", locale)],
    },
    {
      locale,
      queries: locale === "en" ? ["naturalization", "naturalisation"] : ["naturalización", "naturalizacion"],
      first: [practice("citizenship/naturalization", locale), practice("citizenship", locale)],
    },
    {
      locale,
      queries: ["I-130", "i130"],
      first: [article("family-green-card-petition-guide", locale)],
    },
    {
      locale,
      queries: locale === "en" ? ["t visa"] : ["visa T"],
      first: [practice("victims-of-crimes/t-visa", locale)],
    },
  ]),
];

const notFound = { en: "/no-such-page", es: "/es/no-existe" } as const;

/** Types a query into the page's search and waits for its results to be announced. */
async function search(page: Page, query: string): Promise<string[]> {
  const box = page.getByRole("main").getByRole("searchbox");
  await box.fill(query);
  await box.press("Enter");
  const status = page
    .getByRole("main")
    .getByRole("status")
    // Case-sensitive: "ASYLUM" after "asylum" waits for its own results.
    .filter({ hasText: new RegExp(`“${query.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}”$`) });
  await expect(status).toBeVisible();
  return page
    .getByRole("main")
    .getByRole("list", { name: /Search results|Resultados de la búsqueda/ })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

test.describe("site search", () => {
  for (const locale of ["en", "es"] as const) {
    test(`the reported queries find the right pages first (${locale})`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(notFound[locale]);
      expect(response?.status()).toBe(404);
      for (const { queries, first } of cases.filter((c) => c.locale === locale))
        for (const query of queries) {
          const found = await search(page, query);
          expect(first, `${query}: ${found.slice(0, 3).join(", ")}`).toContain(found[0]);
          expect(found.slice(0, 3), query).toContain(first[0]);
          // Only this language's pages.
          expect(
            found.every((path) => path.startsWith("/es") === (locale === "es")),
            query,
          ).toBe(true);
        }
      expect(errors).toEqual([]);
    });
  }

  test("the count is announced, and a query with no match says so @timing", async ({ page }) => {
    await page.goto("/es/no-existe");
    await page.getByRole("main").getByRole("searchbox").fill("asilo");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/^\d+ resultados? para “asilo”$/);
    await page.getByRole("main").getByRole("searchbox").fill("zzzxqv");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Ninguna página coincide con su búsqueda. Pruebe otra palabra o envíenos su pregunta.",
    );
  });

  test("nothing of the search loads before someone searches; then it answers in place @timing", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.clock.install();
    await page.goto("/blog/vawa-green-cards-guide");
    // Past the 3 s within which the page's idle work (island code prefetch, analytics) starts at the
    // latest, on the page's clock: that work has run, and asked for what it asks for.
    await page.clock.runFor(3500);
    // The header island's code is among what the idle work prefetches.
    await expect.poll(() => fetched.some((path) => path.startsWith("/assets/header-"))).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(fetched.filter((path) => path.startsWith("/pagefind/"))).toEqual([]);

    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search the site" });
    await expect(dialog.getByRole("searchbox")).toBeFocused();
    await dialog.getByRole("searchbox").fill("k-3");
    await expect(dialog.getByRole("status")).toHaveText(/^\d+ results? for “k-3”$/);
    expect(fetched).toContain("/pagefind/pagefind.js");
    await expect(page).toHaveURL(/\/blog\/vawa-green-cards-guide$/);
    await dialog.getByRole("link").filter({ hasText: "K-3" }).first().click();
    await expect(page).toHaveURL(new RegExp(`${practice("family-based/k-3-spouse-visa", "en")}$`));
  });

  test("a search sent before its code has arrived is answered once it arrives @timing", async ({ page }) => {
    // The search island's code is held back until the search has been sent: however fast or slow
    // the machine, the Enter comes first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/site-search-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(notFound.en);
    const box = page.getByRole("main").getByRole("searchbox");
    await box.fill("asylum");
    await box.press("Enter");
    // Still on the page: the held submit did not fall through to the blog's plain search.
    await expect(page).toHaveURL(new RegExp(`${notFound.en}$`));
    release();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/^\d+ results? for “asylum”$/);
  });

  test("the blog's search URL (the structured data's search action) shows that query's results", async ({ page }) => {
    await page.goto("/es/blog?q=asilo");
    const box = page.getByRole("main").getByRole("searchbox");
    await expect(box).toHaveValue("asilo");
    const results = page.getByRole("main").getByRole("list", { name: "Resultados de la búsqueda" }).getByRole("link");
    await expect(results.first()).toHaveAttribute("href", practice("deportation-asylum/asylum", "es"));
  });
});

test.describe("site search on a phone @mobile", () => {
  test("the header's search opens over the page and finds a page", async ({ page }) => {
    await page.setViewportSize({ width: 430, height: 900 });
    await page.goto("/es");
    await page.getByRole("banner").getByRole("button", { name: "Buscar" }).click();
    const dialog = page.getByRole("dialog", { name: "Buscar en el sitio" });
    await dialog.getByRole("searchbox").fill("visa U");
    await expect(dialog.getByRole("status")).toHaveText(/^\d+ resultados? para “visa U”$/);
    const first = dialog.getByRole("list", { name: "Resultados de la búsqueda" }).getByRole("link").first();
    await expect(first).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar la búsqueda" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("banner").getByRole("button", { name: "Buscar" })).toBeFocused();
  });
});

test.describe("site search on a narrow phone @mobile", () => {
  test("is first in the menu too, and answers there", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("searchbox").fill("U-visa");
    await expect(menu.getByRole("status")).toHaveText(/^\d+ results? for “U-visa”$/);
    await expect(menu.getByRole("list", { name: "Search results" }).getByRole("link").first()).toBeVisible();
  });
});
