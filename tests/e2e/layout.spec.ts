import { expect, test, type Page } from "@playwright/test";
import { everyPage } from "./pages";
import { showToast, stopPageClock } from "./clock";

test.describe("desktop header", () => {
  test("Practice Areas opens a wide panel with four groups and a view-all link, by mouse and keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Practice Areas" }).hover();
    const panel = nav.getByRole("link", { name: "View all practice areas" });
    await expect(panel).toBeVisible();
    for (const group of ["Business Immigration", "Family Immigration", "Humanitarian Immigration", "Other Services"])
      await expect(page.getByText(group, { exact: true })).toBeVisible();
    await page.mouse.move(10, 600);
    await expect(panel).toBeHidden();
    await nav.getByRole("button", { name: "Our Firm" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "Locations" }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("button", { name: "Our Firm" })).toHaveAttribute("aria-expanded", "false");
  });

  test("Request Information scrolls to the section on home and opens contact elsewhere", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Request Information" }).click();
    await expect(page.locator("#request-information")).toBeInViewport();
    await page.goto("/our-firm");
    await page.getByRole("button", { name: "Request Information" }).click();
    await expect(page).toHaveURL(/\/contact#request-information$/);
  });

  test("the payments button and external links open in a new tab", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: /PAYMENTS/ })).toHaveAttribute("target", "_blank");
    await expect(page.locator('footer a[href^="tel:"]').first()).toHaveAttribute("target", "_blank");
  });

  test("a skip link moves to the content", async ({ page }) => {
    await page.goto("/contact");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main-content$/);
  });
});

test.describe("header fits the screen @mobile", () => {
  for (const width of [360, 768, 1024, 1280]) {
    test(`at ${width} px nothing in the header runs off the screen, in both languages`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/es"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        const overflow = await page
          .locator("header a:visible, header button:visible")
          .evaluateAll((nodes, max) => nodes.filter((n) => n.getBoundingClientRect().right > max).length, width);
        expect(overflow, path).toBe(0);
        const visible = await page
          .getByRole("button", { name: /Open menu|Abrir menú/ })
          .or(page.getByRole("button", { name: /Request Information|Solicitar información/ }))
          .first()
          .isVisible();
        expect(visible, path).toBe(true);
      }
    });
  }
});

test.describe("mobile menu @mobile", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("slides in, keeps one accordion section open, traps focus, closes on Escape and on a link", async ({ page }) => {
    await page.goto("/es");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Áreas de práctica" }).click();
    await expect(dialog.getByRole("link", { name: "Asilo" })).toBeVisible();
    await dialog.getByRole("button", { name: "Nuestro bufete" }).click();
    await expect(dialog.getByRole("link", { name: "Asilo" })).toBeHidden();
    for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Abrir menú" })).toBeFocused();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/es\/blog$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test.describe("language switch", () => {
  test("from every page lands on an existing page in the other language", async ({ request }) => {
    for (const { path, locale } of everyPage) {
      const html = await (await request.get(path)).text();
      const target = new RegExp(
        `<a[^>]*hrefLang="${locale === "en" ? "es" : "en"}"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*hrefLang="${locale === "en" ? "es" : "en"}"`,
      ).exec(html);
      const href = target?.[1] ?? target?.[2];
      expect(href, path).toBeTruthy();
      const response = await request.get(href!, { maxRedirects: 0 });
      expect(response.status(), `${path} -> ${href}`).toBe(200);
      expect(await response.text()).toContain(`<html lang="${locale === "en" ? "es" : "en"}"`);
    }
  });

  test("switches a page and back, and remembers the choice", async ({ page }) => {
    await page.goto("/our-firm/faqs");
    await page
      .getByRole("link", { name: "View this site in Spanish" })
      .or(page.getByRole("link", { name: "Ver este sitio en español" }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/es\/nuestro-bufete\/preguntas-frecuentes$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => localStorage.getItem("lfh-language"))).toBe("es");
    await page.getByRole("link", { name: "View this site in English" }).first().click();
    await expect(page).toHaveURL(/\/our-firm\/faqs$/);
  });
});

test.describe("language suggestion", () => {
  test("a Spanish-speaking browser on an English page is offered the Spanish page, in Spanish", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-MX" });
    const page = await context.newPage();
    await page.goto("/contact");
    const offer = page.getByRole("region", { name: "Ver en español" });
    await expect(offer).toContainText("¿Prefiere leer en español?");
    await offer.getByRole("link", { name: "Ver en español" }).click();
    await expect(page).toHaveURL(/\/es\/contacto$/);
    await expect(page.getByRole("region", { name: /Ver en español|View in English/ })).toHaveCount(0);
    await context.close();
  });

  test("an English browser on a Spanish page is offered the English page, in English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/es/contacto");
    const offer = page.getByRole("region", { name: "View in English" });
    await expect(offer).toContainText("Prefer to read in English?");
    await offer.getByRole("button", { name: "Dismiss" }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("region", { name: "View in English" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("floating elements and exit intent (fake clock) @timing", () => {
  // The page's clock stands still from the start and moves only when a test moves it: however long
  // a busy machine takes to load the page, none of its 3 s or 10 s has passed meanwhile.
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: new Date("2026-01-05T09:00:00") });
    // An hour on: never in the past, however slowly the two calls follow each other. The page's own
    // count of time (performance.now) starts where the clock stopped, not an hour on.
    await page.clock.pauseAt(new Date("2026-01-05T10:00:00"));
  });

  test("chat after 3 s with a greeting in the page's language; scroll-to-top after 300 px", async ({ page }) => {
    await page.goto("/es/contacto");
    // The page's start-up timers of no delay (the dock is wired in one).
    await page.clock.runFor(100);
    await expect(page.getByTestId("chat-button")).toBeHidden();
    await page.clock.runFor(3100);
    const chat = page.getByTestId("chat-button");
    await expect(chat).toBeVisible();
    expect(decodeURIComponent((await chat.getAttribute("href")) ?? "")).toContain("¡Hola!");
    await expect(page.getByTestId("scroll-top")).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(page.getByTestId("scroll-top")).toBeVisible();
    await page.getByTestId("scroll-top").click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(300);
  });

  test("exit popup arms after 10 s, opens once per session on leaving through the top", async ({ page }) => {
    await page.goto("/");
    const leave = () =>
      page.evaluate(() =>
        document.dispatchEvent(new MouseEvent("mouseout", { clientY: -5, relatedTarget: null, bubbles: true })),
      );
    await page.clock.runFor(5000);
    await leave();
    await expect(page.getByTestId("exit-intent")).toBeHidden();
    await page.clock.runFor(5500);
    await leave();
    const popup = page.getByTestId("exit-intent");
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("500+ successful cases");
    // The specification's 24-hour claim, worded as what usually happens, not a promise.
    await expect(popup).toContainText("Response usually within 24 hours");
    await expect(popup).toContainText("Prior results do not guarantee a similar outcome.");
    await expect(popup).toContainText("(832) 555-0199");
    // The popup's own number is labelled, and said to reach the same team as the main one.
    await expect(popup.getByRole("link", { name: /Consultation line/ })).toHaveAccessibleDescription(
      /\(281\) 555-0142/,
    );
    // Centred at every desktop width (the CSS reset removes the dialog's auto margins).
    const box = await popup.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error("popup not displayed");
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => sessionStorage.getItem("exitIntentShown"))).toBe("1");
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toBeHidden();
    await leave();
    await expect(page.getByTestId("exit-intent")).toBeHidden();
    await page.goto("/contact");
    await page.clock.runFor(11_000);
    await leave();
    await expect(page.getByTestId("exit-intent")).toBeHidden();
  });
});

