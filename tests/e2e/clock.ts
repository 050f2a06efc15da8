import type { Page } from "@playwright/test";

/**
 * Stops the page's clock (installed with `page.clock.install()`) until the test moves it with
 * `runFor`. `pauseAt` needs a time that has not yet passed when the call arrives, however slowly
 * a loaded machine carries it: an hour on (timers due meanwhile run once, as after a sleep).
 */
export async function stopPageClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 3_600_000));
}
