// Refusals that are not the visitor's fault (too many requests here) on a server of its own with a
// limit of one request a minute, and the success card's place under the toast on the main server.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { firm } from "../../core/firm";
import { messages } from "../../core/i18n";
import { e2e } from "./env";
import { showToast, stopPageClock } from "./clock";

const es = messages("es");
const limitedPort = e2e.port + 47;
const limited = `http://127.0.0.1:${limitedPort}`;
let child: ChildProcess | undefined;

test.beforeEach(async ({ page }) => {
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
});

async function fill(page: Page) {
  const form = page.getByTestId("consultation-form");
  await form.getByLabel("Nombre completo").fill("Rosa Díaz");
  await form.getByLabel("Correo electrónico").fill("rosa@example.com");
  await form.getByLabel("Teléfono").fill("2815550142");
  await form.getByLabel(/Cómo podemos ayudarle/).fill("Mi esposo es ciudadano y entré sin inspección.");
  await form.getByRole("checkbox").check();
  return form;
}

test.describe("a request turned away for too many requests @timing", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "lfh-limited-"));
    child = spawn(process.execPath, ["build/node/main.mjs"], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(limitedPort),
        DATABASE_URL: `file:${join(dir, "leads.db")}`,
        MAIL_DIR: join(dir, "mail"),
        RATE_LIMIT_PER_MINUTE: "1",
        // Each test is a client of its own (X-Forwarded-For), so each opens its own minute.
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes('"listening"') && resolve());
      child!.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });
  });
  test.afterAll(() => void child?.kill("SIGTERM"));

  /**
   * The one request a minute allows, spent by `address` just before its visitor sends: the minute
   * starts then, so however slowly the tests before ran, the visitor's request falls inside it.
   */
  async function spendTheMinute(request: APIRequestContext, address: string) {
    const headers = { "x-forwarded-for": address };
    expect((await request.post(`${limited}/api/leads`, { headers, data: { name: "x" } })).status()).toBe(400);
  }

  test("without JavaScript a Spanish visitor gets a Spanish page that does not blame them, the number, and Back keeps what they typed", async ({
    browser,
    request,
  }) => {
    const address = "198.51.100.1";
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "x-forwarded-for": address },
    });
    const page = await context.newPage();
    await page.goto(`${limited}/es/nuestro-bufete`);
    const form = await fill(page);
    await spendTheMinute(request, address);
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.result.refusedTitle);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText(es.result.notYourFault)).toBeVisible();
    await expect(page.getByText(es.result.rateLimited)).toBeVisible();
    await expect(page.getByRole("link", { name: firm.phone })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await page.goBack();
    await expect(page.getByTestId("consultation-form").getByLabel(/Cómo podemos ayudarle/)).toHaveValue(
      "Mi esposo es ciudadano y entré sin inspección.",
    );
    await context.close();
  });

  test("with JavaScript the form says so in Spanish, keeps what was typed and sends again on its own after the wait", async ({
    page,
    request,
  }) => {
    const address = "198.51.100.2";
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
    await page.clock.install();
    await page.goto(`${limited}/es/nuestro-bufete`);
    const form = await fill(page);
    await spendTheMinute(request, address);
    // The page's clock stands still until the test moves it past the 60 s: a busy machine reading
    // the message slowly does not let the retry go early.
    await stopPageClock(page);
    const posts: string[] = [];
    page.on("request", (r) => r.url().endsWith("/api/leads") && posts.push(r.method()));
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toContainText(es.consultation.error);
    await expect(alert).toContainText(es.result.notYourFault);
    await expect(alert).toContainText(es.result.rateLimited);
    await expect(alert).toContainText(es.result.keptHere);
    await expect(alert).toContainText(es.result.retrying.replace("{seconds}", "60"));
    await expect(alert.getByRole("link", { name: firm.phone })).toHaveAttribute("href", /^tel:/);
    await expect(form.getByLabel(/Cómo podemos ayudarle/)).toHaveValue(
      "Mi esposo es ciudadano y entré sin inspección.",
    );
    expect(posts).toHaveLength(1);
    await page.clock.runFor(61_000);
    await expect.poll(() => posts.length).toBe(2);
  });
});

test("the 'request sent' toast does not cover the start of the success card on a phone @timing", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.clock.install();
  await page.goto("/es/nuestro-bufete");
  const form = page.getByTestId("consultation-form");
  await form.scrollIntoViewIfNeeded();
  await fill(page);
  // The toast stays 4 s: the page's clock stops before the request is sent, and runs only for the
  // timer that shows the toast and the frames that slide it in, so a slow machine cannot take it
  // away before it is measured.
  await stopPageClock(page);
  await form.getByRole("button", { name: "Enviar solicitud" }).click();
  const thanks = page.getByTestId("consultation-success").locator("p").first();
  await expect(thanks).toBeVisible({ timeout: 20_000 });
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: es.ui.toastSent });
  await showToast(page, toast);
  const toastBox = (await toast.boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  const first = (await thanks.boundingBox())!;
  expect(first.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(first.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
});
