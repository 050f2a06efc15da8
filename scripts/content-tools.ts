// Loaders behind the content checks (`npm test`) and `npm run content:stale`: the legal-facts
// ledger, the Spanish glossary, the pages' review dates and the spelling check.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { checkFactReferences, checkFacts, type PageReview, type Topic } from "../core/facts-schema";
import {
  checkFeeTable,
  feePathAnchor,
  feeReferences,
  feesFileName,
  resolveReference,
  typedAmounts,
  type FeeTable,
} from "../core/fees";
import { findBannedTerms, glossarySchema, type GlossaryEntry } from "../core/glossary";
import { locales } from "../core/locales";
import { pageByKey, pathOf } from "../core/routes";
import { factsDir, loadFacts } from "../site/content/facts.server";
import { feesById, feesFile, loadFeeTable } from "../site/content/fees.server";
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

/** Every file that speaks to visitors: pages in every language and the interface strings. */
export function replyPromiseFiles(): string[] {
  return [
    ...locales.flatMap((locale) => markdownFiles(join(contentRoot, locale))),
    ...locales.map((locale) => join(repoRoot, "core", "i18n", `${locale}.ts`)),
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
export async function checkSpelling(): Promise<{ ok: boolean; findings: string[] }> {
  const bin = join(repoRoot, "node_modules", ".bin", "cspell");
  // Asynchronous, so the test worker's other files keep running while cspell reads every page.
  const child = spawn(bin, ["--no-progress", "--no-summary", "--no-color"], { cwd: repoRoot });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  const findings = stdout.split("\n").filter((line) => line.trim() !== "");
  return { ok: status === 0, findings };
}

/** Every file whose text readers see and that may quote an amount: pages in every language and the ledger's claims. */
export function amountFiles(): string[] {
  const ledger = readdirSync(factsDir)
    .filter((name) => name.endsWith(".yaml") && name !== feesFileName)
    .map((name) => join(factsDir, name));
  return [...locales.flatMap((locale) => markdownFiles(join(contentRoot, locale))), ...ledger].sort();
}

/**
 * The fee table's contract: the table is valid, every reference names one of its amounts, and no
 * page or ledger claim types a dollar amount by hand (the build and `npm test` stop on any).
 */
export function checkFees(files = amountFiles(), file = feesFile): string[] {
  let table: FeeTable;
  try {
    table = loadFeeTable(file);
  } catch (error) {
    return [(error as Error).message];
  }
  const byId = feesById(table);
  const problems = checkFeeTable(table, today()).map((problem) => `${shortName(file)}: ${problem}`);
  // Practice pages link to an estimator path preselected: the anchor must be one of the table's paths.
  const anchors = new Set(table.paths.map((p) => feePathAnchor(p.id)));
  const feesPage = locales.map((locale) => pathOf("government-filing-fees", locale).replace(/[/]/g, "\\/"));
  const estimatorLink = new RegExp(`\\]\\((?:${feesPage.join("|")})#([^)\\s]+)\\)`, "g");
  for (const path of files) {
    // A reference inside a double-quoted YAML string (front matter, the ledger) has its quotes escaped.
    const text = readFileSync(path, "utf8").replace(/\\"/g, '"');
    for (const typed of typedAmounts(text))
      problems.push(
        `${shortName(path)}:${typed.line}: "${typed.text}" is typed by hand; show it with a fee reference, ::fee{id="..."} (${shortName(file)})`,
      );
    for (const [, anchor = ""] of text.matchAll(estimatorLink))
      if (!anchors.has(anchor)) problems.push(`${shortName(path)}: links to #${anchor}, which is no estimator path`);
    for (const ref of feeReferences(text)) {
      const resolved = resolveReference(byId, ref);
      if (typeof resolved === "string") problems.push(`${shortName(path)}: ::fee{id="${ref}"}: ${resolved}`);
    }
  }
  return problems;
}
