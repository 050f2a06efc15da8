import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFactReferences, checkFacts, daysBefore, factSchema, staleReport, type Fact } from "../core/facts-schema";
import { findBannedTerms } from "../core/glossary";
import { messages } from "../core/i18n";
import {
  checkFactPages,
  checkGlossary,
  checkLedger,
  checkSpelling,
  loadFacts,
  loadGlossary,
  pageReviews,
  replyPromiseFiles,
} from "./content-tools";

const fact = (over: Partial<Fact> = {}): Fact => ({
  id: "h1b-annual-cap",
  claim: "The H-1B annual cap is 65,000 plus 20,000 for US master's degree holders.",
  source: "https://www.uscis.gov/h-1b",
  verified: "2026-11-24",
  pages: ["practice-areas/employment-based/h-1b-temporary-worker"],
  ...over,
});

describe("legal-facts ledger (content/facts)", () => {
  it("has no problem: valid entries, unique ids, known pages, verified dates not in the future", () => {
    expect(checkLedger()).toEqual([]);
    expect(loadFacts().files.flatMap((f) => f.facts).length).toBeGreaterThan(5);
  });

  it("reports repeated ids, unknown pages and future verification dates", () => {
    const problems = checkFacts(
      [
        { file: "a.yaml", facts: [fact()] },
        { file: "b.yaml", facts: [fact({ verified: "2027-01-02", pages: ["no/such-page"] })] },
      ],
      (key) => key.startsWith("practice-areas/"),
      "2026-11-24",
    );
    expect(problems).toEqual([
      "b.yaml: fact id h1b-annual-cap is also used in a.yaml",
      "b.yaml: fact h1b-annual-cap is verified in the future (2027-01-02)",
      "b.yaml: fact h1b-annual-cap names page no/such-page, which is not in the route map",
    ]);
  });

  it("rejects impossible dates, non-kebab ids, plain-http sources and facts without pages", () => {
    expect(factSchema.safeParse(fact({ verified: "2026-02-30" })).success).toBe(false);
    expect(factSchema.safeParse(fact({ id: "H1B cap" })).success).toBe(false);
    expect(factSchema.safeParse(fact({ source: "http://example.com" })).success).toBe(false);
    expect(factSchema.safeParse(fact({ pages: [] })).success).toBe(false);
  });

  it("names the file and entry of a malformed ledger file", () => {
    const dir = mkdtempSync(join(tmpdir(), "facts-"));
    writeFileSync(join(dir, "broken.yaml"), "facts:\n  - id: no-source\n    claim: short\n");
    const { problems } = loadFacts(dir);
    expect(problems.some((p) => p.includes("broken.yaml: entry 0 (no-source) source"))).toBe(true);
    expect(problems.some((p) => p.includes("entry 0 (no-source) claim"))).toBe(true);
  });
});

describe("shown facts: the ledger's pages list is the contract with the pages", () => {
  it("every page a shown fact lists references it in each language, and no page references an unknown fact", () => {
    expect(checkFactPages()).toEqual([]);
    const shown = loadFacts().files.flatMap((f) => f.facts.filter((x) => x.claimEs));
    expect(shown.length).toBeGreaterThan(10);
  });

  it("reports a listed page without the reference, an unknown id, an unlisted page and a fact with no Spanish", () => {
    const tps = "practice-areas/humanitarian/tps-temporary-protected-status";
    const shown = fact({
      id: "tps-designations",
      claimEs: "Las designaciones de TPS cambian; consulte uscis.gov/tps.",
      pages: [tps],
    });
    const problems = checkFactReferences(
      [{ file: "practice.yaml", facts: [shown, fact()] }],
      [
        { key: tps, locale: "en", ids: ["tps-designations"] },
        { key: tps, locale: "es", ids: [] },
        { key: "home", locale: "en", ids: ["tps-designations", "no-such-fact", "h1b-annual-cap"] },
      ],
    );
    expect(problems).toEqual([
      "content/en/home.md: references fact tps-designations; add home to its pages",
      "content/en/home.md: references unknown fact no-such-fact",
      "content/en/home.md: references fact h1b-annual-cap, which has no claimEs to show",
      `content/es/${tps}.md: lacks ::fact{id="tps-designations"} (practice.yaml lists the page)`,
    ]);
  });
});

