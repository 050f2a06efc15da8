import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { waitForMail } from "./mail";
import { messages } from "../../core/i18n";
import { referencePattern } from "../../core/reference";

const es = messages("es");

/** The captcha provider is unreachable here: the forms must go on with the placeholder token. */
test.beforeEach(async ({ page }) => {
  await page.route("https://www.google.com/recaptcha/**", (route) => route.abort());
});

async function fillConsultation(
  page: Page,
  values: { name: string; email: string; phone: string; message: string; office?: string },
) {
  const form = page.getByTestId("consultation-form");
  await form.getByLabel(/Full name|Nombre completo/).fill(values.name);
  await form.getByLabel(/^Email$|Correo electrónico/).fill(values.email);
  await form.getByLabel(/^Phone$|Teléfono/).fill(values.phone);
  if (values.office) await form.getByLabel(/Preferred office|Oficina de preferencia/).selectOption(values.office);
  await form.getByLabel(/How can we help|Cómo podemos ayudarle/).fill(values.message);
  await form.getByRole("checkbox").check();
  return form;
}

test.describe("consultation form", () => {
  test("a request in English reaches the firm's inbox with every field @timing", async ({ page }) => {
    const marker = `E2E-EN-${Date.now()}`;
    await page.goto("/our-firm");
    const form = await fillConsultation(page, {
      name: "Maria Lopez",
      email: "maria@example.com",
      phone: "(713) 555-0100",
      office: "houston",
      message: `Work visa question ${marker}`,
    });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Thanks! We'll reach out shortly.")).toBeVisible({ timeout: 20_000 });
    // Below the specification's message: who calls, from which number, when, what to do if it is
    // urgent, and the reference the firm's email carries.
    const sent = page.getByTestId("consultation-success");
    await expect(sent).toContainText("calls you from (281) 555-0142, usually within 24 hours");
    await expect(sent).toContainText("detained, or has an immigration court hearing this week");
    // A short reference read aloud on the phone, not the 36-character id; in the subject too.
    const reference = await sent.getByTestId("lead-reference").textContent();
    expect(reference).toMatch(referencePattern);
    const mail = await waitForMail(marker);
    expect(mail.text).toContain(`Reference: ${reference}`);
    expect(mail.headers["reply-to"]).toContain("maria@example.com");
    expect(mail.headers.subject).toContain("Houston office");
    expect(mail.headers.subject).toContain(`[${reference}]`);
    for (const value of [
      "Maria Lopez",
      "maria@example.com",
      "(713) 555-0100",
      "Houston office",
      "/our-firm",
      "English",
      "Consent: Yes",
    ])
      expect(mail.text).toContain(value);
  });

  test("a request in Spanish reaches the inbox and thanks the visitor in Spanish @timing", async ({ page }) => {
    const marker = `E2E-ES-${Date.now()}`;
    await page.goto("/es/nuestro-bufete");
    const form = await fillConsultation(page, {
      name: "José Martínez",
      email: "jose@example.com",
      phone: "832 555 0101",
      office: "woodlands",
      message: `Necesito ayuda con mi ciudadanía ${marker}`,
    });
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.getByText("¡Gracias! Nos comunicaremos con usted pronto.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("consultation-success")).toContainText("Qué sigue");
    const mail = await waitForMail(marker);
    expect(mail.text).toContain("José Martínez");
    expect(mail.text).toContain("Spanish");
  });

  test("each rule shows its message next to its field and focuses the first one", async ({ page }) => {
    await page.goto("/our-firm");
    const form = page.getByTestId("consultation-form");
    await form.getByLabel("Full name").fill("A");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Phone").fill("123");
    await form.getByLabel("How can we help?").fill("short");
    await form.getByRole("button", { name: "Send request" }).click();
    for (const message of [
      "Please enter your full name",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Please add some details (at least 10 characters)",
      "You must agree to the privacy policy to continue",
    ])
      await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByLabel("Full name")).toBeFocused();
    await expect(form.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  });

  test("shows Sending... while loading, then the error banner when the API answers 500; resubmitting works @timing", async ({
    page,
  }) => {
    let fail = true;
    // The failing answer waits until the test has seen "Sending...": no timer to race on a busy machine.
    let answer!: () => void;
    const seen = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/leads", async (route) => {
      if (fail) {
        await seen;
        return route.fulfill({ status: 500, body: "oops" });
      }
      return route.continue();
    });
    await page.goto("/our-firm");
    const form = await fillConsultation(page, {
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "2815550142",
      message: "Retry after an error please",
    });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    answer();
    await expect(form.getByRole("alert")).toContainText("Could not submit. Please try again later.");
    fail = false;
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Thanks! We'll reach out shortly.")).toBeVisible({ timeout: 20_000 });
  });

  test("shows the Spanish error banner when the API is unreachable", async ({ page }) => {
    await page.route("**/api/leads", (route) => route.abort("connectionrefused"));
    await page.goto("/es/nuestro-bufete");
    const form = await fillConsultation(page, {
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "2815550142",
      message: "Necesito información",
    });
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(form.getByRole("alert")).toContainText("No se pudo enviar. Inténtelo más tarde.");
  });

  test("works without JavaScript: a plain post lands on a localized result page @timing", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = `E2E-NOJS-${Date.now()}`;
    await page.goto("/es/nuestro-bufete");
    const form = await fillConsultation(page, {
      name: "Rosa Díaz",
      email: "rosa@example.com",
      phone: "2815550142",
      message: `Sin JavaScript ${marker}`,
    });
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recibimos su solicitud");
    await waitForMail(marker);
    await page.goto("/our-firm");
    await page.getByTestId("consultation-form").getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your request");
    await expect(page.getByText("Please enter your full name")).toBeVisible();
    await page.getByRole("link", { name: "Go back to the form" }).click();
    await expect(page).toHaveURL(/\/our-firm$/);
    await context.close();
  });

  test("when the form's code cannot load, the click still posts the form and the request arrives @timing", async ({
    page,
  }) => {
    await page.route(/\/assets\/lead-form-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/our-firm");
    // The first failure reloads the page once, as after a new deployment; the second stays.
    const reloaded = page.waitForEvent("load");
    await page.getByTestId("consultation-form").hover();
    await reloaded;
    const marker = `E2E-NOCHUNK-${Date.now()}`;
    const form = await fillConsultation(page, {
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "2815550142",
      message: `Code blocked ${marker}`,
    });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We received your request");
    await waitForMail(marker);
  });

  test("when the page's data block is missing, the click still posts the form @timing", async ({ page }) => {
    await page.route("**/our-firm", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="site-data">.*?<\/script>/s,
        "",
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/our-firm");
    const form = page.getByTestId("consultation-form");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please check your request");
  });
});

