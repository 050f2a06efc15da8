import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cmsConfig, type CmsConfig, type CmsField } from "./cms-config";
import { editorTexts } from "./editor-text";
import { localizedConfig } from "./localized-config";
import { pageFiles } from "./staff-bar";
import { missingTranslationList, searchEverything, type ContentFile } from "./staff-index";

const config = cmsConfig({ name: "github" }, false, ["family-based"], ["general.yaml"]);

function page(path: string, front: Record<string, unknown>, body: string): ContentFile {
  const yaml = Object.entries(front)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join("\n");
  return { path, text: `---\n${yaml}\n---\n\n${body}\n` };
}

const article = (slug: string, title: string) => ({
  kind: "article",
  slug,
  title,
  description: "x".repeat(80),
  h1: title,
  updated: "2026-11-20",
  summary: "A short guide.",
  related: ["practice-areas/citizenship/naturalization"],
});

const fees: ContentFile = { path: "content/facts/fees.yaml", text: readFileSync("content/facts/fees.yaml", "utf8") };

describe("the pages missing a translation, one click away", () => {
  it("lists a page without its Spanish file and one with an empty Spanish field, each linking to its entry", () => {
    const files = [
      page("content/en/blog/complete.md", article("complete", "Complete guide"), "Text."),
      page("content/es/blog/complete.md", article("completa", "Guía completa"), "Texto."),
      page("content/en/blog/english-only.md", article("english-only", "English only"), "Text."),
      page("content/en/blog/half.md", article("half", "Half translated"), "Text."),
      page("content/es/blog/half.md", { ...article("mitad", "Mitad"), summary: "" }, "Texto."),
    ];
    expect(missingTranslationList(config, files, editorTexts.en)).toEqual([
      {
        title: "English only",
        hash: "#/collections/articles/entries/english-only",
        problem: "The Spanish page is missing (content/es/blog/english-only.md).",
      },
      {
        title: "Half translated",
        hash: "#/collections/articles/entries/half",
        problem: "The Spanish column is missing: Summary. Fill in every field in both languages, then save.",
      },
    ]);
  });

  it("says it in Spanish for a Spanish-speaking editor, with the Spanish field names", () => {
    const files = [
      page("content/en/blog/half.md", article("half", "Half translated"), "Text."),
      page("content/es/blog/half.md", { ...article("mitad", "Mitad"), summary: "" }, "Texto."),
    ];
    expect(missingTranslationList(localizedConfig(config, "es"), files, editorTexts.es)[0]?.problem).toBe(
      "Falta la columna en español: Resumen. Complete todos los campos en los dos idiomas y guarde.",
    );
  });
});

describe("a search across every collection", () => {
  const files = [
    fees,
    page(
      "content/en/practice-areas/family-based/petition.md",
      { kind: "practice", slug: "petition", title: "Family petitions", category: "family-based" },
      'The I-130 costs ::fee{id="i-130/paper"} on paper.',
    ),
    page(
      "content/es/practice-areas/family-based/petition.md",
      { kind: "practice", slug: "peticion", title: "Peticiones familiares", category: "family-based" },
      'El I-130 cuesta ::fee{id="i-130/paper"} en papel, según la tabla.',
    ),
    { path: "content/settings/firm.yaml", text: 'phone: "(281) 555-0142"\n' },
  ];

  it("finds a fee amount on the pages that show it through the fee table, in both languages", () => {
    const hits = searchEverything(config, files, "675");
    const pages = hits.filter((hit) => hit.path.startsWith("content/e"));
    expect(pages.map(({ title, hash, path }) => ({ title, hash, path }))).toEqual([
      {
        title: "Family petitions",
        hash: "#/collections/practice-family-based/entries/petition",
        path: "content/en/practice-areas/family-based/petition.md",
      },
      {
        title: "Peticiones familiares",
        hash: "#/collections/practice-family-based/entries/petition",
        path: "content/es/practice-areas/family-based/petition.md",
      },
    ]);
    expect(pages[0]?.excerpt).toContain("costs $675 on paper");
    // The fee table itself is found too, where the amount is changed.
    expect(hits.some((hit) => hit.hash === "#/collections/settings/entries/fees")).toBe(true);
  });

  it("finds body text and settings, without minding case or accents", () => {
    expect(searchEverything(config, files, "SEGUN LA TABLA").map((hit) => hit.title)).toEqual([
      "Peticiones familiares",
    ]);
    expect(searchEverything(config, files, "555-0142")).toMatchObject([
      { title: "Firm settings: Firm facts", hash: "#/collections/settings/entries/firm" },
    ]);
    expect(searchEverything(config, files, "$1,440").map((hit) => hit.path)).toEqual(["content/facts/fees.yaml"]);
  });
});

describe("delete names both files", () => {
  it("removes the English and the Spanish file of a page", () => {
    const jobs = config.collections.find((c) => c.name === "jobs");
    if (!jobs || !("folder" in jobs)) throw new Error("no jobs collection");
    expect(pageFiles(jobs, "paralegal-katy")).toEqual([
      "content/en/our-firm/join-our-team/paralegal-katy.md",
      "content/es/our-firm/join-our-team/paralegal-katy.md",
    ]);
  });
});

/** Every label and hint staff read, in every collection, file and nested field. */
function wording(localized: CmsConfig): string[] {
  const walk = (fields: readonly CmsField[]): string[] =>
    fields.flatMap((field) => [
      field.label,
      field.hint ?? "",
      ...(field.options ?? []).map((option) => (typeof option === "string" ? "" : option.label)),
      ...walk(field.fields ?? []),
      ...walk(field.field ? [field.field] : []),
    ]);
  return localized.collections.flatMap((collection) => [
    collection.label,
    ...("files" in collection
      ? collection.files.flatMap((file) => [file.label, ...walk(file.fields)])
      : [collection.label_singular, ...walk(collection.fields)]),
  ]);
}

describe("the editor's words in the staff's language", () => {
  it("has no developer shorthand in any label or hint, in English or Spanish", () => {
    for (const language of ["en", "es"] as const) {
      const words = wording(localizedConfig(config, language));
      expect(words.join("\n")).not.toMatch(/\b(H1|h1|[Ss]lugs?|Url|Faqs)\b/);
      // Field names as labels ("Q", "Id", "Title es") before they had plain words.
      expect(words.filter((label) => /^(Q|A|Id|En|Es)$|\bes$/.test(label))).toEqual([]);
    }
  });

  it("gives every field a Spanish label and Decap's interface the chosen language", () => {
    const spanish = localizedConfig(config, "es");
    expect(spanish.locale).toBe("es");
    expect(localizedConfig(config, "en").locale).toBe("en");
    const english = wording(config);
    const translated = wording(spanish);
    // Only proper names (Facebook, reCAPTCHA…) and the offices' cities stay as they are.
    const same = english.filter((label, index) => label && !label.startsWith("/") && label === translated[index]);
    expect(new Set(same)).toEqual(
      new Set(["Facebook", "Instagram", "LinkedIn", "YouTube", "Houston", "Irving", "Katy", "The Woodlands"]),
    );
  });
});
