import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSynonyms } from "./search-aids.server";

describe("the search's reviewed synonyms (content/search)", () => {
  it("hold the groups visitors' words were reported missing in, in both languages", () => {
    const es = loadSynonyms(join(process.cwd(), "content", "search", "synonyms.es.yaml"));
    const en = loadSynonyms(join(process.cwd(), "content", "search", "synonyms.en.yaml"));
    const groupOf = (groups: string[][], term: string) => groups.find((group) => group.includes(term)) ?? [];
    expect(groupOf(es, "residencia")).toContain("green card");
    expect(groupOf(es, "esposo")).toEqual(expect.arrayContaining(["matrimonio", "conyuge"]));
    expect(groupOf(es, "permiso de trabajo")).toEqual(expect.arrayContaining(["ead", "work permit"]));
    expect(groupOf(es, "detained")).toEqual(expect.arrayContaining(["ice", "detencion"]));
    expect(groupOf(en, "work permit")).toContain("ead");
  });
});
