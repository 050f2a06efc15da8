import { expect, test, type Browser, type Page } from "@playwright/test";
import { firm } from "../../core/firm";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { officeHours } from "../../core/office-hours";
import { pathOf } from "../../core/routes";
import { urgentPathKey } from "../../core/urgent-path";
import { allMail, waitForMail } from "./mail";

/**
 * A man whose brother was just detained, on a Saturday, on a phone or a desktop, in English or
 * Spanish, with or without JavaScript: from a deportation page, a city page, the menu and the form
 * he reaches what to do now, ICE's detainee locator, EOIR's case information and when the phone
 * is answered; a request that says someone is detained reaches the firm marked urgent, and alerts
 * ALERT_TO at once.
 */

const locales: Locale[] = ["en", "es"];
const widths = [320, 1280] as const;
const alertTo = "alerts@lfh-immigration.example";
const deportation = "practice-areas/deportation-asylum/deportation-proceedings";
const city = "cities/dallas";

async function open(browser: Browser, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
  return { context, page };
}

/** What the urgent page must give him, whatever the way he came. */
async function expectUrgentPage(page: Page, locale: Locale) {
  const t = messages(locale).urgent;
  await expect(page).toHaveURL(new RegExp(`${pathOf(urgentPathKey, locale)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.linkTitle);
  const main = page.getByRole("main");
  await expect(main.locator('a[href="https://locator.ice.gov/odls/"]')).toBeVisible();
  await expect(main.locator('a[href="https://acis.eoir.justice.gov/"]')).toBeVisible();
  const call = page.getByTestId("urgent-call");
  await expect(call.getByRole("link", { name: firm.phone })).toHaveAttribute("href", /^tel:/);
  await expect(call).toContainText(officeHours(locale));
  await expect(call).toContainText(
    locale === "en" ? "weekends and on holidays" : "fines de semana y los días festivos",
  );
  // Nothing scrolls sideways on a 320 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

for (const locale of locales)
  for (const width of widths)
    for (const javaScript of [true, false])
      test(`${locale}, ${width} px, ${javaScript ? "with" : "without"} JavaScript: from a deportation page, a city page and the form`, async ({
        browser,
      }) => {
        const { context, page } = await open(browser, width, javaScript);
        const target = pathOf(urgentPathKey, locale);
        await page.goto(pathOf(deportation, locale));
        const link = page.getByTestId("urgent-path").getByRole("link");
        // In the first screen, above the long read.
        await expect(link).toBeInViewport();
        await link.click();
        await expectUrgentPage(page, locale);

        await page.goto(pathOf(city, locale));
        await expect(page.getByTestId("urgent-path").getByRole("link")).toHaveAttribute("href", target);
        const form = page.getByTestId("consultation-form");
        await form.getByRole("link", { name: messages(locale).urgent.linkTitle }).click();
        await expectUrgentPage(page, locale);
        await context.close();
      });

for (const locale of locales)
  for (const width of widths)
    test(`${locale}, ${width} px: the menu leads to the urgent path`, async ({ browser }) => {
      const { context, page } = await open(browser, width, true);
      const m = messages(locale);
      await page.goto(pathOf("home", locale));
      if (width < 1280) {
        await page.getByRole("button", { name: m.ui.openMenu }).click();
        await page.getByRole("dialog").getByRole("link", { name: m.urgent.linkTitle }).click();
      } else {
        // The panel opens on hover (a click after the hover opened it would close it again).
        const nav = page.getByRole("navigation", { name: m.ui.mainNav });
        await nav.getByRole("button", { name: m.ui.practiceAreas }).hover();
        await nav.getByRole("link", { name: m.urgent.linkTitle }).click();
      }
      await expectUrgentPage(page, locale);
      await context.close();
    });

for (const locale of locales)
  for (const javaScript of [true, false])
    test(`${locale}, ${javaScript ? "with" : "without"} JavaScript: a request saying someone is detained is marked urgent and alerts ALERT_TO @timing`, async ({
      browser,
    }) => {
      const { context, page } = await open(browser, javaScript ? 320 : 1280, javaScript);
      const m = messages(locale);
      const marker = `E2E-URGENT-${locale}-${javaScript ? "js" : "nojs"}-${Date.now()}`;
      await page.goto(pathOf(urgentPathKey, locale));
      const form = page.getByTestId("consultation-form");
      await form.getByLabel(m.consultation.name).fill("Tomás Herrera");
      await form.getByLabel(m.consultation.email, { exact: true }).fill("tomas@example.com");
      await form.getByLabel(m.consultation.phone, { exact: true }).fill("(214) 555-0101");
      await form.getByLabel(m.urgent.field).selectOption("detained");
      await form.getByLabel(m.consultation.message).fill(`My brother was detained this morning in Dallas. ${marker}`);
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: m.consultation.submit }).click();
      if (javaScript) await expect(page.getByTestId("consultation-success")).toBeVisible({ timeout: 20_000 });
      else await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.result.receivedTitle);

      const lead = await waitForMail(marker);
      expect(lead.headers.subject).toMatch(/^URGENT — /);
      expect(lead.text).toContain("URGENT (call first): Someone is detained");
      const id = lead.headers["x-lead-id"]!;
      const reference = lead.headers["x-lead-reference"]!;
      await expect
        .poll(() => allMail().some((mail) => mail.headers.to === alertTo && mail.text.includes(`Lead id: ${id}`)), {
          timeout: 30_000,
        })
        .toBe(true);
      const alert = allMail().find((mail) => mail.headers.to === alertTo && mail.text.includes(`Lead id: ${id}`))!;
      // The reference the person calling back reads aloud, in the subject and the text.
      expect(alert.headers.subject).toBe(`URGENT lead: Someone is detained — Tomás Herrera [${reference}]`);
      expect(alert.text).toContain(`Reference: ${reference}`);
      expect(alert.text).toContain("Phone: (214) 555-0101");
      await context.close();
    });
