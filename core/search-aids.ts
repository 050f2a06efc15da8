import { z } from "zod";
import type { Locale } from "./locales";

/**
 * What the site search does beyond Pagefind's own matching, from files the build writes beside
 * the index (one per language, `aidsFile`):
 *
 * - a misspelled word ("assylum") is replaced by the nearest word the language's pages use
 *   ("asylum"), so the visitor gets results for what they meant, and is told so;
 * - a query in another language ("ciudadania" on the English site) is answered with an offer
 *   of that language's best page;
 * - a reviewed list of synonyms (content/search/synonyms.{locale}.yaml) adds the words the pages
 *   use for what the visitor typed ("esposo" also finds the pages on "matrimonio").
 *
 * Words are compared folded: lower case, without accents, so "perdon" is "perdón".
 */

/** One group of words or phrases a visitor means the same thing by. */
const synonymGroup = z.object({
  terms: z.array(z.string().trim().min(2)).min(2),
  /** Why the group is right (a reviewer reads it); not shown. */
  note: z.string().optional(),
});
export const synonymsSchema = z.object({ groups: z.array(synonymGroup).min(1) });
export type Synonyms = z.infer<typeof synonymsSchema>;

/** The file each language's search loads beside Pagefind's index. */
export function aidsFile(locale: Locale): string {
  return `aids-${locale}.json`;
}

/** A page of a language as another language's search offers it. */
export interface AidPage {
  url: string;
  title: string;
  /** The folded words of its title. */
  titleWords: string[];
  /** The folded words of its opening (heading and summary). */
  leadWords: string[];
}

export interface SearchAids {
  /** Every folded word the language's indexed pages use, with the number of pages using it. */
  vocabulary: Record<string, number>;
  /** How many pages the language's index holds. */
  pageCount: number;
  /** The reviewed synonym groups, folded. */
  synonyms: string[][];
  pages: AidPage[];
}

/** Lower case without accents: how words are compared. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The folded words of a text (letters and digits; "I-765" is "i765", as the index holds it). */
export function wordsOf(text: string): string[] {
  return fold(text)
    .replace(/(\p{L})-(\d)/gu, "$1$2")
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean);
}

/** Optimal string alignment distance (a swap of two letters is one edit), or `max + 1` past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** How many edits a word of this length may be from the word meant: none under 5 letters. */
function allowedEdits(word: string): number {
  return word.length < 5 ? 0 : word.length < 8 ? 1 : 2;
}

/**
 * Whether the index finds the word as typed: it is one of the pages' words, or the start of one
 * (Pagefind matches the start of a word, so a word still being typed is not a misspelling).
 */
export function isKnown(word: string, vocabulary: Record<string, number>): boolean {
  if (Object.hasOwn(vocabulary, word)) return true;
  if (word.length < 3) return false;
  return Object.keys(vocabulary).some((known) => known.startsWith(word));
}

/** Whether a word of the query is not one the language's pages use (nor the start of one). */
export function hasUnknownWord(query: string, aids: SearchAids): boolean {
  return wordsOf(query).some((word) => !isKnown(word, aids.vocabulary));
}

/** The word of the vocabulary nearest to a misspelled one (the commoner on a tie), if near enough. */
export function nearestWord(word: string, vocabulary: Record<string, number>): string | undefined {
  const max = allowedEdits(word);
  if (max === 0 || /\d/.test(word)) return undefined;
  let found: { word: string; distance: number; count: number } | undefined;
  for (const [known, count] of Object.entries(vocabulary)) {
    const distance = editDistance(word, known, max);
    if (distance > max) continue;
    if (!found || distance < found.distance || (distance === found.distance && count > found.count))
      found = { word: known, distance, count };
  }
  return found?.word;
}

/** What the search makes of a query, before Pagefind runs. */
export interface QueryPlan {
  /** The query Pagefind is given: the visitor's, with misspelled words corrected. */
  term: string;
  /** The corrected query, when a word was misspelled (the visitor is told what was searched). */
  corrected?: string;
  /**
   * The other language half or more of the query's words belong to (and not to this one, nor to
   * its synonyms): the one with most of them, the first alternate on a tie.
   */
  otherLanguage?: Locale;
  /**
   * When the query names a synonym group: what each page must match, one list of alternatives
   * per idea (a group, or a word of its own). Pagefind finds only pages with every word of a
   * query, so each alternative is searched on its own and the answers are combined.
   */
  concepts?: string[][];
}

/** Another language's aids, for a query that may be written in it. */
export interface LanguageAids {
  locale: Locale;
  aids: SearchAids;
}

