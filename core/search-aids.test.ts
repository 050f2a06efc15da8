import { describe, expect, it } from "vitest";
import {
  bestPageFor,
  editDistance,
  nearestWord,
  planQuery,
  searchConcepts,
  wordsOf,
  type SearchAids,
} from "./search-aids";

function aids(
  vocabulary: Record<string, number>,
  synonyms: string[][] = [],
  pages: SearchAids["pages"] = [],
): SearchAids {
  return { vocabulary, pageCount: 30, synonyms, pages };
}
const en = aids(
  { asylum: 12, as: 30, ask: 20, naturalization: 5, ciudad: 2, work: 20, permit: 9, spouse: 8, marriage: 7 },
  [
    ["work permit", "ead", "employment authorization"],
    ["spouse", "marriage"],
  ],
);
const es = aids(
  { ciudadania: 9, asilo: 10, por: 30, mi: 15, esposo: 6, matrimonio: 8, residencia: 7, permiso: 9, trabajo: 20 },
  [
    ["residencia", "green card"],
    ["esposo", "matrimonio", "conyuge"],
    ["permiso de trabajo", "ead", "work permit"],
  ],
  [
    {
      url: "/es/ciudadania",
      title: "Ciudadanía y naturalización",
      titleWords: ["ciudadania", "y", "naturalizacion"],
      leadWords: [],
    },
    {
      url: "/es/naturalizacion",
      title: "Naturalización: cómo pedir la ciudadanía con el formulario N-400",
      titleWords: wordsOf("Naturalización: cómo pedir la ciudadanía con el formulario N-400"),
      leadWords: [],
    },
  ],
);

const fromEnglish = [{ locale: "es" as const, aids: es }];
const fromSpanish = [{ locale: "en" as const, aids: en }];

describe("search aids", () => {
  it("folds words as the index holds them: no accents, form numbers joined", () => {
    expect(wordsOf("¿Ciudadanía, I-765 y PERDÓN?")).toEqual(["ciudadania", "i765", "y", "perdon"]);
  });

  it("counts a swap of two letters as one edit and gives up past the limit", () => {
    expect(editDistance("assylum", "asylum", 2)).toBe(1);
    expect(editDistance("aslyum", "asylum", 2)).toBe(1);
    expect(editDistance("visa", "asylum", 2)).toBe(3);
  });

  it("corrects a misspelling to the pages' word, not to a short word it starts with", () => {
    const plan = planQuery("assylum", en, fromEnglish);
    expect(plan).toEqual({ term: "asylum", corrected: "asylum" });
    expect(nearestWord("visa", en.vocabulary)).toBeUndefined(); // four letters: never guessed
  });

  it("leaves a word being typed alone: the index matches the start of a word", () => {
    expect(planQuery("natur", en, fromEnglish)).toEqual({ term: "natur" });
  });

  it("notes a query in the other language and offers that language's page about just that", () => {
    const plan = planQuery("ciudadania", en, fromEnglish);
    expect(plan).toEqual({ term: "ciudadania", otherLanguage: "es" });
    expect(bestPageFor("ciudadania", es)?.url).toBe("/es/ciudadania");
  });

  it("answers a query naming a synonym group in this language, not the other's", () => {
    expect(planQuery("work permit", es, fromSpanish).otherLanguage).toBeUndefined();
    const plan = planQuery("residencia por mi esposo", es, fromSpanish);
    // "por" is on most pages and "mi" is two letters: neither may hide a page.
    expect(plan.concepts).toEqual([
      ["residencia", "green card"],
      ["esposo", "matrimonio", "conyuge"],
    ]);
  });

  it("looks a query up in every other language, not only the first, and names the one it is in", () => {
    // A page in a third language, whose alternates are English and then Spanish.
    const third = aids({ citoyennete: 4, asile: 6, travail: 9 });
    const others = [
      { locale: "en" as const, aids: en },
      { locale: "es" as const, aids: es },
    ];
    expect(planQuery("ciudadania", third, others)).toEqual({ term: "ciudadania", otherLanguage: "es" });
    expect(planQuery("asylum", third, others)).toEqual({ term: "asylum", otherLanguage: "en" });
    // "asilo" is Spanish, "naturalization" English: the language with more of the words, the first on a tie.
    expect(planQuery("asilo naturalization", third, others).otherLanguage).toBe("en");
    expect(planQuery("asilo ciudadania naturalization", third, others).otherLanguage).toBe("es");
    // A word no language knows is still corrected to this language's nearest.
    expect(planQuery("travial", third, others)).toEqual({ term: "travail", corrected: "travail" });
  });

  it("ranks the pages matching the most ideas first, then by their best scores", async () => {
    const found: Record<string, { id: string; score: number }[]> = {
      residencia: [{ id: "faq", score: 9 }],
      "green card": [
        { id: "marriage", score: 5 },
        { id: "eb2", score: 6 },
      ],
      esposo: [{ id: "faq", score: 1 }],
      matrimonio: [{ id: "marriage", score: 7 }],
      conyuge: [{ id: "k3", score: 8 }],
    };
    const ranked = await searchConcepts(
      [
        ["residencia", "green card"],
        ["esposo", "matrimonio", "conyuge"],
      ],
      (term) => Promise.resolve((found[term] ?? []).map((hit) => ({ ...hit, result: hit.id }))),
    );
    expect(ranked).toEqual(["marriage", "faq", "k3", "eb2"]);
  });
});