describe("staleness report (npm run content:stale)", () => {
  it("lists pages and facts older than the cutoff and the pages each stale fact affects", () => {
    const cutoff = daysBefore("2026-11-24", 180);
    expect(cutoff).toBe("2026-05-28");
    const report = staleReport(
      [
        { key: "home", locale: "en", updated: "2026-11-24" },
        { key: "legal/privacy-policy", locale: "es", updated: "2026-01-10" },
      ],
      [
        {
          file: "general.yaml",
          facts: [
            fact({ verified: "2026-03-01", pages: ["practice-areas/employment-based/h-1b-temporary-worker", "home"] }),
            fact({ id: "fresh", verified: "2026-11-01" }),
          ],
        },
      ],
      cutoff,
    );
    expect(report.pages.map((p) => `${p.locale} ${p.key}`)).toEqual(["es legal/privacy-policy"]);
    expect(report.facts.map((f) => f.id)).toEqual(["h1b-annual-cap"]);
    expect(report.affected).toEqual([
      { key: "home", facts: ["h1b-annual-cap"] },
      { key: "practice-areas/employment-based/h-1b-temporary-worker", facts: ["h1b-annual-cap"] },
    ]);
  });

  it("reads a review date for every page in both languages", () => {
    const reviews = pageReviews();
    expect(reviews.length).toBeGreaterThan(150);
    for (const review of reviews) expect(review.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("Spanish glossary (content/glossary-es.yaml)", () => {
  it("finds no banned variant in content/es or the Spanish interface strings", () => {
    expect(checkGlossary()).toEqual([]);
  });

  it("reports a banned variant with its line, whatever its case or spacing, and only whole words", () => {
    const glossary = loadGlossary();
    const text = "Primera línea.\nRecibió una Solicitud de Evidencia.\nPagó las cuotas.";
    expect(findBannedTerms(text, glossary)).toEqual([{ line: 3, found: "cuotas", use: "tarifa(s) de presentación" }]);
    expect(findBannedTerms("Recibió un Aviso de  Comparecencia.", glossary)).toEqual([
      { line: 1, found: "Aviso de  Comparecencia", use: "Notificación de Comparecencia" },
    ]);
    expect(findBannedTerms("Las acuotas no existen; la Notificación de Comparecencia sí.", glossary)).toEqual([]);
  });
});

describe("Spanish glossary: inflections", () => {
  it("catches plurals, an optional word and accent-dropping plurals of a banned variant", () => {
    const glossary = loadGlossary();
    const text = [
      "Respondimos dos solicitudes de pruebas.",
      "Llegó una solicitud de más pruebas.",
      "Revise los tiempos de trámite.",
      "Pidió perdones del requisito de presentación conjunta.",
      "Los castigos de 10 años.",
      "Un impedimento (castigo) de 10 años y una Solicitud de Evidencia.",
    ].join("\n");
    expect(findBannedTerms(text, glossary).map((hit) => [hit.line, hit.found])).toEqual([
      [1, "solicitudes de pruebas"],
      [2, "solicitud de más pruebas"],
      [3, "tiempos de trámite"],
      [4, "perdones del requisito"],
      [5, "castigos de 10 años"],
    ]);
  });
});

describe("one reply-time promise (the exit popup's)", () => {
  it("says 'usually within 24 hours' everywhere and never promises a business day", () => {
    expect(messages("en").ui.exitClaims.join(" ")).toContain("usually within 24 hours");
    expect(messages("es").ui.exitClaims.join(" ")).toContain("normalmente en 24 horas");
    const other =
      /\b(one|1) business day\b|\bun día hábil\b|\b24 hours or less\b|\bguarantee(d)? (a )?(reply|response)/iu;
    const offending = replyPromiseFiles().filter((file) => other.test(readFileSync(file, "utf8")));
    expect(offending).toEqual([]);
  });
});

describe("spelling (cspell, English and Spanish dictionaries plus cspell-words.txt)", () => {
  it("finds no unknown word in content/ or the interface strings", () => {
    const { ok, findings } = checkSpelling();
    expect(findings).toEqual([]);
    expect(ok).toBe(true);
  }, 120_000); // cspell reads about 170 files with two dictionaries: room for a busy machine
});
