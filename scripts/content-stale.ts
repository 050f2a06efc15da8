// Usage: npm run content:stale -- [--older-than DAYS]   (default 180)
// Lists the pages whose review date and the ledger facts whose verification date are older than
// DAYS, and the pages each stale fact affects: the list of what a person should re-check next.
import { daysBefore, staleReport } from "../core/facts-schema";
import { loadFacts, pageReviews, pageTopics, today } from "./content-tools";

function olderThan(args: string[]): number {
  const index = args.indexOf("--older-than");
  if (index === -1) return 180;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error("--older-than needs a whole number of days, for example --older-than 90");
    process.exit(2);
  }
  return value;
}

const days = olderThan(process.argv.slice(2));
const { files, problems } = loadFacts();
for (const problem of problems) console.error(`LEDGER PROBLEM ${problem}`);
const report = staleReport(pageReviews(), files, daysBefore(today(), days), pageTopics());

console.log(`Reviewed or verified before ${report.cutoff} (more than ${days} days ago):\n`);
console.log(`Pages (${report.pages.length}):`);
for (const page of report.pages) console.log(`  ${page.updated}  ${page.locale}  ${page.key}`);
console.log(`\nFacts (${report.facts.length}):`);
for (const fact of report.facts) console.log(`  ${fact.verified}  ${fact.id}  (${fact.file})  ${fact.source}`);
console.log(`\nPages relying on a stale fact (${report.affected.length}):`);
for (const { key, facts } of report.affected) console.log(`  ${key}: ${facts.join(", ")}`);
console.log(`\nTopics with a stale development (${report.topics.length}):`);
for (const { topic, facts, pages } of report.topics)
  console.log(`  ${topic}: ${facts.join(", ")}\n    pages declaring it: ${pages.join(", ") || "none"}`);
if (!report.pages.length && !report.facts.length) console.log("\nNothing is older than that.");
process.exit(problems.length ? 1 : 0);
