import { expect, test, type Locator, type Page } from "@playwright/test";
import { attorneys } from "../../core/attorneys";

/** The vertical position of an element's top edge in the page. */
async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element is not displayed");
  return box.y;
}

/** Links among `selector` that are displayed and shorter than a 44 px tap target. */
async function shortTapTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0)
      .filter((link) => link.getBoundingClientRect().height < 44)
      .map((link) => `${link.textContent?.trim()} (${Math.round(link.getBoundingClientRect().height)} px)`),
  );
}

test.describe("conversion first on a phone @mobile", () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test("an attorney's portrait and credentials come before the biography", async ({ page }) => {
    await page.goto("/our-firm/sofia-fuentes");
    const profile = page.getByRole("complementary", { name: "Attorney profile" });
    await expect(profile.getByText("Partner", { exact: true })).toBeVisible();
    await expect(profile.getByText("U.S. Court of Appeals for the Fifth Circuit")).toBeVisible();
    const bio = page.locator(".prose-page").first();
    expect(await top(profile)).toBeLessThan(await top(bio));
  });

  test("a city page shows its nearest office, with call and directions, before the text", async ({ page }) => {
    await page.goto("/es/abogado-inmigracion-houston-tx");
    const office = page.getByRole("complementary", { name: "Oficina más cercana" });
    await expect(office.getByRole("link", { name: /555-0142/ })).toBeVisible();
    await expect(office.getByRole("link", { name: /Cómo llegar/ })).toBeVisible();
    expect(await top(office)).toBeLessThan(await top(page.locator(".prose-page").first()));
  });

  test('"On this page" comes before the text and the notice, and opens to the sections', async ({ page }) => {
    await page.goto("/practice-areas/employment-based/h-1b-temporary-worker");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toHaveCount(1);
    expect(await top(toc)).toBeLessThan(await top(page.locator(".prose-page").first()));
    await toc.getByText("On this page").click();
    await toc.getByRole("link", { name: "Who qualifies" }).click();
    await expect(page).toHaveURL(/#who-qualifies$/);
  });

  test("the booking calendar comes first on /schedule and the contact details and form early on /contact", async ({
    page,
  }) => {
    await page.goto("/schedule");
    const booking = page.getByRole("heading", { name: "Choose a time for your consultation" });
    expect(await top(booking)).toBeLessThan(await top(page.locator(".prose-page").first()));
    await page.goto("/contact");
    const form = page.locator("#request-information");
    expect(await top(form)).toBeLessThan(await top(page.locator(".prose-page").first()));
    expect(await top(form)).toBeLessThan(1200);
  });

  test("the practice-areas index is a scannable list of links, not a wall of cards", async ({ page }) => {
    await page.goto("/practice-areas");
    await expect(page.getByRole("link", { name: "H-1B Specialty Occupation Visas" })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(11_000);
  });

  test("careers: the open roles with their pay and an Apply button come within two phone screens", async ({ page }) => {
    const twoScreens = 2 * 667;
    for (const [path, apply, pay] of [
      ["/our-firm/join-our-team", /^Apply now/, /\$42,000\s*[–-]\s*\$52,000 a year/],
      ["/our-firm/join-our-team/bilingual-legal-assistant", /^Apply now/, /\$42,000\s*[–-]\s*\$52,000 a year/],
      ["/es/nuestro-bufete/bolsa-de-trabajo", /^Postúlese ahora/, /\$42,000\s*[–-]\s*\$52,000 al año/],
      [
        "/es/nuestro-bufete/bolsa-de-trabajo/asistente-legal-bilingue",
        /^Postúlese ahora/,
        /\$42,000\s*[–-]\s*\$52,000 al año/,
      ],
    ] as const) {
      await page.goto(path);
      const main = page.locator("main");
      const button = main.getByRole("link", { name: apply }).first();
      const box = await button.boundingBox();
      expect(box, path).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0), path).toBeLessThan(twoScreens);
      const payShown = main.getByText(pay).first();
      expect(await top(payShown), path).toBeLessThan(twoScreens);
      // The button leads to the application form.
      await button.click();
      await expect(page).toHaveURL(/\/(bilingual-legal-assistant|asistente-legal-bilingue)#apply$/);
      await expect(page.getByTestId("careers-form")).toBeInViewport();
    }
  });

  test("footer links, breadcrumbs and directions are 44 px tap targets", async ({ page }) => {
    await page.goto("/immigration-lawyer-katy-tx");
    expect(await shortTapTargets(page, "footer a")).toEqual([]);
    expect(await shortTapTargets(page, 'nav[aria-label="Breadcrumb"] a')).toEqual([]);
    await page.goto("/contact");
    expect(await shortTapTargets(page, 'a[href*="google.com/maps"]')).toEqual([]);
  });

  test("phone numbers stay on one line", async ({ page }) => {
    await page.goto("/immigration-lawyer-houston-tx");
    const numbers = page.locator("a[href^='tel:']:visible");
    for (const link of await numbers.all()) {
      // A text node that wraps has more than one client rect.
      const lines = await link.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let most = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!/\d/.test(node.textContent ?? "")) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          most = Math.max(most, range.getClientRects().length);
        }
        return most;
      });
      expect(lines, await link.innerText()).toBeLessThanOrEqual(1);
    }
  });
});

