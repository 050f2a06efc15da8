import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../core/i18n";
import { localeFromPath } from "../../core/locales";
import { SiteProvider } from "../lib/locale";
import { SmartLink } from "./smart-link";

function render(to: string, at = "/") {
  const locale = localeFromPath(at);
  return renderToStaticMarkup(
    <SiteProvider value={{ locale, pathname: at, messages: messages(locale) }}>
      <SmartLink to={to}>link</SmartLink>
    </SiteProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("SmartLink", () => {
  it("opens external, mailto and tel links in a new tab", () => {
    for (const href of ["https://www.uscis.gov/fees", "mailto:info@lfh-immigration.example", "tel:+12815550142"]) {
      const html = render(href);
      expect(html).toContain(`href="${href}"`);
      expect(html).toContain('target="_blank"');
      expect(html).toContain('rel="noopener noreferrer"');
    }
  });

  it("keeps known internal links, job postings by their prefix, queries and anchors", () => {
    expect(render("/practice-areas")).toContain('href="/practice-areas"');
    expect(render("/our-firm/join-our-team/any-future-posting")).toContain(
      'href="/our-firm/join-our-team/any-future-posting"',
    );
    expect(render("/blog?q=visa")).toContain('href="/blog?q=visa"');
    expect(render("/contact#request-information")).not.toContain("target=");
  });

  it("sends a link to an unknown route to the home page of the current language, with a console error", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(render("/no-such-page")).toContain('href="/"');
    expect(render("/es/no-existe", "/es/contacto")).toContain('href="/es"');
    const logged = error.mock.calls.map((call) => String(call[0])).filter((m) => m.startsWith("Unknown internal link"));
    expect(logged).toEqual([
      "Unknown internal link /no-such-page; falling back to the home page.",
      "Unknown internal link /es/no-existe; falling back to the home page.",
    ]);
  });
});