test.describe("the phone bar (the mobile floating button) @mobile", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("appears after 300 px of scrolling on small screens, with call and free consultation", async ({ page }) => {
    await page.goto("/our-firm");
    const bar = page.getByTestId("consultation-bar");
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link", { name: /^Call us/ })).toHaveAttribute("href", "tel:+12815550142");
    await bar.getByRole("link", { name: "Free consultation" }).click();
    await expect(page.locator("#consultation-section").getByLabel("Full name")).toBeFocused();
  });
});

/** The boxes of every floating layer on screen: the dock's visible buttons, the language offer, toasts. */
async function floatingBoxes(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return style.visibility !== "hidden" && style.opacity !== "0" && r.width > 0 && r.height > 0;
    };
    const layers = [
      ...new Set([
        ...document.querySelectorAll("aside[data-dock] > :not([hidden])"),
        ...document.querySelectorAll("[data-language-offer]:not([hidden])"),
        ...document.querySelectorAll("[data-sonner-toast]"),
      ]),
    ].filter((el) => !el.closest("[data-away]") && visible(el));
    return layers.map((el) => {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? el.tagName;
      return { name, x: r.x, y: r.y, w: r.width, h: r.height };
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`no two floating layers overlap at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, locale: "en-US" });

    test("dock, language offer and the sent toast @timing", async ({ page }) => {
      await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
      await page.clock.install();
      // A Spanish page for an English-speaking browser: the offer of the English page shows.
      await page.goto("/es/nuestro-bufete");
      await expect(page.locator("[data-language-offer]")).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 600));
      // The chat button shows 3 s after the page loads, and the toast for 4 s after the request is
      // sent: the page's clock is moved past the first and then stopped, so a slow machine cannot
      // take the toast away before the layers are measured.
      await page.clock.runFor(3100);
      await expect(page.getByTestId("chat-button")).toBeVisible();
      await stopPageClock(page);
      const form = page.locator("#consultation-section form");
      await form.getByLabel("Nombre completo").fill("Ana Ruiz");
      await form.getByLabel("Teléfono").fill("(281) 555-0142");
      await form.getByLabel("Correo electrónico").fill("ana@example.com");
      await form.getByLabel("¿Cómo podemos ayudarle?").fill("Quisiera hablar sobre la residencia de mi esposo.");
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(page.getByTestId("consultation-success")).toBeVisible();
      await showToast(page, page.locator("[data-sonner-toast]"));
      // Back to reading while the toast is up: the dock returns beside it.
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect(page.locator("[data-sonner-toast]")).toBeVisible();
      await expect(page.getByTestId("chat-button")).toBeVisible();
      const boxes = await floatingBoxes(page);
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) {
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
        }
    });
  });
}

test("navigation scrolls to the top and shows the new page", async ({ page }) => {
  await page.goto("/blog");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator("footer").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
