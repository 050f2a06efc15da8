// Usage: npx tsx scripts/check-content.ts [--problems-only] [key-prefix ...]
// Prints every content problem (for the given key prefixes, or all) and exits 1 if there is any;
// without --problems-only (the build passes it) it also prints each page's word count.
import { checkContent, contentEntries, loadContent } from "../site/content/load.server";

const args = process.argv.slice(2);
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
