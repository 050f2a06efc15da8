import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scanContent } from "./content-routes";

let dir: string;
const content = () => join(dir, "content");
const write = (path: string, text: string) => writeFileSync(join(content(), path), text);
const read = (path: string) => readFileSync(join(content(), path), "utf8");
/** A copy of a real page with its front matter changed: the fixture is today's content plus one edit. */
const variant = (from: string, to: string, replace: [RegExp, string][]) =>
  write(
    to,
    replace.reduce((text, [pattern, value]) => text.replace(pattern, value), read(from)),
  );

// The folders these cases touch (practice areas, the bulk of the content, are left out for speed).
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "lfh-content-"));
  for (const locale of ["en", "es"])
    for (const folder of ["blog", "our-firm", "cities"])
      cpSync(join(process.cwd(), "content", locale, folder), join(content(), locale, folder), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("content decides the routes", () => {
  it("turns today's content into the route map's content pages, with no problem", () => {
    const { pages, attorneys, problems } = scanContent(join(process.cwd(), "content"));
    expect(problems).toEqual([]);
    expect(pages.find((p) => p.key === "blog/vawa-green-cards-guide")?.paths).toEqual({
      en: "/blog/vawa-green-cards-guide",
      es: "/es/blog/guia-green-cards-vawa",
    });
    expect(pages.find((p) => p.key === "practice-areas/employment-based-green-cards/green-card-for-parents")).toEqual({
      key: "practice-areas/employment-based-green-cards/green-card-for-parents",
      kind: "practice",
      paths: {
        en: "/practice-areas/employment-based-green-cards/green-card-for-parents",
        es: "/es/areas-de-practica/green-cards-empleo/green-card-padres",
      },
      previousPaths: [],
      canonicalKey: "practice-areas/family-based/green-card-parents",
    });
    expect(attorneys.map((a) => a.name)).toEqual(["Daniela Lara", "Sofía Fuentes", "Marcus Hale"]);
  });

  it("adds an attorney and a city from their Markdown files alone", () => {
    for (const locale of ["en", "es"]) {
      variant(`${locale}/our-firm/marcus-hale.md`, `${locale}/our-firm/ana-ortiz.md`, [
        [/^slug: .*$/m, 'slug: "ana-ortiz"'],
        [/^name: .*$/m, 'name: "Ana Ortiz"'],
        [/^order: .*$/m, "order: 4"],
      ]);
      variant(`${locale}/cities/katy.md`, `${locale}/cities/conroe.md`, [[/^slug: .*$/m, 'slug: "conroe"']]);
    }
    const { pages, attorneys, problems } = scanContent(content());
    expect(problems).toEqual([]);
    expect(pages.find((p) => p.key === "our-firm/ana-ortiz")?.paths).toEqual({
      en: "/our-firm/ana-ortiz",
      es: "/es/nuestro-bufete/ana-ortiz",
    });
    expect(pages.find((p) => p.key === "cities/conroe")?.paths).toEqual({
      en: "/immigration-lawyer-conroe-tx",
      es: "/es/abogado-inmigracion-conroe-tx",
    });
    expect(attorneys.at(-1)).toMatchObject({ slug: "ana-ortiz", name: "Ana Ortiz" });
  });

  it("records a renamed slug's old address, to answer it with a 301", () => {
    const file = "es/blog/vawa-green-cards-guide.md";
    variant(file, file, [[/^slug: .*$/m, 'slug: "green-card-vawa-guia"\npreviousSlugs: ["guia-green-cards-vawa"]']]);
    const { pages, problems } = scanContent(content());
    expect(problems).toEqual([]);
    expect(pages.find((p) => p.key === "blog/vawa-green-cards-guide")).toMatchObject({
      paths: { es: "/es/blog/green-card-vawa-guia" },
      previousPaths: ["/es/blog/guia-green-cards-vawa"],
    });
  });

  it("stops on a slug that collides, naming the file and the field", () => {
    variant("es/blog/eb1-green-card-eligibility.md", "es/blog/eb1-green-card-eligibility.md", [
      [/^slug: .*$/m, 'slug: "guia-green-cards-vawa"'],
    ]);
    expect(scanContent(content()).problems).toEqual([
      "content/es/blog/eb1-green-card-eligibility.md and content/es/blog/vawa-green-cards-guide.md have the same web address /es/blog/guia-green-cards-vawa: give one of them another web address (slug).",
    ]);
  });

  it("blames the page the editor saved as `-1` for taking an existing address, not the page that had it", () => {
    for (const locale of ["en", "es"])
      variant(`${locale}/blog/vawa-green-cards-guide.md`, `${locale}/blog/vawa-green-cards-guide-1.md`, []);
    const problems = scanContent(content()).problems;
    expect(problems).toEqual([
      "content/en/blog/vawa-green-cards-guide-1.md: the web address /blog/vawa-green-cards-guide is already the address of content/en/blog/vawa-green-cards-guide.md: give this page another web address (slug).",
      "content/es/blog/vawa-green-cards-guide-1.md: the web address /es/blog/guia-green-cards-vawa is already the address of content/es/blog/vawa-green-cards-guide.md: give this page another web address (slug).",
    ]);
  });

  it("names a missing translation in staff's words, with the page's title and file, and reads an emptied value as not set", () => {
    variant("es/blog/vawa-green-cards-guide.md", "es/blog/vawa-green-cards-guide.md", [[/^title: .*\n/m, ""]]);
    variant("en/blog/vawa-green-cards-guide.md", "en/blog/vawa-green-cards-guide.md", [
      [/^order: .*$/m, "order: null"],
    ]);
    variant("en/blog/eb1-green-card-eligibility.md", "en/blog/eb1-green-card-eligibility.md", [
      [/^summary: .*$/m, "summary: null\norder: null"],
    ]);
    const title = /^title: "?([^"\n]+)"?$/m.exec(read("en/blog/vawa-green-cards-guide.md"))?.[1] ?? "";
    expect(scanContent(content()).problems).toEqual([
      "The English summary is missing in 'EB-1 Green Card Eligibility: EB-1A, EB-1B and EB-1C Explained' (content/en/blog/eb1-green-card-eligibility.md).",
      `The Spanish title is missing in '${title}' (content/es/blog/vawa-green-cards-guide.md).`,
    ]);
  });

  it("stops on a city without its Spanish page, and on front matter that fails its schema", () => {
    variant("en/cities/katy.md", "en/cities/conroe.md", [[/^slug: .*$/m, 'slug: "conroe"']]);
    variant("en/blog/eb1-green-card-eligibility.md", "en/blog/eb1-green-card-eligibility.md", [
      [/^slug: .*$/m, 'slug: "EB1 Guide"'],
      [/^published: .*$/m, 'published: "March 2025"'],
    ]);
    expect(scanContent(content()).problems).toEqual([
      "The English web address in 'EB-1 Green Card Eligibility: EB-1A, EB-1B and EB-1C Explained' (content/en/blog/eb1-green-card-eligibility.md) is not valid: lowercase letters, digits and single hyphens, e.g. green-card-guide.",
      "The English publication date in 'EB-1 Green Card Eligibility: EB-1A, EB-1B and EB-1C Explained' (content/en/blog/eb1-green-card-eligibility.md) is not valid: use YYYY-MM-DD.",
      "content/es/cities/conroe.md: missing (a city page needs both English and Spanish)",
    ]);
  });

  it("stops on a page in a content folder that does not say its kind, and on an author with no profile", () => {
    variant("en/blog/eb1-green-card-eligibility.md", "en/blog/new-guide.md", [
      [/^kind: .*\n/m, ""],
      [/^slug: .*$/m, 'slug: "new-guide"'],
    ]);
    variant("es/blog/eb1-green-card-eligibility.md", "es/blog/eb1-green-card-eligibility.md", [
      [/^author: .*$/m, 'author: "nadie"'],
    ]);
    expect(scanContent(content()).problems).toEqual([
      "content/en/blog/new-guide.md: kind: missing (pages in this folder are added content)",
      "content/es/blog/eb1-green-card-eligibility.md: author: no attorney profile content/es/our-firm/nadie.md",
    ]);
  });
});