test.describe("trust and honesty", () => {
  test("attorney cards show a monogram, the title, languages and bar admissions, never an invented face", async ({
    page,
  }) => {
    await page.goto("/our-firm");
    const cards = page.getByRole("listitem").filter({ has: page.locator("[data-monogram]") });
    await expect(cards).toHaveCount(attorneys.length);
    await expect(cards.filter({ hasText: "Daniela Lara" })).toContainText("Founding Partner");
    await expect(cards.filter({ hasText: "Marcus Hale" })).toContainText("Spanish (conversational)");
    await expect(cards.filter({ hasText: "Marcus Hale" })).toContainText("Northern District of Texas");
    await expect(page.locator('img[src*="attorney-"]')).toHaveCount(0);
  });

  test("trust signals are shown and the reviews block stays hidden while the firm has no reviews", async ({ page }) => {
    await page.goto("/es");
    await expect(page.getByText("Al servicio de Texas desde 2010")).toBeVisible();
    await expect(page.getByText("Consultas en español e inglés")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lo que dicen nuestros clientes" })).toHaveCount(0);
  });

  test("each page says 'general information, not legal advice' once, in its language", async ({ page }) => {
    const pages: [string, RegExp][] = [
      ["/practice-areas/humanitarian/daca-lawyer", /general information/gi],
      ["/practice-areas", /general information/gi],
      ["/schedule", /general information/gi],
      ["/immigration-lawyer-katy-tx", /general information/gi],
      ["/blog/eb1-green-card-eligibility", /general information/gi],
      ["/our-firm/marcus-hale", /general information/gi],
      ["/es/programar", /información general/gi],
      ["/es/areas-de-practica/humanitario/daca-abogado", /información general/gi],
    ];
    for (const [path, notice] of pages) {
      await page.goto(path);
      const text = (await page.locator("main").textContent()) ?? "";
      expect(text.match(notice)?.length ?? 0, path).toBe(1);
    }
  });

  test("the payment page explains both buttons and has no practice-area heading over FAQs and Contact", async ({
    page,
  }) => {
    await page.goto("/payment");
    const options = page.getByRole("region", { name: "Two ways to pay" });
    await expect(options.getByText(/invoices, retainers and payment-plan installments/)).toBeVisible();
    await expect(options.getByText(/credit or debit card/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Related practice areas" })).toHaveCount(0);
  });

  test("a practice page names the attorney who reviewed it, and the form names the firm's credentials", async ({
    page,
  }) => {
    await page.goto("/practice-areas/victims-of-crimes/u-visa");
    await expect(page.locator("main").getByText(/^Reviewed by Daniela Lara, Founding Partner ·/)).toBeVisible();
    await expect(page.locator("#consultation-section")).toContainText("State Bar of Texas");
  });

  test("a job posting gives its pay range to search engines as the baseSalary of its JobPosting", async ({ page }) => {
    await page.goto("/es/nuestro-bufete/bolsa-de-trabajo/asistente-legal-bilingue");
    const data = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.flatMap((script) => [JSON.parse(script.textContent ?? "null") as unknown]));
    const posting = data.find(
      (item): item is { baseSalary: unknown } =>
        typeof item === "object" && item !== null && "@type" in item && item["@type"] === "JobPosting",
    );
    expect(posting?.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: 42000, maxValue: 52000, unitText: "YEAR" },
    });
  });

  test("the FAQ answers link the actions and official tools they name, in the page's language, under a jump list", async ({
    page,
  }) => {
    for (const [path, mustLink] of [
      [
        "/our-firm/faqs",
        [
          "/schedule",
          "/contact",
          "https://egov.uscis.gov/",
          "https://acis.eoir.justice.gov/en/",
          "https://www.uscis.gov/n-400",
        ],
      ],
      [
        "/es/nuestro-bufete/preguntas-frecuentes",
        [
          "/es/programar",
          "/es/contacto",
          "https://acis.eoir.justice.gov/es/",
          "https://www.uscis.gov/es/n-400",
          "https://www.uscis.gov/es/feecalculator",
        ],
      ],
    ] as const) {
      await page.goto(path);
      const answers = page.locator("main details");
      await expect(answers).toHaveCount(28);
      const hrefs = await answers.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      for (const href of mustLink) expect(hrefs, `${path} links ${href}`).toContain(href);
      // The firm's own pages in the page's language: a Spanish answer never sends a reader to English.
      const internal = hrefs.filter((href): href is string => href?.startsWith("/") ?? false);
      if (path.startsWith("/es/")) expect(internal.filter((href) => !href.startsWith("/es/"))).toEqual([]);
      const linked = await answers.evaluateAll((items) => items.filter((item) => item.querySelector("a[href]")).length);
      expect(linked, path).toBeGreaterThanOrEqual(24);
      // The jump list leads to each topic, and the reader lands on it.
      const jumps = page.getByRole("navigation", { name: /On this page|En esta página/ }).getByRole("link");
      await expect(jumps).toHaveCount(5);
      const last = jumps.last();
      const target = (await last.getAttribute("href")) ?? "";
      await last.click();
      await expect(page.locator(target)).toBeInViewport();
    }
  });

  test("careers pages carry the application, not the client consultation form", async ({ page }) => {
    await page.goto("/our-firm/join-our-team");
    await expect(page.locator("#consultation-section")).toHaveCount(0);
    await page.goto("/es/nuestro-bufete/bolsa-de-trabajo");
    await expect(page.locator("#consultation-section")).toHaveCount(0);
  });

  test("on desktop the practice sidebar stays in view while the visitor reads", async ({ page }) => {
    await page.goto("/practice-areas/employment-based/h-1b-temporary-worker");
    const sidebar = page.getByRole("complementary", { name: "Page guide" });
    await page.mouse.wheel(0, 2500);
    await expect(sidebar.getByRole("link", { name: "Free consultation" })).toBeInViewport();
  });
});

