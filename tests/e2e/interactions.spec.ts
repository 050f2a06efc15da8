import { expect, test, type Page } from "@playwright/test";
import { stopPageClock } from "./clock";

/** Page errors (uncaught exceptions) collected while a test runs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The id (or name) of the focused element, for readable assertions. */
function focusedField(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return "";
    return active.id || active.getAttribute("name") || active.tagName;
  });
}

test.describe("desktop menu keyboard", () => {
  test("ArrowDown in the open mega menu moves through its links without an error @timing", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "Practice Areas" });
    await trigger.hover();
    await expect(nav.getByRole("link", { name: "View all practice areas" })).toBeVisible();
    await trigger.focus();
    // The menu moves focus in a later frame: each read waits for it (a busy machine read too soon).
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await page.keyboard.press("ArrowDown");
    await expect(trigger).not.toBeFocused();
    const first = await focused();
    await page.keyboard.press("ArrowDown");
    expect(first).not.toBe("");
    await expect.poll(focused).not.toBe(first);
    expect(await page.evaluate(() => document.activeElement?.closest("nav")?.getAttribute("aria-label"))).toBe("Main");
    expect(errors).toEqual([]);
  });

  test("ArrowRight and ArrowLeft move along the top level, from Contact too, without an error", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // The menu's behaviour loads on wide screens once the header is used.
    await nav.getByRole("button", { name: "Practice Areas" }).hover();
    await expect(nav.getByRole("link", { name: "View all practice areas" })).toBeVisible();
    await page.mouse.move(10, 600);
    await expect(nav.getByRole("link", { name: "View all practice areas" })).toBeHidden();
    const contact = nav.getByRole("link", { name: "Contact", exact: true });
    await contact.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await expect(nav.getByRole("link", { name: "Blog", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(nav.getByRole("button", { name: "Our Firm" })).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("the Our Firm list opens under its own trigger, not under Practice Areas", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const trigger = nav.getByRole("button", { name: "Our Firm" });
    await trigger.hover();
    const locations = nav.getByRole("link", { name: "Locations" });
    await expect(locations).toBeVisible();
    const triggerBox = await trigger.boundingBox();
    const panelBox = await locations.boundingBox();
    if (!triggerBox || !panelBox) throw new Error("menu is not displayed");
    expect(Math.abs(panelBox.x - triggerBox.x)).toBeLessThan(40);
  });

  test("the logo link's accessible name starts with the words it shows", async ({ page }) => {
    await page.goto("/es");
    const logo = page.locator("header a").first();
    await expect(logo).toHaveAccessibleName(/^LFH Immigration Law.*Inicio$/);
  });

  test("the Spanish header fits at 1280 px with the fallback fonts, English link included", async ({ page }) => {
    await page.route(/\.woff2$/, (route) => route.abort());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/es");
    const english = page.locator("header").getByRole("link", { name: /English|inglés/i });
    await expect(english).toBeVisible();
    const box = await english.boundingBox();
    if (!box) throw new Error("language switch is not displayed");
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    const overflow = await page.locator("header > div").evaluate((row) => row.scrollWidth - row.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the skip link, when focused, sits above the header and covers none of it", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    const skipBox = await skip.boundingBox();
    const logoBox = await page.locator("header a").first().boundingBox();
    if (!skipBox || !logoBox) throw new Error("not displayed");
    expect(skipBox.height).toBeGreaterThanOrEqual(44);
    expect(skipBox.y + skipBox.height).toBeLessThanOrEqual(logoBox.y);
  });
});

test.describe("focus lands where the visitor is going", () => {
  test("Request Information on the home page focuses the first visible field", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Request Information" }).click();
    await expect(page.locator("#request-information").getByLabel("Full name")).toBeFocused();
  });

  test("Request Information elsewhere opens the contact page with focus in the section's first field @timing", async ({
    page,
  }) => {
    await page.goto("/our-firm");
    await page.getByRole("banner").getByRole("button", { name: "Request Information" }).click();
    await expect(page).toHaveURL(/\/contact#request-information$/);
    const section = page.locator("#request-information");
    const first = await section.evaluate((root) => {
      const field = [...root.querySelectorAll<HTMLElement>("input, select, textarea")].find(
        (f) => !(f instanceof HTMLInputElement && f.type === "hidden") && f.getClientRects().length > 0,
      );
      return field?.id ?? "";
    });
    expect(first).not.toBe("");
    await expect.poll(() => focusedField(page)).toBe(first);
  });

  test("a link to a section of another page focuses that section", async ({ page }) => {
    await page.goto("/practice-areas/employment-based/h-1b-temporary-worker#who-qualifies");
    await expect(page.locator("#who-qualifies")).toBeFocused();
  });

  test("following a link loads the new page with focus at its start, not on the old link", async ({ page }) => {
    await page.goto("/blog");
    const link = page.locator("footer").getByRole("link", { name: "Contact", exact: true });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // The first Tab reaches the skip link, the start of the new page.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  });
});

test.describe("phone interactions @mobile", () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test("on a page without the consultation form, the bar's Free consultation opens the scheduling page", async ({
    page,
  }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByTestId("consultation-bar").getByRole("link", { name: "Free consultation" }).click();
    await expect(page).toHaveURL(/\/schedule$/);
  });

  test("the mobile menu shows the firm's name in white on navy, with a monogram", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog");
    const title = dialog.getByRole("heading", { name: "LFH Immigration Law" });
    await expect(title).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(dialog.locator("[data-monogram]")).toHaveCount(1);
  });

  test("the language switch inside the mobile menu closes the menu and opens the other language", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Ver este sitio en español" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/es\/contacto$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("the dock is one row, steps aside while a form is on screen or a field has focus @timing", async ({ page }) => {
    await page.clock.install();
    await page.goto("/our-firm");
    const dock = page.getByRole("complementary", { name: "Quick actions" });
    await page.evaluate(() => window.scrollTo(0, 500));
    // The chat button shows 3 s after the page loads.
    await page.clock.runFor(3100);
    await expect(page.getByTestId("consultation-bar")).toBeVisible();
    await expect(page.getByTestId("chat-button")).toBeVisible();
    const box = await dock.boundingBox();
    if (!box) throw new Error("dock is not displayed");
    expect(box.height).toBeLessThanOrEqual(56);
    // The consultation form comes into view: the dock goes.
    await page.locator("#consultation-section form").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("consultation-bar")).toBeHidden();
    await expect(page.getByTestId("chat-button")).toBeHidden();
    // Back to reading: it returns.
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect(page.getByTestId("chat-button")).toBeVisible();
  });

  test("the footer leaves room so the dock hides none of its last lines @timing", async ({ page }) => {
    await page.clock.install();
    await page.goto("/our-firm");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The chat button shows 3 s after the page loads.
    await page.clock.runFor(3100);
    await expect(page.getByTestId("chat-button")).toBeVisible();
    const dock = await page.getByRole("complementary", { name: "Quick actions" }).boundingBox();
    const last = await page.locator("footer p").last().boundingBox();
    if (!dock || !last) throw new Error("not displayed");
    expect(last.y + last.height).toBeLessThanOrEqual(dock.y);
  });

  test("consent checkboxes sit in 44 px tap targets", async ({ page }) => {
    await page.goto("/contact");
    const consent = page.locator("#request-information").getByRole("checkbox");
    const target = consent.locator("xpath=..");
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error("not displayed");
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    // A tap near the target's corner, outside the 20 px box itself, still ticks it.
    await page.mouse.click(box.x + 4, box.y + 4);
    await expect(consent).toBeChecked();
  });
});

