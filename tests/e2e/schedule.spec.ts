import { expect, test, type Page } from "@playwright/test";
import { firm } from "../../core/firm";

/**
 * The scheduling page's booking button, with and without script, on a phone and a desktop. The
 * booking calendar is a third-party page: a stand-in answers for it here.
 */
const pages = [
  { path: "/schedule", button: "Show the booking calendar", title: "Choose a time for your consultation" },
  { path: "/es/programar", button: "Mostrar el calendario de citas", title: "Elija un horario para su consulta" },
];
const calendarText = "Calendar stand-in";
/** The booking control, whatever it is made of: the old page had a button that did nothing. */
const bookingControl = (page: Page, name: string) =>
  page.getByRole("link", { name }).or(page.getByRole("button", { name }));

async function standInCalendar(page: Page) {
  await page.route(`${new URL(firm.bookingUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Booking</title><p>${calendarText}</p>` }),
  );
}

test.describe("the booking calendar", () => {
  for (const width of [320, 1280]) {
    for (const { path, button, title } of pages) {
      test(`${path} at ${width} px: the button shows the calendar in place, the form right under it @timing`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width < 400 ? 640 : 900 });
        await standInCalendar(page);
        await page.goto(path);
        await bookingControl(page, button).click();
        const calendar = page.locator(`iframe[title="${title}"]`);
        await expect(calendar).toBeVisible();
        await expect(calendar).toHaveAttribute("src", firm.bookingUrl);
        await expect(calendar).toBeFocused();
        await expect(page.frameLocator(`iframe[title="${title}"]`).getByText(calendarText)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(bookingControl(page, button)).toHaveCount(0);

        // The consultation form follows the calendar's card, before the page's explanations.
        const card = await page.getByRole("region", { name: title }).boundingBox();
        const form = await page.locator("#consultation-section").boundingBox();
        const prose = await page.locator(".prose-page").first().boundingBox();
        expect(card && form && prose).toBeTruthy();
        if (!card || !form || !prose) return;
        expect(form.y).toBeGreaterThanOrEqual(card.y + card.height);
        expect(form.y - (card.y + card.height)).toBeLessThan(80);
        expect(form.y).toBeLessThan(prose.y);
        await page.locator("#consultation-section").getByRole("textbox").first().scrollIntoViewIfNeeded();
        await expect(page.locator("#consultation-section").getByRole("textbox").first()).toBeInViewport();
      });
    }
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    for (const { path, button } of pages) {
      test(`${path}: the button opens the booking calendar's page`, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 640 });
        await standInCalendar(page);
        await page.goto(path);
        await bookingControl(page, button).click();
        await expect(page).toHaveURL(firm.bookingUrl);
        await expect(page.getByText(calendarText)).toBeVisible();
      });
    }
  });
});
