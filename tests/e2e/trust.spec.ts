// What a visitor trusts and the ways around the site: honest pictures, the number in sight, a
// phone menu with what people look for, the chat's destination said, a quick exit whose Back shows
// nothing, and forms that remember where the visitor came from.
import { expect, test } from "@playwright/test";
import { firm } from "../../core/firm";

test.beforeEach(async ({ page }) => {
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
});

test("pictures say what they show: the consultation drawing claims no attorney, the offices have no drawn towers", async ({
  page,
}) => {
  for (const path of ["/our-firm", "/es/nuestro-bufete"]) {
    await page.goto(path);
    const alt = await page.locator("#consultation-section img").getAttribute("alt");
    expect(alt).toMatch(/^(Illustration|Ilustración):/);
    expect(alt).not.toMatch(/attorney|abogad/i);
  }
  await page.goto("/our-firm/locations");
  await expect(page.locator('main img[src*="office-"], main source[srcset*="office-"]')).toHaveCount(0);
});

for (const width of [1280, 1440])
  test(`the header shows the phone number itself at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const call = page.locator("header").getByRole("link", { name: `Call us: ${firm.phone}` });
    await expect(call).toBeVisible();
    await expect(call).toContainText(firm.phone);
    // The number fits: the header does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

test("the phone menu names the attorney's role and offers TN, students, careers and payments, in sentence case in Spanish", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/es");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByText("Daniela Lara, Socia fundadora")).toBeVisible();
  await menu.getByRole("button", { name: "Áreas de práctica" }).click();
  await expect(menu.getByRole("link", { name: "Visa TN para canadienses y mexicanos" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Visas de estudiante e intercambio" })).toBeVisible();
  // Spanish writes menu labels in sentence case, and one name for the family green card.
  await expect(menu.getByText("Inmigración de negocios")).toBeVisible();
  await expect(menu.getByRole("link", { name: "Green card por familia" })).toBeVisible();
  await expect(menu.getByText(/Green Cards por Familia|Otros Servicios|Inmigración Familiar/)).toHaveCount(0);
  await menu.getByRole("button", { name: "Nuestro bufete" }).click();
  await expect(menu.getByRole("link", { name: "Trabaje con nosotros" })).toHaveAttribute("href", /bolsa-de-trabajo$/);
  await expect(menu.getByRole("link", { name: "Pagos", exact: true })).toHaveAttribute("href", "/es/pago");
});

test("the chat button says it opens WhatsApp, to a screen reader and on screen @timing", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  const chat = page.getByTestId("chat-button");
  // It shows 3 s after the page loads: the page's clock is moved past that, not waited for.
  await page.clock.runFor(3100);
  await expect(chat).toBeVisible();
  await expect(chat).toHaveAccessibleName(/WhatsApp/);
  await expect(chat).toContainText("WhatsApp");
});

test("after a quick exit one Back shows the top of the home page, not the victims card", async ({ page }) => {
  await page.route(/^https:\/\/(www\.google|weather)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>neutral</title>" }),
  );
  await page.goto("/");
  const card = page.locator('main a[href="/practice-areas/victims-of-crimes"]').first();
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await card.click();
  await expect(page).toHaveURL(/victims-of-crimes$/);
  await page.getByRole("complementary", { name: "Quick exit" }).getByRole("link", { name: "Quick exit" }).click();
  await expect(page).toHaveURL("https://www.google.com/");
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a city page's form chooses its nearest office", async ({ page }) => {
  await page.goto("/immigration-lawyer-dallas-tx");
  await expect(page.locator("#consultation-office")).toHaveValue("irving");
  await page.goto("/es/abogado-inmigracion-houston-tx");
  await expect(page.locator("#consultation-office")).toHaveValue("houston");
});

test("Request information from a practice page keeps the page's topic in the contact form", async ({ page }) => {
  await page.goto("/practice-areas/family-based/marriage-based-green-card");
  await page.locator("header").getByRole("button", { name: "Request Information" }).click();
  await expect(page).toHaveURL(/\/contact\?topic=family#request-information$/);
  await expect(page.locator("#information-topic")).toHaveValue("family");
});

test("the practice-area index opens with its introduction and lists each page once", async ({ page }) => {
  await page.goto("/practice-areas");
  const intro = page.locator("main .prose-page").first();
  const firstArea = page.locator("main section h2").first();
  expect((await intro.boundingBox())!.y).toBeLessThan((await firstArea.boundingBox())!.y);
  const listed = await page
    .locator("main section li a")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  expect(listed.length).toBeGreaterThan(20);
  expect(new Set(listed).size).toBe(listed.length);
});

test("the payment page says which of its two ways to pay to use", async ({ page }) => {
  await page.goto("/es/pago");
  await expect(page.getByTestId("payment-which")).toContainText("Hacer un pago seguro");
});

test("Español on a page with no Spanish version says so and offers the closest Spanish page", async ({ page }) => {
  for (const [path, closest] of [["/download-seo-workbook", "/es/blog"]]) {
    await page.goto(path!);
    const toSpanish = page.locator("header [data-language-switch]").first();
    await expect(toSpanish).toHaveAttribute("href", closest!);
    await expect(toSpanish).toHaveAccessibleName(/solo existe en inglés/);
  }
});

test("Español on the immigration-law overview lands on its Spanish pair, which links to the notario-fraud page", async ({
  page,
}) => {
  await page.goto("/immigration-law");
  const toSpanish = page.locator("header [data-language-switch]").first();
  await expect(toSpanish).toHaveAttribute("href", "/es/leyes-de-inmigracion");
  await toSpanish.click();
  await expect(page).toHaveURL(/\/es\/leyes-de-inmigracion$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.locator("main").getByRole("link", { name: "fraude de notarios" }).first().click();
  await expect(page).toHaveURL(/\/es\/fraude-de-notarios$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fraude de notarios: proteja su caso y su dinero");
  await expect(page.locator("footer").getByRole("link", { name: "Evite el fraude de notarios" })).toHaveAttribute(
    "href",
    "/es/fraude-de-notarios",
  );
});
