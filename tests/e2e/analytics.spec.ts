import { expect, test, type Page } from "@playwright/test";
import { analyticsOrigins } from "../../core/analytics";

const measurementId = "G-E2ETEST42";

/** The captcha provider and Google Analytics are unreachable here; record what the page asks for. */
async function watchAnalytics(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
  await page.route(`${analyticsOrigins.script}/**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  return requested;
}

/**
 * Serves the page as the build does when the firm has configured an analytics id: the id in the
 * head and the analytics origin allowed by the page's policy.
 */
async function withAnalyticsId(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "<head>",
      `<head><meta name="analytics-id" content="${measurementId}"/>`,
    );
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    if (csp)
      headers["content-security-policy"] = csp.replace(
        "script-src 'self'",
        `script-src 'self' ${analyticsOrigins.script}`,
      );
    return route.fulfill({ response, body: html, headers });
  });
}

async function submitConsultation(page: Page): Promise<void> {
  const form = page.getByTestId("consultation-form");
  await form.getByLabel("Full name").fill("Ana Ruiz");
  await form.getByLabel("Email").fill("ana@example.com");
  await form.getByLabel("Phone").fill("2815550142");
  await form.getByLabel("How can we help?").fill(`Analytics check ${Date.now()}`);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Thanks! We'll reach out shortly.")).toBeVisible({ timeout: 20_000 });
}

const dataLayer = (page: Page) => page.evaluate(() => JSON.stringify(window.dataLayer ?? null));

test("with an analytics id, the script loads and a consultation request is reported with its language @timing", async ({
  page,
}) => {
  const requested = await watchAnalytics(page);
  await withAnalyticsId(page, "/our-firm");
  await page.goto("/our-firm");
  await submitConsultation(page);
  // Loaded when the page fell idle, or by the event itself on a busy machine: its request may still be on its way.
  await expect.poll(() => requested).toEqual([`${analyticsOrigins.script}/gtag/js?id=${measurementId}`]);
  const layer = await dataLayer(page);
  expect(layer).toContain(`"1":"consultation_form_submit"`);
  expect(layer).toContain(`"event_category":"lead","event_label":"en"`);
});

test("a visitor who sends Global Privacy Control is not tracked, even with an analytics id", async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  const requested = await watchAnalytics(page);
  await withAnalyticsId(page, "/our-firm");
  await page.goto("/our-firm");
  await submitConsultation(page);
  expect(requested).toEqual([]);
  expect(await dataLayer(page)).toBe("null");
});

test("with no analytics id configured, nothing loads and nothing is recorded", async ({ page }) => {
  const requested = await watchAnalytics(page);
  await page.goto("/our-firm");
  await expect(page.locator('meta[name="analytics-id"]')).toHaveCount(0);
  await submitConsultation(page);
  expect(requested).toEqual([]);
  expect(await dataLayer(page)).toBe("null");
});