test.describe("typography", () => {
  /** One page of each kind, in both languages between them. */
  const pageKinds = [
    "/practice-areas/employment-based/h-1b-temporary-worker",
    "/es/areas-de-practica/inmigracion-familiar",
    "/practice-areas",
    "/blog/u-visa-protection-crime-victims",
    "/es/blog",
    "/immigration-lawyer-houston-tx",
    "/es/nuestro-bufete/sofia-fuentes",
    "/our-firm",
    "/es/nuestro-bufete/ubicaciones",
    "/our-firm/faqs",
    "/es/nuestro-bufete/bolsa-de-trabajo",
    "/our-firm/join-our-team/bilingual-legal-assistant",
    "/contact",
    "/es/programar",
    "/privacy-policy",
    "/sitemap",
    "/lfh-tv",
    "/payment",
    "/no-such-page",
    "/",
  ];

  for (const [width, sizes] of [
    [375, { h1: "32px", h2: "24px", h3: "20px" }],
    [1280, { h1: "48px", h2: "28px", h3: "20px" }],
  ] as const) {
    test(`one heading scale on every kind of page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const found: Record<string, Set<string>> = { h1: new Set(), h2: new Set(), h3: new Set() };
      for (const path of pageKinds) {
        await page.goto(path);
        const measured = await page.locator("h1, h2, h3").evaluateAll((headings) =>
          headings
            .filter((h) => h.getClientRects().length > 0 && h.getBoundingClientRect().width > 1)
            .map((h) => ({
              level: h.tagName.toLowerCase(),
              size: getComputedStyle(h).fontSize,
              text: h.textContent,
            })),
        );
        for (const { level, size, text } of measured) {
          // The home page's hero title is the one larger title.
          if (path === "/" && level === "h1") continue;
          found[level]?.add(size);
          expect(size, `${path}: <${level}> "${text?.trim()}"`).toBe(sizes[level as keyof typeof sizes]);
        }
      }
      expect([...(found.h2 ?? [])]).toEqual([sizes.h2]);
    });
  }

  test("form numbers in React-printed titles and cards never break at the hyphen, on a 320 px phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/practice-areas/employment-based");
    const codes = page.locator("main .nowrap", { hasText: /^[A-Z]{1,4}-\d/ });
    expect(await codes.count()).toBeGreaterThan(5);
    await page.goto("/es/areas-de-practica/inmigracion-laboral/h-1b-trabajador-temporal");
    const code = page.locator("h1 .nowrap");
    await expect(code).toHaveText("H-1B");
    // Copy, find in page and search still see the hyphen people type.
    expect(await page.locator("h1").textContent()).toContain("H-1B");
    for (const path of ["/practice-areas/employment-based", "/our-firm/faqs", "/es/blog"]) {
      await page.goto(path);
      const broken = await page
        .locator("main .nowrap")
        .evaluateAll((spans) =>
          spans.filter((span) => span.getClientRects().length > 1).map((span) => span.textContent),
        );
      expect(broken, path).toEqual([]);
    }
  });
});
