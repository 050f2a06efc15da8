import { describe, expect, it } from "vitest";
import type { Fact } from "../../core/facts-schema";
import { typesetHtml } from "../../core/typography";
import { renderInlineMarkdown, renderMarkdown } from "./markdown.server";

describe("numbers that must not wrap, and phone numbers that dial", () => {
  it("makes phone numbers, toll-free numbers and 911 tap-to-call links, and keeps form numbers on one line", () => {
    const { html } = renderMarkdown(
      "Call (281) 555-0142 or the hotline 1-800-799-7233; in danger, call 911. File Form I-360, then N-400; the DS-160 and H-1B too.",
    );
    expect(html).toContain(
      '<a href="tel:+12815550142" target="_blank" rel="noopener noreferrer" class="nowrap">(281) 555-0142</a>',
    );
    expect(html).toContain(
      '<a href="tel:+18007997233" target="_blank" rel="noopener noreferrer" class="nowrap">1-800-799-7233</a>',
    );
    expect(html).toContain('<a href="tel:911" target="_blank" rel="noopener noreferrer" class="nowrap">911</a>');
    for (const code of ["I-360", "N-400", "DS-160", "H-1B"])
      expect(html).toContain(`<span class="nowrap">${code}</span>`);
  });

  it("leaves link targets and other attributes alone, and keeps the number inside an existing link unbroken", () => {
    const { html } = renderMarkdown(
      "[Call (281) 555-0142](tel:+12815550142) and see [I-130](https://www.uscis.gov/i-130).",
    );
    expect(html).toContain('href="https://www.uscis.gov/i-130"');
    expect(html).toContain('href="tel:+12815550142"');
    expect(html).toContain('Call <span class="nowrap">(281) 555-0142</span></a>');
    expect(html).toContain('<span class="nowrap">I-130</span></a>');
  });

  it("does not touch ordinary words and years", () => {
    const html = typesetHtml("<p>A well-known 2025-2026 follow-up.</p>");
    expect(html).toBe("<p>A well-known 2025-2026 follow-up.</p>");
  });

  it("sets typographic quotes and apostrophes, but not in code", () => {
    const { html } = renderMarkdown('The officer said "approved" and it\'s done. **"Bold"** quote. `"code"`');
    expect(html).toContain("said \u201capproved\u201d and it\u2019s done");
    expect(html).toContain("<strong>\u201cBold\u201d</strong>");
    expect(html).toContain("<code>&quot;code&quot;</code>");
  });
});

describe("ledger facts shown on pages (::fact directive)", () => {
  const fact: Fact = {
    id: "visa-integrity-fee",
    claim: "The $250 visa integrity fee is law but not yet collected.",
    claimEs: "La tarifa de integridad de visa de $250 es ley, pero todavía no se cobra.",
    source: "https://www.congress.gov/bill/119th-congress/house-bill/1/text",
    verified: "2026-11-25",
    pages: ["practice-areas/employment-based/tn-visa-canadian"],
  };
  const facts = new Map([[fact.id, fact]]);
  const body = 'Intro paragraph.\n\n::fact{id="visa-integrity-fee"}\n\nMore text.';

  it("renders the dated claim in the page's language with a link to its source", () => {
    const en = renderMarkdown(body, { locale: "en", facts });
    expect(en.html).toContain("<strong>As of November 25, 2026:</strong> The $250 visa integrity fee is law");
    expect(en.html).toContain('href="https://www.congress.gov/bill/119th-congress/house-bill/1/text"');
    expect(en.html).not.toContain("::fact");
    const es = renderMarkdown(body, { locale: "es", facts });
    expect(es.html).toContain("<strong>Al 25 de noviembre de 2026:</strong> La tarifa de integridad de visa de $250");
    expect(es.html).toContain(">Fuente</a>");
    expect(es.words).toBeGreaterThan(renderMarkdown("Intro paragraph.\n\nMore text.").words + 10);
  });

  it("refuses a reference to a fact the ledger does not have", () => {
    expect(() => renderMarkdown('::fact{id="no-such-fact"}', { locale: "en", facts })).toThrow(
      /unknown fact no-such-fact/,
    );
  });

  it("publishes an image uploaded in the editor as AVIF and WebP at its built widths, with its size reserved", () => {
    const uploads = new Map([["/images/uploads/office.jpg", { width: 1000, height: 750, widths: [480, 800] }]]);
    const { html } = renderMarkdown("![Our Katy office](/images/uploads/office.jpg)", {
      locale: "en",
      facts: new Map(),
      uploads,
    });
    expect(html).toContain(
      '<source type="image/avif" srcset="/images/uploads/office-480.avif 480w, /images/uploads/office-800.avif 800w"',
    );
    expect(html).toContain(
      '<img src="/images/uploads/office-800.webp" alt="Our Katy office" width="1000" height="750"',
    );
    expect(html).not.toContain('src="/images/uploads/office.jpg"');
  });
});

describe("a FAQ answer's Markdown", () => {
  it("links the firm's pages and official tools, opens official ones in a new tab, and keeps plain words for structured data", () => {
    const answer = renderInlineMarkdown(
      "Check [your case](https://egov.uscis.gov/) or [call us](/contact) about Form [I-130](https://www.uscis.gov/es/i-130).",
    );
    expect(answer.links).toEqual(["https://egov.uscis.gov/", "/contact", "https://www.uscis.gov/es/i-130"]);
    expect(answer.html).toContain(
      '<a href="https://egov.uscis.gov/" target="_blank" rel="noopener noreferrer">your case</a>',
    );
    expect(answer.html).toContain('<a href="/contact">call us</a>');
    expect(answer.html).toContain('<span class="nowrap">I-130</span></a>');
    expect(answer.html).not.toContain("<p>");
    expect(answer.text).toBe("Check your case or call us about Form I-130.");
  });
});
