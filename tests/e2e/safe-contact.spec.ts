import { expect, test, type Page } from "@playwright/test";
import { pathOf } from "../../core/routes";
import { waitForMail } from "./mail";

/**
 * A survivor on a watched phone writes how it is safe to reach her ("text only, no voicemail").
 * What the site says after she sends the form must not contradict her with a promised call from
 * the firm's number: with and without JavaScript, in both languages.
 */

const vawa = "practice-areas/victims-of-crimes/vawa-lawyer";

const cases = [
  {
    locale: "en",
    path: pathOf(vawa, "en"),
    send: "Send request",
    safeContact: "Text only, weekdays after 2 p.m. Do not leave a voicemail.",
    follows: "only the way you told us is safe",
    contradicts: /calls you from|will contact you shortly/,
  },
  {
    locale: "es",
    path: pathOf(vawa, "es"),
    send: "Enviar solicitud",
    safeContact: "Solo mensajes de texto, entre semana después de las 2 p.m. No deje mensaje de voz.",
    follows: "solo de la forma que nos indicó como segura",
    contradicts: /le llamará desde|se comunicará con usted pronto/,
  },
] as const;

test.beforeEach(async ({ page }) => {
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
});

async function fillSurvivorForm(page: Page, marker: string, safeContact: string) {
  const form = page.getByTestId("consultation-form");
  await form.getByLabel(/Full name|Nombre completo/).fill("Marisol Quintero");
  await form.getByLabel(/^Email$|Correo electrónico/).fill("marisol@example.com");
  await form.getByLabel(/^Phone$|Teléfono/).fill("(713) 555-0100");
  await form.getByLabel(/Safe way and time|Forma y hora seguras/).fill(safeContact);
  await form.getByLabel(/How can we help|Cómo podemos ayudarle/).fill(`VAWA self-petition ${marker}`);
  await form.getByRole("checkbox").check();
  return form;
}

for (const c of cases) {
  test.describe(`survivor's form (${c.locale}) @timing`, () => {
    test("the success card says the team will follow her safe-contact instructions", async ({ page }) => {
      const marker = `E2E-SAFE-${c.locale}-${Date.now()}`;
      await page.goto(c.path);
      const form = await fillSurvivorForm(page, marker, c.safeContact);
      await form.getByRole("button", { name: c.send }).click();
      const sent = page.getByTestId("consultation-success");
      await expect(sent).toBeVisible({ timeout: 20_000 });
      await expect(sent).toContainText(c.follows);
      await expect(sent).not.toContainText(c.contradicts);
      const mail = await waitForMail(marker);
      expect(mail.text).toContain(`SAFE CONTACT (read before calling): ${c.safeContact}`);
    });

    test("without JavaScript the result page says the same", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const marker = `E2E-SAFE-NOJS-${c.locale}-${Date.now()}`;
      await page.goto(c.path);
      const form = await fillSurvivorForm(page, marker, c.safeContact);
      await form.getByRole("button", { name: c.send }).click();
      const main = page.getByRole("main");
      await expect(main).toContainText(c.follows);
      await expect(main).not.toContainText(c.contradicts);
      await waitForMail(marker);
      await context.close();
    });
  });
}
