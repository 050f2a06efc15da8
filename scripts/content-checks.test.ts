import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  checkFactReferences,
  checkFacts,
  daysBefore,
  factSchema,
  staleReport,
  topicExemptionSchema,
  type Fact,
} from "../core/facts-schema";
import { allPageDevelopments } from "../site/content/load.server";
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

const repoRoot = join(fileURLToPath(new URL(".", import.meta.url)), "..");

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

describe("developments by topic: a page shows every current development on the topics it declares", () => {
  it("every page shows the developments on its topics in each language, and no page references an unknown fact", () => {
    expect(checkFactPages()).toEqual([]);
    const shown = loadFacts().files.flatMap((f) => f.facts.filter((x) => x.claimEs));
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.filter((x) => !x.topics?.length || !x.status || x.pages)).toEqual([]);
  });

  it("fails naming the page and the development when a development is removed from a page that declares its topic", () => {
    const pages = allPageDevelopments();
    const dallas = pages.find((page) => page.key === "cities/dallas" && page.locale === "es");
    expect(dallas?.topics).toContain("detention-texas");
    const without = pages.map((page) =>
      page === dallas ? { ...page, ids: page.ids.filter((id) => id !== "bond-ewi-detention-texas") } : page,
    );
    expect(checkFactReferences(loadFacts().files, without)).toEqual([
      'content/es/cities/dallas.md: does not show development bond-ewi-detention-texas (topic detention-texas; content/facts/developments.yaml): add ::fact{id="bond-ewi-detention-texas"} or a topicExemptions entry "not applicable here, because ..."',
    ]);
    // A reviewed exemption is the only other way through; one for a fact off the page's topics is itself a problem.
    const exempt = without.map((page) =>
      page.key === "cities/dallas" && page.locale === "es"
        ? {
            ...page,
            exemptions: [
              { fact: "bond-ewi-detention-texas", reason: "not applicable here, because this is a test page" },
              { fact: "h1b-100k-payment", reason: "not applicable here, because Dallas is not an H-1B page" },
            ],
          }
        : page,
    );
    expect(checkFactReferences(loadFacts().files, exempt)).toEqual([
      "content/es/cities/dallas.md: exemption for h1b-100k-payment, which is not a development on this page's topics",
    ]);
  });

  it("the build's content check stops on a scratch copy whose city page lost the no-bond development", () => {
    const dir = mkdtempSync(join(tmpdir(), "topics-"));
    cpSync(join(repoRoot, "content"), join(dir, "content"), { recursive: true });
    const file = join(dir, "content", "en", "cities", "dallas.md");
    writeFileSync(file, readFileSync(file, "utf8").replace('::fact{id="bond-ewi-detention-texas"}', ""));
    const run = spawnSync(
      join(repoRoot, "node_modules", ".bin", "tsx"),
      [join(repoRoot, "scripts", "check-content.ts"), "--developments-only"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("content/en/cities/dallas.md: does not show development bond-ewi-detention-texas");
    expect(run.stderr.match(/PROBLEM/g)).toHaveLength(1);
  }, 120_000);

  it("reports an unknown id, a fact off the page's topics, a fact with no Spanish, ended developments and languages that differ", () => {
    const tps = "practice-areas/humanitarian/tps-temporary-protected-status";
    const shown = fact({
      id: "tps-designations",
      claimEs: "Las designaciones de TPS cambian; consulte uscis.gov/tps.",
      pages: undefined,
      topics: ["tps-designations"],
      status: "in force",
    });
    const ended = fact({ ...shown, id: "old-tps-rule", status: "ended" });
    const page = { topics: ["tps-designations"] as const, exemptions: [] };
    const problems = checkFactReferences(
      [{ file: "practice.yaml", facts: [shown, ended, fact()] }],
      [
        { key: tps, locale: "en", ids: ["tps-designations"], ...page },
        { key: tps, locale: "es", ids: [], ...page },
        {
          key: "home",
          locale: "en",
          ids: ["tps-designations", "no-such-fact", "h1b-annual-cap"],
          topics: [],
          exemptions: [],
        },
        { key: "home", locale: "es", ids: [], ...page },
      ],
    );
    expect(problems).toEqual([
      `content/es/${tps}.md: does not show development tps-designations (topic tps-designations; practice.yaml): add ::fact{id="tps-designations"} or a topicExemptions entry "not applicable here, because ..."`,
      "content/en/home.md: references fact tps-designations; add one of its topics (tps-designations)",
      "content/en/home.md: references unknown fact no-such-fact",
      "content/en/home.md: references fact h1b-annual-cap, which has no claimEs to show",
      'content/es/home.md: does not show development tps-designations (topic tps-designations; practice.yaml): add ::fact{id="tps-designations"} or a topicExemptions entry "not applicable here, because ..."',
      "content/*/home.md: the languages declare different topics ( | tps-designations)",
    ]);
  });

  it("a shown fact needs topics and a status and takes its pages from them; an exemption must give its reason", () => {
    const shown = { ...fact(), claimEs: "El tope anual de H-1B es de 65,000 visas." };
    expect(factSchema.safeParse(shown).success).toBe(false);
    expect(
      factSchema.safeParse({ ...shown, pages: undefined, topics: ["h1b-payment"], status: "in force" }).success,
    ).toBe(true);
    expect(
      factSchema.safeParse({ ...shown, pages: undefined, topics: ["no-such-topic"], status: "in force" }).success,
    ).toBe(false);
    expect(topicExemptionSchema.safeParse({ fact: "x", reason: "we did not have time" }).success).toBe(false);
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

  it("reports by topic: a stale development with the pages that declare its topic", () => {
    const stale = fact({
      id: "bond-rule",
      claimEs: "Regla de fianza en Texas, verificada hace tiempo.",
      pages: undefined,
      topics: ["detention-texas"],
      status: "in force",
      verified: "2026-01-05",
    });
    const report = staleReport(
      [],
      [{ file: "developments.yaml", facts: [stale] }],
      "2026-05-28",
      new Map([
        ["cities/dallas", ["detention-texas", "texas-sb8"] as const],
        ["cities/irving", ["detention-texas"] as const],
        ["home", [] as const],
      ]),
    );
    expect(report.topics).toEqual([
      { topic: "detention-texas", facts: ["bond-rule"], pages: ["cities/dallas", "cities/irving"] },
    ]);
    expect(report.affected.map((a) => a.key)).toEqual(["cities/dallas", "cities/irving"]);
  });

  it("reads a review date for every page in both languages", () => {
    const reviews = pageReviews();
    expect(reviews.length).toBeGreaterThan(150);
    for (const review of reviews) expect(review.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Every page is read and rendered: a few seconds alone, half a minute beside a build.
  }, 120_000);
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
  it("finds no unknown word in content/ or the interface strings", async () => {
    const { ok, findings } = await checkSpelling();
    expect(findings).toEqual([]);
    expect(ok).toBe(true);
  }, 600_000); // cspell reads about 170 files with two dictionaries: 130 s beside a loaded build
});
