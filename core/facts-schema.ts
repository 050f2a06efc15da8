import { z } from "zod";
import type { Locale } from "./locales";

/**
 * The legal-facts ledger: every legal claim the pages rely on, with its source and the date a
 * person last checked it there. Files live in content/facts/*.yaml, one per area, each with its
 * list under `facts` (a file is one entry in the browser editor, which cannot edit a bare list).
 */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD")
  .refine((value) => isRealDate(value), "not a calendar date");

/**
 * What a 2025-26 development is about. A page declares the topics it covers in its front matter,
 * and must show every current development on them (or carry a reviewed exemption): a new
 * development reaches every page of its topics without anyone remembering them.
 */
export const topics = [
  "detention-texas",
  "texas-sb4",
  "texas-sb8",
  "enforcement-fees",
  "crime-victims-enforcement",
  "student-status",
  "h1b-payment",
  "consular-interviews",
  "visa-integrity-fee",
  "travel-ban",
  "travel-ban-75",
  "uscis-holds",
  "work-permits",
  "public-charge",
  "visitor-visa-bond",
  "asylum-fee",
  "eb5-fees",
  "birthright-citizenship",
  "tps",
  "tps-designations",
  "tps-venezuela",
  "tps-haiti",
] as const;
export type Topic = (typeof topics)[number];
export const topicSchema = z.enum(topics);

/** Where a development stands; an ended one no longer has to be shown. */
export const developmentStatuses = ["proposed", "in force", "enjoined", "ended"] as const;

export const factSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use kebab-case"),
    claim: z.string().min(20),
    /**
     * The claim in Spanish. A fact that has one is a development shown to readers: every page that
     * declares one of its `topics` carries its reference (`::fact{id="..."}`) in each language.
     */
    claimEs: z.string().min(20).optional(),
    source: z.url({ protocol: /^https$/ }),
    verified: isoDate,
    /** The content keys relying on a plain fact. A shown fact's pages are derived from its topics. */
    pages: z.array(z.string().min(1)).min(1).optional(),
    /** What a shown development is about: the pages declaring any of these must show it. */
    topics: z.array(topicSchema).min(1).optional(),
    status: z.enum(developmentStatuses).optional(),
    /** What to re-check or why the page says less than the source (optional). */
    note: z.string().optional(),
  })
  .superRefine((fact, ctx) => {
    const shown = fact.claimEs !== undefined;
    if (shown && !fact.topics) ctx.addIssue({ code: "custom", path: ["topics"], message: "a shown fact needs topics" });
    if (shown && !fact.status)
      ctx.addIssue({ code: "custom", path: ["status"], message: "a shown fact needs a status" });
    if (shown && fact.pages)
      ctx.addIssue({
        code: "custom",
        path: ["pages"],
        message: "a shown fact's pages come from its topics; remove pages",
      });
    if (!shown && !fact.pages)
      ctx.addIssue({ code: "custom", path: ["pages"], message: "list the pages relying on it" });
  });
export type Fact = z.infer<typeof factSchema>;

/**
 * A fact's claim in a language: the ledger keeps one field per language (`claim`, `claimEs`), as
 * the editor edits them; a fact with a claim in every language is shown to readers.
 */
export const factClaims: Record<Locale, (fact: Fact) => string | undefined> = {
  en: (fact) => fact.claim,
  es: (fact) => fact.claimEs,
};

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
      for (const key of fact.pages ?? [])
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
  /** Each topic with a stale development: those developments and the pages declaring the topic. */
  topics: { topic: Topic; facts: string[]; pages: string[] }[];
}

/**
 * What a person should re-check: pages reviewed and facts verified before the cutoff date. A shown
 * fact's pages are the pages declaring its topics (`pageTopics`: key to topics).
 */
