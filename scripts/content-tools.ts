// Loaders behind the content checks (`npm test`) and `npm run content:stale`: the legal-facts
// ledger, the Spanish glossary, the pages' review dates and the spelling check.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { checkFacts, factsFileSchema, type FactsFile, type PageReview } from "../core/facts-schema";
import { findBannedTerms, glossarySchema, type GlossaryEntry } from "../core/glossary";
import { pageByKey } from "../core/routes";
import { contentEntries, contentRoot, loadContent } from "../site/content/load.server";

export const factsDir = join(contentRoot, "facts");
export const glossaryFile = join(contentRoot, "glossary-es.yaml");
const repoRoot = join(contentRoot, "..");

function shortName(file: string): string {
  return relative(repoRoot, file);
}

/** Today's date (YYYY-MM-DD, UTC): the reference for "not in the future" and staleness. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Reads every content/facts/*.yaml file; shape problems are returned, not thrown. */
export function loadFacts(dir = factsDir): { files: FactsFile[]; problems: string[] } {
  const files: FactsFile[] = [];
  const problems: string[] = [];
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".yaml"))
    .sort();
  for (const name of names) {
    const file = join(dir, name);
    let data: unknown;
    try {
      // The core schema keeps dates as strings: YAML 1.2 (the default) does not turn them into Dates.
      data = parse(readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${shortName(file)}: not valid YAML: ${(error as Error).message}`);
      continue;
    }
    const parsed = factsFileSchema.safeParse(data ?? []);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [index, ...field] = issue.path;
        const id = typeof index === "number" && Array.isArray(data) ? idOf(data[index]) : undefined;
        problems.push(
          `${shortName(file)}: entry ${String(index)}${id ? ` (${id})` : ""} ${field.join(".")}: ${issue.message}`,
        );
      }
      continue;
    }
    files.push({ file: shortName(file), facts: parsed.data });
  }
  return { files, problems };
}

function idOf(entry: unknown): string | undefined {
  if (typeof entry === "object" && entry !== null && "id" in entry && typeof entry.id === "string") return entry.id;
  return undefined;
}

/** Every ledger problem: shape, repeated ids, unknown pages, dates in the future. */
export function checkLedger(dir = factsDir, on = today()): string[] {
  const { files, problems } = loadFacts(dir);
  return [...problems, ...checkFacts(files, (key) => pageByKey(key) !== undefined, on)];
}

/** The review date of every content page in each language. */
export function pageReviews(): PageReview[] {
  return contentEntries().map(({ page, locale }) => ({
    key: page.key,
    locale,
    updated: loadContent(page.key, locale).data.updated,
  }));
}

export function loadGlossary(file = glossaryFile): GlossaryEntry[] {
  return glossarySchema.parse(parse(readFileSync(file, "utf8")));
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The Spanish text the glossary applies to: every page in content/es and the Spanish UI strings. */
export function spanishFiles(): string[] {
  return [...markdownFiles(join(contentRoot, "es")).sort(), join(repoRoot, "core", "i18n", "es.ts")];
}

/** Every banned glossary variant in the Spanish text, as "file:line: ..." lines. */
export function checkGlossary(files = spanishFiles(), glossary = loadGlossary()): string[] {
  return files.flatMap((file) =>
    findBannedTerms(readFileSync(file, "utf8"), glossary).map(
      (hit) => `${shortName(file)}:${hit.line}: "${hit.found}" is not the glossary term; use "${hit.use}"`,
    ),
  );
}

/** Runs cspell with the project configuration (cspell.config.yaml) and returns its findings. */
export function checkSpelling(): { ok: boolean; findings: string[] } {
  const bin = join(repoRoot, "node_modules", ".bin", "cspell");
  const run = spawnSync(bin, ["--no-progress", "--no-summary", "--no-color"], { cwd: repoRoot, encoding: "utf8" });
  if (run.error) throw run.error;
  const findings = run.stdout.split("\n").filter((line) => line.trim() !== "");
  return { ok: run.status === 0, findings };
}
