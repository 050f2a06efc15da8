import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Stops the page's clock (installed with `page.clock.install()`) until the test moves it with
 * `runFor`. `pauseAt` needs a time that has not yet passed when the call arrives, however slowly
 * a loaded machine carries it: an hour on (timers due meanwhile run once, as after a sleep).
 */
export async function stopPageClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 3_600_000));
}

/**
 * With the page's clock stopped after a form was sent: moves it in small steps until the toast
 * shows, then on for the frames that slide it in. The toast's code is fetched once the request has
 * been sent and the toast shown by a timer of no delay, so one step taken before that timer exists
 * would leave it waiting forever; each step is far short of the 4 s the toast stays.
 */
export async function showToast(page: Page, toast: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return toast.count();
    })
    .toBe(1);
  await page.clock.runFor(500);
  await expect(toast).toBeVisible();
}
