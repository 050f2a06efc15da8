import { expect, test, type Locator, type Page } from "@playwright/test";
import { firm } from "../../core/firm";
import { pageByKey } from "../../core/routes";
import { onePerKind } from "./pages";

/** A page of every kind in both languages, and the survivors' pages with their quick-exit strip. */
const vawa = pageByKey("practice-areas/victims-of-crimes/vawa-lawyer");
const samplePages = [...onePerKind.map((entry) => entry.path), ...Object.values(vawa?.paths ?? {})];
const menuButton = (page: Page) => page.getByRole("button", { name: /^(Open menu|Abrir menú)$/ });

async function scrolledDown(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
}

/** Past the point where the dock appears (300 px), before any form that would make it step aside. */
async function dockShown(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 900));
}

test.describe("reflow at 320 px (a small phone, or 400% zoom)", () => {
  test("no page scrolls sideways and the menu button is on screen, in both languages", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of samplePages) {
      await page.goto(path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
      const box = await menuButton(page).boundingBox();
      expect(box, `${path} has a menu button`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${path}: the menu button's right edge`).toBeLessThanOrEqual(320);
      await expect(menuButton(page), path).toBeInViewport({ ratio: 1 });
    }
  });

  test("on a short screen (320 x 256) the header and the bottom bar scroll with the page", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 256 });
    for (const path of ["/practice-areas/employment-based/h-1b-temporary-worker", "/es/contacto"]) {
      await page.goto(path);
      await scrolledDown(page);
      await expect(page.locator("header").first(), path).not.toBeInViewport();
      // The bar is shown past 300 px of scrolling, after the footer, not over the text.
      const bar = page.getByTestId("consultation-bar");
      await expect(bar, path).toBeAttached();
      await expect(bar, path).not.toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(bar, path).toBeInViewport();
    }
    // Survivors keep the quick exit at hand: the strip stays, alone, at the very top.
    await page.goto(vawa?.paths.en ?? "/");
    await scrolledDown(page);
    const strip = page.getByRole("complementary", { name: "Quick exit" });
    await expect(strip).toBeInViewport();
    expect((await strip.boundingBox())?.y).toBe(0);
  });

  test("a tall phone keeps the header and the bar in reach while reading", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/practice-areas/employment-based/h-1b-temporary-worker");
    await scrolledDown(page);
    await expect(page.locator("header").first()).toBeInViewport();
    await expect(page.getByTestId("consultation-bar")).toBeInViewport();
  });

  for (const width of [320, 360, 375, 390, 412]) {
    test(`the bottom bar's "Free consultation" is whole at ${width} px, in both languages`, async ({ page }) => {
      await page.setViewportSize({ width, height: 780 });
      for (const { path, name } of [
        { path: "/", name: "Free consultation" },
        { path: "/es", name: "Consulta gratuita" },
      ]) {
        await page.goto(path);
        await dockShown(page);
        const link = page.getByTestId("consultation-bar").getByRole("link", { name });
        await expect(link).toBeVisible();
        // Chat joins the dock after 3 s and takes its share of the row.
        await expect(page.getByTestId("chat-button")).toBeVisible();
        const { scrollWidth, clientWidth } = await link.evaluate((a) => ({
          scrollWidth: a.scrollWidth,
          clientWidth: a.clientWidth,
        }));
        expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(clientWidth);
      }
    });
  }
});

async function border(locator: Locator) {
  await expect(locator).toBeVisible();
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.borderTopStyle, width: parseFloat(style.borderTopWidth) };
  });
}

test.describe("forced colors (Windows high contrast)", () => {
  test("filled buttons keep a visible border", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto("/immigration-lawyer-katy-tx");
    const filled = [
      page.locator("header").getByRole("link", { name: "Free consultation" }),
      page
        .getByRole("link", { name: new RegExp(firm.phone.replace(/[()]/g, "\\$&")) })
        .and(page.locator(".btn-primary")),
      page.locator("#consultation-section").getByRole("button", { name: "Send request" }),
    ];
    for (const button of filled) expect(await border(button.first())).toEqual({ style: "solid", width: 1 });

    // The phone's bottom bar, in Spanish.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/es");
    await dockShown(page);
    const bar = page.getByTestId("consultation-bar");
    expect(await border(bar.getByRole("link", { name: "Consulta gratuita" }))).toEqual({ style: "solid", width: 1 });
    expect(await border(bar.getByRole("link", { name: /Llámenos|Call/ }))).toEqual({ style: "solid", width: 1 });
  });

  test("without forced colors the buttons keep their size (no border)", async ({ page }) => {
    await page.goto("/contact");
    expect((await border(page.getByRole("button", { name: "Send request" }).first())).width).toBe(0);
  });
});

test.describe("print", () => {
  const printed = [
    { path: "/immigration-lawyer-katy-tx", factDate: /As of \w+ \d+, \d{4}:/ },
    { path: "/es/abogado-inmigracion-katy-tx", factDate: /Al \d+ de \w+ de \d{4}:/ },
    { path: vawa?.paths.en ?? "/", factDate: undefined },
    { path: vawa?.paths.es ?? "/es", factDate: undefined },
  ];
  for (const { path, factDate } of printed) {
    test(`${path} prints its content and the firm's contact line, without the site's chrome`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 780 });
      await page.goto(path);
      await scrolledDown(page);
      await page.emulateMedia({ media: "print" });

      for (const chrome of [
        page.locator("header").first(),
        page.locator("footer").last(),
        page.locator("[data-dock]").first(),
        page.locator("[data-quick-exit-strip]"),
        page.locator("#consultation-section"),
        page.locator("main form").first(),
        page.getByRole("navigation", { name: /Breadcrumb|Ruta/ }),
      ])
        await expect(chrome).toBeHidden();

      const contact = page.locator("main > p").first();
      await expect(contact).toBeVisible();
      await expect(contact).toContainText(firm.name);
      await expect(contact).toContainText(firm.phone);
      await expect(contact).toContainText(new RegExp(`https?://[^ ]+${path.replace(/\//g, "\\/")}$`));

      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("main time").last()).toBeVisible();
      if (factDate)
        await expect(page.locator(".prose-page strong").filter({ hasText: factDate }).first()).toBeVisible();
      // Each link in the text is followed by where it leads.
      const link = page.locator('.prose-page a[href^="http"], .prose-page a[href^="/"]').first();
      const href = await link.getAttribute("href");
      const after = await link.evaluate((a) => getComputedStyle(a, "::after").content);
      expect(after).toContain(href);
    });
  }
});