test.describe("information request", () => {
  test("the contact page form sends a topic and promises a reply usually within 24 hours, as the exit popup does @timing", async ({
    page,
  }) => {
    const marker = `E2E-INFO-${Date.now()}`;
    await page.goto("/contact");
    const section = page.locator("#request-information");
    await expect(section).toContainText("we usually reply within 24 hours");
    const form = page.getByTestId("information-form");
    await form.getByLabel("Full name").fill("Tom Nguyen");
    await form.getByLabel("Email").fill("tom@example.com");
    await form.getByLabel("Phone").fill("9725550100");
    await form.getByLabel("Topic").selectOption("citizenship");
    await form.getByLabel("How can we help?").fill(`When can I apply for citizenship? ${marker}`);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("information-success")).toBeVisible({ timeout: 20_000 });
    const mail = await waitForMail(marker);
    expect(mail.headers.subject).toContain("Information request");
    expect(mail.text).toContain("citizenship");
  });
});

test.describe("job application", () => {
  test("an application with a resume arrives with its attachment @timing", async ({ page }) => {
    const marker = `E2E-JOB-${Date.now()}`;
    const resume = join(tmpdir(), "e2e-resume.pdf");
    writeFileSync(resume, "%PDF-1.4\n% e2e resume\n");
    await page.goto("/our-firm/join-our-team/bilingual-legal-assistant");
    const form = page.getByTestId("careers-form");
    await form.getByLabel("Full name").fill("Luis Vega");
    await form.getByLabel("Email").fill("luis@example.com");
    await form.getByLabel("Phone").fill("2815550100");
    // The posting is at one office: the form sends it and asks for none.
    await expect(form.getByLabel("Location preference")).toHaveCount(0);
    await form
      .getByLabel("Cover letter")
      .fill(`I have five years of experience as a bilingual legal assistant. ${marker}`);
    await form.getByLabel(/Resume/).setInputFiles(resume);
    await expect(form.getByTestId("careers-resume-chosen")).toHaveText("e2e-resume.pdf");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByText("Application Submitted!")).toBeVisible({ timeout: 20_000 });
    const mail = await waitForMail(marker);
    expect(mail.attachments.map((a) => a.filename)).toEqual(["e2e-resume.pdf"]);
    expect(mail.headers.subject).toContain("Job application");
    expect(mail.text).toContain("The Woodlands office");
  });

  test("a resume the server refuses gets its message under the file input, focused, in Spanish", async ({ page }) => {
    // Named like a PDF, so the browser's own check passes; its bytes are plain text.
    const resume = join(tmpdir(), "e2e-not-a-pdf.pdf");
    writeFileSync(resume, "This is not a PDF, only text with a PDF name.\n");
    await page.goto("/es/nuestro-bufete/bolsa-de-trabajo/asistente-legal-bilingue");
    const form = page.getByTestId("careers-form");
    await form.getByLabel("Nombre completo").fill("Luis Vega");
    await form.getByLabel("Correo electrónico").fill("luis@example.com");
    await form.getByLabel("Teléfono").fill("2815550100");
    await form
      .getByLabel("Carta de presentación")
      .fill("Tengo cinco años de experiencia como asistente legal bilingüe.");
    await form.getByLabel(/Currículum/).setInputFiles(resume);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Enviar postulación" }).click();
    const file = form.getByLabel(/Currículum/);
    await expect(form.locator("#careers-resume-error")).toHaveText(es.validation.resumeContent, { timeout: 20_000 });
    await expect(file).toBeFocused();
    await expect(file).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expect(form.getByText("Error al enviar")).toHaveCount(0);
  });

  test("the resume picker is a visible button, reached and opened from the keyboard", async ({ page }) => {
    await page.goto("/our-firm/join-our-team/bilingual-legal-assistant");
    const form = page.getByTestId("careers-form");
    await expect(form.getByText("Choose a file")).toBeVisible();
    await expect(form.getByTestId("careers-resume-chosen")).toHaveText("No file chosen");
    await form.getByLabel("Cover letter").focus();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(/Resume/)).toBeFocused();
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Space");
    await (await chooser).setFiles({ name: "cv.docx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
    await expect(form.getByTestId("careers-resume-chosen")).toHaveText("cv.docx");
  });

  test("shows the Submission Error message when the API fails", async ({ page }) => {
    await page.route("**/api/careers", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/our-firm/join-our-team/bilingual-legal-assistant");
    const form = page.getByTestId("careers-form");
    await form.getByLabel("Full name").fill("Luis Vega");
    await form.getByLabel("Email").fill("luis@example.com");
    await form.getByLabel("Phone").fill("2815550100");
    await form
      .getByLabel("Cover letter")
      .fill("I have five years of experience as a bilingual legal assistant in Texas.");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Submit application" }).click();
    await expect(form.getByRole("alert")).toContainText("Submission Error");
    await expect(form.getByRole("alert")).toContainText("Email us at");
  });
});
