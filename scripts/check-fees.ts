// Usage: npx tsx scripts/check-fees.ts
// Run by the build before any page is written: the fee table is valid, every ::fee reference names
// one of its amounts, and no page or ledger claim types a dollar amount by hand.
import { checkFees } from "./content-tools";

const problems = checkFees();
for (const problem of problems) console.error(`PROBLEM ${problem}`);
console.log(problems.length ? `${problems.length} fee problem(s)` : "fees OK: every amount comes from the fee table");
process.exit(problems.length ? 1 : 0);
