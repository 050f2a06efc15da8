// Where each fee of the fee table is shown, for the editor's Fee table (site/admin/fee-usage.ts):
// staff change an amount once and see every page that follows. Read when the admin page is built.
import { existsSync, readFileSync } from "node:fs";
import { factReferences } from "../core/facts-schema";
import { feeReferences } from "../core/fees";
import { locales, type Locale } from "../core/locales";
import { allPages } from "../core/routes";
import type { FeeUsage } from "../site/admin/fee-usage";
import { loadFacts } from "../site/content/facts.server";
import { feesFile, loadFeeTable } from "../site/content/fees.server";
import { contentFile } from "../site/content/load.server";
import { splitFrontMatter } from "../site/content/markdown.server";

/** A page as written: its address, title and text (front matter and body, as in the file). */
export interface PageText {
  locale: Locale;
  path: string;
  title: string;
  text: string;
}

/** The fee table's ids a text names: `::fee{id="i-821d+i-765/online"}` names i-821d and i-765. */
function feeIds(text: string): Set<string> {
  // Inside a double-quoted YAML string the reference's quotes are escaped.
  const refs = feeReferences(text.replace(/\\"/g, '"'));
  return new Set(refs.flatMap((ref) => (ref.split("/")[0] ?? "").split("+")));
}

/**
 * For each fee id, the pages that show it: by a reference in the page, or through a ledger fact the
 * page shows whose claim has one. `everywhere` (the fees page, which shows the whole table) is
 * listed for every fee of the table (`tableIds`).
 */
export function feeUsageOf(
  pages: readonly PageText[],
  factClaims: ReadonlyMap<string, string>,
  everywhere: readonly Omit<PageText, "text">[],
  tableIds: readonly string[],
): FeeUsage {
  const usage: FeeUsage = Object.fromEntries(tableIds.map((id) => [id, []]));
  for (const page of pages) {
    const ids = feeIds(page.text);
    for (const fact of factReferences(page.text)) for (const id of feeIds(factClaims.get(fact) ?? "")) ids.add(id);
    for (const id of ids) (usage[id] ??= []).push({ locale: page.locale, path: page.path, title: page.title });
  }
  for (const uses of Object.values(usage)) uses.push(...everywhere);
  return usage;
}

/** The site's pages and ledger, read from content/. */
export function feeUsage(): FeeUsage {
  const pages = allPages.flatMap((page) =>
    locales.flatMap((locale) => {
      const path = page.paths[locale];
      const file = contentFile(page.canonicalKey ?? page.key, locale);
      if (path === undefined || !existsSync(file)) return [];
      const text = readFileSync(file, "utf8");
      const { data } = splitFrontMatter(text);
      const title = typeof data === "object" && data !== null && "title" in data ? String(data.title) : path;
      return [{ kind: page.kind, locale, path, title, text }];
    }),
  );
  const claims = new Map(
    loadFacts().files.flatMap((file) => file.facts.map((fact) => [fact.id, JSON.stringify(fact)])),
  );
  const feesPages = pages
    .filter((page) => page.kind === "fees")
    .map(({ locale, path, title }) => ({ locale, path, title }));
  return feeUsageOf(
    pages.filter((page) => page.kind !== "fees"),
    claims,
    feesPages,
    loadFeeTable(feesFile).fees.map((fee) => fee.id),
  );
}
