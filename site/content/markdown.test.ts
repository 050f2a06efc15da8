import { describe, expect, it } from "vitest";
import { keepNumbersTogether, renderMarkdown } from "./markdown.server";

describe("numbers that must not wrap", () => {
  it("keeps phone numbers, toll-free numbers and form numbers on one line", () => {
    const { html } = renderMarkdown(
      "Call (281) 555-0142 or the hotline 1-800-799-7233. File Form I-360, then N-400; the DS-160 and H-1B too.",
    );
    expect(html).toContain('<span class="nowrap">(281) 555-0142</span>');
    expect(html).toContain('<span class="nowrap">1-800-799-7233</span>');
    expect(html).not.toContain('<span class="nowrap">800-799-7233</span>');
    for (const code of ["I-360", "N-400", "DS-160", "H-1B"])
      expect(html).toContain(`<span class="nowrap">${code}</span>`);
  });

  it("leaves link targets and other attributes alone, and wraps the visible number inside a link", () => {
    const { html } = renderMarkdown(
      "[Call (281) 555-0142](tel:+12815550142) and see [I-130](https://www.uscis.gov/i-130).",
    );
    expect(html).toContain('href="https://www.uscis.gov/i-130"');
    expect(html).toContain('href="tel:+12815550142"');
    expect(html).toContain('Call <span class="nowrap">(281) 555-0142</span></a>');
    expect(html).toContain('<span class="nowrap">I-130</span></a>');
  });

  it("does not touch ordinary words and years", () => {
    const html = keepNumbersTogether("<p>A well-known 2025-2026 follow-up.</p>");
    expect(html).toBe("<p>A well-known 2025-2026 follow-up.</p>");
  });
});
