import { describe, expect, it } from "vitest";
import { checkContent, contentEntries, loadContent } from "./load.server";
import { countWords, renderMarkdown } from "./markdown.server";

describe("content check", () => {
  it("finds no problem in content/ (front matter, words, placeholders, duplicates, links, alt text)", () => {
    expect(checkContent()).toEqual([]);
  });

  it("has a file for every page in each of its languages", () => {
    const entries = contentEntries();
    expect(entries.length).toBeGreaterThan(0);
    for (const { page, locale } of entries) expect(loadContent(page.key, locale).data.h1.length).toBeGreaterThan(2);
  });
});

describe("markdown rendering", () => {
  it("anchors headings, opens external links in a new tab and counts words", () => {
    const out = renderMarkdown(
      "## Cómo solicitar\n\nVea [USCIS](https://www.uscis.gov) y [contacto](/es/contacto).\n\n![Oficina](/x.png)",
    );
    expect(out.html).toContain('<h2 id="como-solicitar">');
    expect(out.html).toContain('href="https://www.uscis.gov" target="_blank" rel="noopener noreferrer"');
    expect(out.html).toContain('<a href="/es/contacto">');
    expect(out.links).toEqual(["https://www.uscis.gov", "/es/contacto"]);
    expect(out.images).toEqual([{ src: "/x.png", alt: "Oficina" }]);
    expect(countWords("Uno, dos — tres.")).toBe(3);
  });
});