test.describe("quick exit on survivors' pages @mobile", () => {
  const survivorPages = [
    "/practice-areas/victims-of-crimes/vawa-lawyer",
    "/es/areas-de-practica/victimas-de-delitos/visa-u",
    "/practice-areas/victims-of-crimes/t-visa",
    "/blog/vawa-green-cards-guide",
  ];

  for (const path of survivorPages) {
    test(`${path} has a visible quick exit and no exit-intent popup`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("link", { name: /Quick exit|Salida rápida/ })).toBeVisible();
      await expect(page.locator("dialog[data-exit-intent]")).toHaveCount(0);
    });
  }

  test("the strip names what works on a touch screen, and the shortcut only to keyboard users", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/practice-areas/victims-of-crimes/u-visa");
    const strip = page.getByRole("complementary", { name: "Quick exit" });
    // No key is named to someone who has not used the keyboard (phones have no Esc key).
    expect(await strip.evaluate((node) => (node as HTMLElement).innerText)).not.toContain("Esc");
    await expect(strip.getByText("Or press Esc three times")).toBeHidden();
    if (isMobile) await expect(strip.getByText("Tap to leave now")).toBeVisible();
    else {
      await expect(strip.getByText("Tap to leave now")).toBeHidden();
      await page.keyboard.press("Tab");
      await expect(strip.getByText("Or press Esc three times")).toBeVisible();
    }
    await expect(strip.getByRole("link", { name: "Browsing safely" })).toHaveAttribute("href", "/browsing-safely");
  });

  test("no chat link on survivors' pages; their form asks for a safe way to reach the visitor", async ({ page }) => {
    await page.goto("/es/areas-de-practica/victimas-de-delitos/visa-u");
    await expect(page.getByTestId("chat-button")).toHaveCount(0);
    await expect(page.locator('a[href^="https://wa.me"]')).toHaveCount(0);
    const field = page
      .locator("#consultation-section")
      .getByLabel("Forma y hora seguras para comunicarnos con usted (opcional)");
    await expect(field).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/si podemos dejarle un mensaje/);
    for (const tel of ["tel:911", "tel:+18007997233"])
      await expect(page.locator(`main a[href="${tel}"]`).first()).toBeVisible();
  });

  test("the open mobile menu carries its own quick exit", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the menu button shows on phones");
    await page.route(/^https:\/\/(www\.google|weather)\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>neutral</title>" }),
    );
    await page.goto("/practice-areas/victims-of-crimes/t-visa");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Quick exit" }).click();
    await expect(page).toHaveURL("https://www.google.com/");
  });

  test("pressing Esc three times leaves too @timing", async ({ page }) => {
    await page.route(/^https:\/\/(www\.google|weather)\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>neutral</title>" }),
    );
    await page.clock.install();
    await page.goto("/es/blog/guia-green-cards-vawa");
    // The three presses count within 1.5 s: the page's clock stands still, so a slow machine
    // between the presses cannot spread them out.
    await stopPageClock(page);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/guia-green-cards-vawa/);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("https://www.google.com/");
  });

  test("other pages keep the exit-intent popup and have no quick exit", async ({ page }) => {
    await page.goto("/practice-areas/employment-based/h-1b-temporary-worker");
    await expect(page.locator("dialog[data-exit-intent]")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Quick exit" })).toHaveCount(0);
  });
});

