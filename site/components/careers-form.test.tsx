// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { OfficeChoice } from "../../core/firm";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import SQLite from "better-sqlite3";
import { join } from "node:path";
import { pdfBytes } from "../../tests/support/files";
import { serveIntakeProcess, tempDir, validApplication } from "../../tests/support/intake";
import { SiteProvider } from "../lib/locale";
import { CareersForm } from "./careers-form";
import "../../tests/support/dom-waits";

/** The test document's origin (happy-dom's default): the intake allows it, as it does the site's own. */
const pageOrigin = "http://localhost:3000";

function renderForm(locale: Locale, office?: OfficeChoice) {
  const pathname =
    locale === "es"
      ? "/es/nuestro-bufete/bolsa-de-trabajo/asistente-legal-bilingue"
      : "/our-firm/join-our-team/bilingual-legal-assistant";
  return render(
    <SiteProvider value={{ locale, pathname, messages: messages(locale) }}>
      <CareersForm job="bilingual-legal-assistant" {...(office ? { office } : {})} />
    </SiteProvider>,
  );
}

function formOf(container: HTMLElement): HTMLFormElement {
  const form = container.querySelector("form");
  if (!form) throw new Error("no form");
  return form;
}

/** Types a valid application, as an applicant would, in the page's language. */
function fillIn(locale: Locale) {
  const t = messages(locale).careers;
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(t.fullName, validApplication.fullName);
  type(t.email, validApplication.email);
  type(t.phone, validApplication.phone);
  type(t.coverLetter, validApplication.coverLetter);
  fireEvent.click(screen.getByRole("checkbox"));
}

function chooseResume(locale: Locale, file: File) {
  const input = screen.getByLabelText(messages(locale).careers.resume);
  if (!(input instanceof HTMLInputElement)) throw new Error("the resume control is not an input");
  const picked = new DataTransfer();
  picked.items.add(file);
  input.files = picked.files;
  fireEvent.change(input);
  return input;
}

afterEach(cleanup);

describe("the job application form, as the browser shows it", () => {
  it("asks for no office when the posting names one, and sends that office", () => {
    const { container } = renderForm("en", "woodlands");
    const t = messages("en").careers;
    expect(screen.queryByLabelText(t.location)).toBeNull();
    expect(formOf(container).querySelector<HTMLInputElement>('input[name="location"]')?.value).toBe("woodlands");
  });

  it("lets the applicant choose an office when the posting names none", () => {
    renderForm("es");
    expect(screen.getByLabelText(messages("es").careers.location).tagName).toBe("SELECT");
  });

  it("offers the resume as a labelled button and names the chosen file in the page's language", () => {
    renderForm("es", "woodlands");
    const t = messages("es").careers;
    expect(screen.getByText(t.chooseFile)).toBeTruthy();
    const chosen = screen.getByTestId("careers-resume-chosen");
    expect(chosen.textContent).toBe(t.noFile);
    const input = chooseResume("es", new File([pdfBytes()], "curriculum-luis.pdf", { type: "application/pdf" }));
    expect(chosen.textContent).toBe("curriculum-luis.pdf");
    // Screen readers hear the chosen file with the control.
    expect(input.getAttribute("aria-describedby")).toContain(chosen.id);
  });

  it("shows each invalid field's message on it, focuses the first, and sends nothing", async () => {
    const { container } = renderForm("en", "woodlands");
    const t = messages("en");
    act(() => void fireEvent.submit(formOf(container)));
    await screen.findByText(t.validation.name);
    expect(screen.getByText(t.validation.coverLetter)).toBeTruthy();
    expect(screen.getByText(t.validation.consent)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(t.careers.fullName)));
    expect(screen.queryByText(t.careers.errorTitle)).toBeNull();
  });
});

describe("the job application form against the real intake server", () => {
  // Its own process: the simulated browser's globals (Request, Response) must not be the server's.
  const dir = tempDir();
  const database = join(dir, "leads.db");
  let stop = () => {};
  const stored = () => {
    const db = new SQLite(database, { readonly: true });
    try {
      return db.prepare("SELECT office, resume_name FROM submissions").all();
    } finally {
      db.close();
    }
  };
  beforeAll(async () => {
    const server = await serveIntakeProcess({
      DATABASE_URL: `file:${database}`,
      MAIL_DIR: join(dir, "mail"),
      ALLOWED_ORIGINS: pageOrigin,
    });
    stop = server.stop;
    vi.stubEnv("VITE_API_ORIGIN", `http://127.0.0.1:${server.port}`);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    stop();
  });

  it("shows the server's verdict on a resume under the file input, focused, not a 'try again' error", async () => {
    const { container } = renderForm("es", "woodlands");
    const t = messages("es");
    fillIn("es");
    // Named like a PDF, so the browser's own check lets it through; its bytes are plain text.
    const input = chooseResume("es", new File(["not a pdf at all"], "cv.pdf", { type: "application/pdf" }));
    act(() => void fireEvent.submit(formOf(container)));
    // The server reads the file in its upload worker: seconds when neighbours hold the two cores.
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"), { timeout: 60_000 });
    const error = document.getElementById("careers-resume-error");
    expect(error?.textContent).toBe(t.validation.resumeContent);
    expect(input.getAttribute("aria-describedby")).toContain("careers-resume-error");
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.queryByText(t.careers.errorTitle)).toBeNull();
    expect(screen.getByRole("button", { name: t.careers.submit })).toBeTruthy();
    expect(stored()).toHaveLength(0);
  }, 90_000);

  it("replaces the form with the success message once the application is kept", async () => {
    const { container } = renderForm("en", "woodlands");
    const t = messages("en").careers;
    fillIn("en");
    chooseResume("en", new File([pdfBytes()], "resume.pdf", { type: "application/pdf" }));
    act(() => void fireEvent.submit(formOf(container)));
    const sent = await screen.findByTestId("careers-success", {}, { timeout: 60_000 });
    expect(sent.textContent).toContain(t.successTitle);
    // Focus moves to the message once it is on the screen (an effect after the render that shows it).
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(stored()).toEqual([{ office: "woodlands", resume_name: "resume.pdf" }]);
  }, 90_000);
});