/** Corrects the words no language knows, notes a query in another language, finds its synonyms. */
export function planQuery(query: string, own: SearchAids, others: readonly LanguageAids[]): QueryPlan {
  const words = wordsOf(query);
  let corrections = 0;
  // How many of the query's words each other language knows and this one does not.
  const foreign = new Map<Locale, number>();
  const fixed = words.map((word) => {
    if (isKnown(word, own.vocabulary)) return word;
    const knowing = others.filter(({ aids }) => isKnown(word, aids.vocabulary));
    for (const { locale } of knowing) foreign.set(locale, (foreign.get(locale) ?? 0) + 1);
    if (knowing.length > 0) return word;
    const nearest = nearestWord(word, own.vocabulary);
    if (nearest) corrections++;
    return nearest ?? word;
  });
  const corrected = corrections > 0 ? fixed.join(" ") : undefined;
  const concepts = conceptsOf(fixed, own);
  let otherLanguage: Locale | undefined;
  let most = 0;
  for (const { locale } of others) {
    const count = foreign.get(locale) ?? 0;
    if (count > most) [otherLanguage, most] = [locale, count];
  }
  // A query whose synonyms this language lists ("work permit" on the Spanish site) is answered here.
  const offered = !concepts && most > 0 && most * 2 >= words.length;
  return {
    term: corrected ?? query,
    ...(corrected ? { corrected } : {}),
    ...(offered ? { otherLanguage } : {}),
    ...(concepts ? { concepts } : {}),
  };
}

/** Where a folded phrase starts in a list of folded words, word for word, or -1. */
function phraseAt(words: string[], phrase: string[]): number {
  return words.findIndex((_, start) => phrase.every((word, offset) => words[start + offset] === word));
}

/**
 * The ideas of a query naming at least one synonym group: each group it names (all its terms as
 * alternatives), then each other word, except the words most pages use ("por", "the") and one-
 * and two-letter words, which would only hide pages that say the same thing in other words.
 */
export function conceptsOf(words: string[], aids: SearchAids): string[][] | undefined {
  const covered = new Set<number>();
  const concepts: string[][] = [];
  for (const group of aids.synonyms) {
    let named = false;
    for (const term of group) {
      const phrase = term.split(" ");
      const at = phraseAt(words, phrase);
      if (at < 0) continue;
      named = true;
      phrase.forEach((_, offset) => covered.add(at + offset));
    }
    if (named) concepts.push(group);
  }
  if (concepts.length === 0) return undefined;
  const common = aids.pageCount / 3;
  words.forEach((word, index) => {
    if (covered.has(index) || word.length < 3 || (aids.vocabulary[word] ?? 0) > common) return;
    concepts.push([word]);
  });
  return concepts;
}

/** A page Pagefind found, with its score for one search. */
export interface Scored<T> {
  id: string;
  score: number;
  result: T;
}

/**
 * Searches each alternative of each idea and ranks the pages: the most ideas matched first, then
 * the sum of each idea's best score.
 */
export async function searchConcepts<T>(
  concepts: string[][],
  search: (term: string) => Promise<Scored<T>[]>,
): Promise<T[]> {
  const pages = new Map<string, { result: T; matched: number; score: number }>();
  // Every term at once: the index's chunks for each load in parallel.
  const answers = await Promise.all(concepts.map((concept) => Promise.all(concept.map((term) => search(term)))));
  for (const answer of answers) {
    const best = new Map<string, Scored<T>>();
    for (const found of answer.flat())
      if ((best.get(found.id)?.score ?? -Infinity) < found.score) best.set(found.id, found);
    for (const found of best.values()) {
      const page = pages.get(found.id) ?? { result: found.result, matched: 0, score: 0 };
      pages.set(found.id, { ...page, matched: page.matched + 1, score: page.score + found.score });
    }
  }
  return [...pages.values()].sort((a, b) => b.matched - a.matched || b.score - a.score).map((page) => page.result);
}

/**
 * A language's page that best answers a query written in that language: the most of its
 * words in the page's title (counted thrice) and opening, then the shorter title (the page about
 * just that).
 */
export function bestPageFor(query: string, aids: SearchAids): AidPage | undefined {
  const words = wordsOf(query).filter((word) => word.length > 2);
  let best: { page: AidPage; score: number } | undefined;
  for (const page of aids.pages) {
    const score = words.reduce(
      (sum, word) => sum + (page.titleWords.includes(word) ? 3 : 0) + (page.leadWords.includes(word) ? 1 : 0),
      0,
    );
    if (score === 0) continue;
    if (!best || score > best.score || (score === best.score && page.titleWords.length < best.page.titleWords.length))
      best = { page, score };
  }
  return best?.page;
}
