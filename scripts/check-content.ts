// Usage: npx tsx scripts/check-content.ts [--problems-only | --developments-only | --summaries-only] [key-prefix ...]
// Prints every content problem (for the given key prefixes, or all) and exits 1 if there is any;
// without --problems-only it also prints each page's word count. --developments-only (the build
// passes it) checks only that every page shows the current developments on its topics: drafts
// saved in the editor may still be short, but no page may miss a development. --summaries-only (the
// build passes it too) checks that every practice page opens with its summary and that the
// summary's links reach headings of the page.
import { checkFactReferences } from "../core/facts-schema";
import { loadFacts } from "../site/content/facts.server";
import {
  allPageDevelopments,
  checkContent,
  checkSummaries,
  contentEntries,
  loadContent,
} from "../site/content/load.server";

const args = process.argv.slice(2);
if (args.includes("--developments-only")) {
  const problems = checkFactReferences(loadFacts().files, allPageDevelopments());
  for (const p of problems) console.error(`PROBLEM ${p}`);
  console.log(problems.length ? `${problems.length} problem(s)` : "every page shows the developments on its topics");
  process.exit(problems.length ? 1 : 0);
}
if (args.includes("--summaries-only")) {
  const problems = checkSummaries();
  for (const p of problems) console.error(`PROBLEM ${p}`);
  console.log(problems.length ? `${problems.length} problem(s)` : "every practice page opens with its summary");
  process.exit(problems.length ? 1 : 0);
}
const problemsOnly = args.includes("--problems-only");
const prefixes = args.filter((arg) => !arg.startsWith("--"));
const filter = prefixes.length ? (key: string) => prefixes.some((p) => key.startsWith(p)) : undefined;
const problems = checkContent(filter);
const totals = new Map<string, { pages: number; words: number }>();
for (const { page, locale } of contentEntries()) {
  if (filter && !filter(page.key)) continue;
  try {
    const c = loadContent(page.key, locale);
    if (!problemsOnly) console.log(`${locale} ${page.key}: ${c.words} words`);
    for (const group of [`${locale} ${page.kind}`, `${locale} all`]) {
      const total = totals.get(group) ?? { pages: 0, words: 0 };
      totals.set(group, { pages: total.pages + 1, words: total.words + c.words });
    }
  } catch {
    /* reported below */
  }
}
if (!problemsOnly) {
  console.log("\nlanguage kind: pages, words (body)");
  for (const [group, { pages, words }] of [...totals].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${group}: ${pages} pages, ${words} words`);
}
for (const p of problems) console.error(`PROBLEM ${p}`);
console.log(problems.length ? `${problems.length} problem(s)` : "content OK");
process.exit(problems.length ? 1 : 0);