export function staleReport(
  pages: PageReview[],
  files: FactsFile[],
  cutoff: string,
  pageTopics: ReadonlyMap<string, readonly Topic[]> = new Map(),
): StaleReport {
  const stalePages = pages.filter((p) => p.updated < cutoff).sort((a, b) => a.updated.localeCompare(b.updated));
  const staleFacts = files
    .flatMap(({ file, facts }) => facts.map((fact) => ({ ...fact, file })))
    .filter((fact) => fact.verified < cutoff)
    .sort((a, b) => a.verified.localeCompare(b.verified));
  const byPage = new Map<string, string[]>();
  for (const fact of staleFacts)
    for (const key of factPages(fact, pageTopics)) byPage.set(key, [...(byPage.get(key) ?? []), fact.id]);
  const affected = [...byPage].map(([key, facts]) => ({ key, facts })).sort((a, b) => a.key.localeCompare(b.key));
  const staleTopics = topics.flatMap((topic) => {
    const facts = staleFacts.filter((fact) => fact.topics?.includes(topic)).map((fact) => fact.id);
    if (!facts.length) return [];
    const keys = [...pageTopics].filter(([, declared]) => declared.includes(topic)).map(([key]) => key);
    return [{ topic, facts, pages: keys.sort() }];
  });
  return { cutoff, pages: stalePages, facts: staleFacts, affected, topics: staleTopics };
}

/** The pages a fact affects: its own list, or for a shown fact every page declaring one of its topics. */
export function factPages(fact: Fact, pageTopics: ReadonlyMap<string, readonly Topic[]>): string[] {
  if (fact.pages) return fact.pages;
  const about = fact.topics ?? [];
  return [...pageTopics].filter(([, declared]) => declared.some((t) => about.includes(t))).map(([key]) => key);
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

/** A page's exemption from showing a development on one of its topics, reviewed by a person. */
export const topicExemptionSchema = z.object({
  fact: z.string().min(1),
  reason: z.string().regex(/^not applicable here, because .{10,}/, 'write "not applicable here, because ..."'),
});
export type TopicExemption = z.infer<typeof topicExemptionSchema>;

/** What one content file says about developments: the facts it shows, its topics and exemptions. */
export interface PageFactReferences {
  key: string;
  locale: string;
  ids: string[];
  topics: readonly Topic[];
  exemptions: readonly TopicExemption[];
}

/**
 * The contract between the ledger and the pages. A page references only known, shown facts on one
 * of its topics; it shows every development on its topics that has not ended, unless it carries a
 * reviewed exemption; and both languages of a page declare the same topics.
 */
export function checkFactReferences(files: FactsFile[], pages: PageFactReferences[]): string[] {
  const problems: string[] = [];
  const facts = new Map(files.flatMap(({ file, facts }) => facts.map((fact) => [fact.id, { ...fact, file }] as const)));
  const shown = [...facts.values()].filter((fact) => fact.claimEs && fact.topics);
  for (const page of pages) {
    const where = `content/${page.locale}/${page.key}.md`;
    const declares = (fact: Fact) => (fact.topics ?? []).filter((topic) => page.topics.includes(topic));
    for (const id of page.ids) {
      const fact = facts.get(id);
      if (!fact) problems.push(`${where}: references unknown fact ${id}`);
      else if (!fact.claimEs) problems.push(`${where}: references fact ${id}, which has no claimEs to show`);
      else if (!declares(fact).length)
        problems.push(`${where}: references fact ${id}; add one of its topics (${(fact.topics ?? []).join(", ")})`);
    }
    for (const exemption of page.exemptions) {
      const fact = facts.get(exemption.fact);
      if (!fact || !declares(fact).length)
        problems.push(`${where}: exemption for ${exemption.fact}, which is not a development on this page's topics`);
    }
    for (const fact of shown) {
      const on = declares(fact);
      if (!on.length || fact.status === "ended" || page.ids.includes(fact.id)) continue;
      if (page.exemptions.some((exemption) => exemption.fact === fact.id)) continue;
      problems.push(
        `${where}: does not show development ${fact.id} (topic ${on.join(", ")}; ${fact.file}): add ::fact{id="${fact.id}"} or a topicExemptions entry "not applicable here, because ..."`,
      );
    }
  }
  const byKey = new Map<string, PageFactReferences[]>();
  for (const page of pages) byKey.set(page.key, [...(byKey.get(page.key) ?? []), page]);
  for (const [key, versions] of byKey) {
    const [first, ...others] = versions.map((page) => [...page.topics].sort().join(", "));
    if (others.some((other) => other !== first))
      problems.push(`content/*/${key}.md: the languages declare different topics (${[first, ...others].join(" | ")})`);
  }
  return problems;
}
