// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { SiteProvider } from "../lib/locale";
import { LeadForm } from "./lead-form";
import "../../tests/support/dom-waits";

function renderForm(locale: Locale, pathname: string) {
  return render(
    <SiteProvider value={{ locale, pathname, messages: messages(locale) }}>
      <LeadForm source="consultation-lead" idPrefix="consultation" />
    </SiteProvider>,
  );
}

afterEach(cleanup);

describe("the consultation form, as the browser runs it", () => {
  it("names every control after its schema field and labels it in the page's language", () => {
    renderForm("es", "/es/nuestro-bufete");
    const t = messages("es").consultation;
    expect(screen.getByLabelText(t.name).getAttribute("name")).toBe("name");
    expect(screen.getByLabelText(t.phone).getAttribute("name")).toBe("phone");
    expect(screen.getByLabelText(t.email).getAttribute("name")).toBe("email");
    expect(screen.getByLabelText(t.message).getAttribute("name")).toBe("message");
    expect(screen.getByRole("checkbox").getAttribute("name")).toBe("consent");
  });

  it("shows each invalid field's message beside it, focuses the first, and sends nothing", async () => {
    const { container } = renderForm("en", "/our-firm");
    const t = messages("en");
    fireEvent.change(screen.getByLabelText(t.consultation.email), { target: { value: "not-an-email" } });
    const form = container.querySelector("form");
    if (!form) throw new Error("no form");
    act(() => void fireEvent.submit(form));
    // The schemas load on the first submit: the messages appear once they have.
    await screen.findByText(t.validation.name);
    expect(screen.getByText(t.validation.email)).toBeTruthy();
    expect(screen.getByText(t.validation.consent)).toBeTruthy();
    const name = screen.getByLabelText(t.consultation.name);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: t.consultation.submit })).toBeTruthy();
  });
});