for (const width of [375, 1280]) {
  test.describe(`the quick-exit journey at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("Back never returns to a survivor page: a neutral site opens in a new tab and replaces this one", async ({
      page,
      context,
    }) => {
      await context.route(/^https:\/\/(www\.google|weather)\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>neutral</title>" }),
      );
      await page.goto("/");
      await page.goto("/practice-areas/victims-of-crimes");
      await page
        .locator("main")
        .getByRole("link", { name: /U Visa/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/u-visa$/);
      const newTab = context.waitForEvent("page");
      await page.getByRole("complementary", { name: "Quick exit" }).getByRole("link", { name: "Quick exit" }).click();
      await expect(page).toHaveURL("https://www.google.com/");
      expect((await newTab).url()).toMatch(/^https:\/\/weather\.com\//);
      await page.goBack();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      await page.goBack().catch(() => undefined);
      await expect(page).not.toHaveURL(/victims-of-crimes/);
    });
  });
}

test.describe("LFH TV", () => {
  test("each card's play button is named by its video, with no stray label, and every cover differs", async ({
    page,
  }) => {
    await page.goto("/lfh-tv");
    const buttons = page.getByRole("button", { name: /^Play video: / });
    await expect(buttons).toHaveCount(7);
    await expect(page.getByText("Play video", { exact: false })).toHaveCount(0);
    const covers = await page
      .locator("[data-video-cover]")
      .evaluateAll((nodes) => nodes.map((n) => `${getComputedStyle(n).backgroundImage}|${n.textContent}`));
    expect(new Set(covers).size).toBe(7);
    const tints = new Set(covers.map((c) => c.split("|")[0]));
    expect(tints.size).toBe(7);
  });
});
