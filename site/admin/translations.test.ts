import { describe, expect, it } from "vitest";
import { cmsConfig, type CmsCollection } from "./cms-config";
import { missingTranslations } from "./translations";

const articles = cmsConfig({ name: "github" }, false, []).collections.find(
  (c): c is CmsCollection => c.name === "articles",
);
const fields = articles?.fields ?? [];
const english = {
  title: "Ferry Permit Primer",
  description: "x".repeat(80),
  h1: "Ferry Permit Primer",
  updated: "2026-11-20",
  summary: "A short guide to the ferry permit.",
  slug: "ferry-permit-primer",
  related: ["practice-areas/citizenship/naturalization"],
  body: "Text.",
};

describe("every translated field the build requires is required in both languages", () => {
  it("refuses an article whose Spanish column is empty, naming the column and its fields", () => {
    expect(missingTranslations(fields, { en: english, es: { kind: "article" } })).toBe(
      "The Spanish column is missing: Title, Description, Page heading, Updated, Summary, Related, Web address, Body. Fill in every field in both languages, then save.",
    );
  });

  it("accepts an article complete in both languages, and ignores fields entered once for both", () => {
    expect(missingTranslations(fields, { en: english, es: { ...english, slug: "guia-ferry" } })).toBeUndefined();
  });

  it("counts blank text and empty lists as missing", () => {
    expect(missingTranslations(fields, { en: english, es: { ...english, title: "  " } })).toContain("missing: Title.");
  });
});
