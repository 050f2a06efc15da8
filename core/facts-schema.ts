import { z } from "zod";

/**
 * The legal-facts ledger: every legal claim the pages rely on, with its source and the date a
 * person last checked it there. Files live in content/facts/*.yaml, one per area, each with its
 * list under `facts` (a file is one entry in the browser editor, which cannot edit a bare list).
 */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD")
  .refine((value) => isRealDate(value), "not a calendar date");

export const factSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use kebab-case"),
  claim: z.string().min(20),
  /**
   * The claim in Spanish. A fact that has one is shown to readers: every page in `pages` carries
   * its reference (`::fact{id="..."}`) and renders the claim in the page's language.
   */
  claimEs: z.string().min(20).optional(),
  source: z.url({ protocol: /^https$/ }),
  verified: isoDate,
  pages: z.array(z.string().min(1)).min(1),
  /** What to re-check or why the page says less than the source (optional). */
  note: z.string().optional(),
});
export type Fact = z.infer<typeof factSchema>;

export const factsFileSchema = z.object({ facts: z.array(factSchema) });

export interface FactsFile {
  file: string;
  facts: Fact[];
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Problems a parsed ledger can have beyond its shape: repeated ids, unknown pages, future dates. */
export function checkFacts(files: FactsFile[], pageExists: (key: string) => boolean, today: string): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { file, facts } of files) {
    for (const fact of facts) {
      const other = seen.get(fact.id);
      if (other) problems.push(`${file}: fact id ${fact.id} is also used in ${other}`);
      seen.set(fact.id, file);
      if (fact.verified > today) problems.push(`${file}: fact ${fact.id} is verified in the future (${fact.verified})`);
      for (const key of fact.pages)
        if (!pageExists(key))
          problems.push(`${file}: fact ${fact.id} names page ${key}, which is not in the route map`);
    }
  }
  return problems;
}

/** The date `days` days before `today` (both YYYY-MM-DD). */
export function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export interface PageReview {
  key: string;
  locale: string;
  updated: string;
}

export interface StaleReport {
  cutoff: string;
  pages: PageReview[];
  facts: (Fact & { file: string })[];
  /** Every page that relies on at least one stale fact, with the ids of those facts. */
  affected: { key: string; facts: string[] }[];
}

/** What a person should re-check: pages reviewed and facts verified before the cutoff date. */
export function staleReport(pages: PageReview[], files: FactsFile[], cutoff: string): StaleReport {
  const stalePages = pages.filter((p) => p.updated < cutoff).sort((a, b) => a.updated.localeCompare(b.updated));
  const staleFacts = files
    .flatMap(({ file, facts }) => facts.map((fact) => ({ ...fact, file })))
    .filter((fact) => fact.verified < cutoff)
    .sort((a, b) => a.verified.localeCompare(b.verified));
  const byPage = new Map<string, string[]>();
  for (const fact of staleFacts) for (const key of fact.pages) byPage.set(key, [...(byPage.get(key) ?? []), fact.id]);
  const affected = [...byPage].map(([key, facts]) => ({ key, facts })).sort((a, b) => a.key.localeCompare(b.key));
  return { cutoff, pages: stalePages, facts: staleFacts, affected };
}

/**
 * A page's reference to a shown fact, anywhere in the Markdown body (a paragraph, list item or table cell):
 * `::fact{id="visa-interview-waivers-2025"}`. The page renders the fact's dated claim in its language.
 */
export const factDirective = /::fact\{id="([^"]*)"\}/g;

/** The fact ids a Markdown body references, in order. */
export function factReferences(markdown: string): string[] {
  return [...markdown.matchAll(factDirective)].map((match) => match[1] ?? "");
}

export interface PageFactReferences {
  key: string;
  locale: string;
  ids: string[];
}

/**
 * The contract between the ledger and the pages: a page references only known, shown facts that
 * list it, and every page a shown fact lists references it in each of its languages.
 */
export function checkFactReferences(files: FactsFile[], pages: PageFactReferences[]): string[] {
  const problems: string[] = [];
  const facts = new Map(files.flatMap(({ file, facts }) => facts.map((fact) => [fact.id, { ...fact, file }] as const)));
  for (const { key, locale, ids } of pages) {
    const where = `content/${locale}/${key}.md`;
    for (const id of ids) {
      const fact = facts.get(id);
      if (!fact) problems.push(`${where}: references unknown fact ${id}`);
      else if (!fact.claimEs) problems.push(`${where}: references fact ${id}, which has no claimEs to show`);
      else if (!fact.pages.includes(key)) problems.push(`${where}: references fact ${id}; add ${key} to its pages`);
    }
  }
  const byPage = new Map<string, PageFactReferences[]>();
  for (const page of pages) byPage.set(page.key, [...(byPage.get(page.key) ?? []), page]);
  for (const fact of facts.values()) {
    if (!fact.claimEs) continue;
    for (const key of fact.pages)
      for (const page of byPage.get(key) ?? [])
        if (!page.ids.includes(fact.id))
          problems.push(
            `content/${page.locale}/${key}.md: lacks ::fact{id="${fact.id}"} (${fact.file} lists the page)`,
          );
  }
  return problems;
}
