// Loaders behind the content checks (`npm test`) and `npm run content:stale`: the legal-facts
// ledger, the Spanish glossary, the pages' review dates and the spelling check.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { checkFactReferences, checkFacts, type PageReview, type Topic } from "../core/facts-schema";
import { findBannedTerms, glossarySchema, type GlossaryEntry } from "../core/glossary";
import { pageByKey } from "../core/routes";
import { factsDir, loadFacts } from "../site/content/facts.server";
import { allPageDevelopments, contentEntries, contentRoot, loadContent } from "../site/content/load.server";

export { factsDir, loadFacts };
export const glossaryFile = join(contentRoot, "glossary-es.yaml");
const repoRoot = join(contentRoot, "..");

function shortName(file: string): string {
  return relative(repoRoot, file);
}

/** Today's date (YYYY-MM-DD, UTC): the reference for "not in the future" and staleness. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Every ledger problem: shape, repeated ids, unknown pages, dates in the future. */
export function checkLedger(dir = factsDir, on = today()): string[] {
  const { files, problems } = loadFacts(dir);
  return [...problems, ...checkFacts(files, (key) => pageByKey(key) !== undefined, on)];
}

/** Pages not showing a development on their topics, or referencing a fact that is not on them. */
export function checkFactPages(dir = factsDir): string[] {
  return checkFactReferences(loadFacts(dir).files, allPageDevelopments());
}

/** The topics each page declares (its English file; the content check keeps both languages equal). */
export function pageTopics(): Map<string, readonly Topic[]> {
  const topics = new Map<string, readonly Topic[]>();
  for (const page of allPageDevelopments()) if (!topics.has(page.key)) topics.set(page.key, page.topics);
  return topics;
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

/** Every file that speaks to visitors: pages in both languages and the interface strings. */
export function replyPromiseFiles(): string[] {
  return [
    ...markdownFiles(join(contentRoot, "en")),
    ...markdownFiles(join(contentRoot, "es")),
    join(repoRoot, "core", "i18n", "en.ts"),
    join(repoRoot, "core", "i18n", "es.ts"),
  ];
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
