// The site search's aids (core/search-aids.ts), written by the build beside Pagefind's index: each
// language's vocabulary, read from the index itself (Pagefind's page fragments hold the text it
// indexed, so a word the search suggests is a word the search finds), the reviewed synonyms, and
// the pages the other language's search may offer.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { z } from "zod";
import { locales } from "../../core/locales";
import { aidsFile, synonymsSchema, wordsOf, type SearchAids } from "../../core/search-aids";

/** A page as Pagefind stored it: a signature, then JSON, gzipped. */
const fragmentSchema = z.object({ url: z.string(), content: z.string(), meta: z.object({ title: z.string() }) });
type Fragment = z.infer<typeof fragmentSchema>;

function readFragment(file: string): Fragment {
  const text = gunzipSync(readFileSync(file)).toString("utf8");
  return fragmentSchema.parse(JSON.parse(text.slice(text.indexOf("{"))));
}

/** The reviewed synonyms of a language, folded; a mistake in the file stops the build with its path. */
export function loadSynonyms(file: string): string[][] {
  const parsed = synonymsSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.groups.map((group) => group.terms.map((term) => wordsOf(term).join(" ")));
}

/** Words an opening is counted on: the title, and the heading and summary that follow it. */
const leadLength = 40;

export function searchAids(fragments: Fragment[], synonyms: string[][]): SearchAids {
  const vocabulary: Record<string, number> = {};
  for (const fragment of fragments)
    for (const word of new Set(wordsOf(fragment.content)))
      if (word.length > 1 && !/^\d+$/.test(word)) vocabulary[word] = (vocabulary[word] ?? 0) + 1;
  const pages = fragments.map((fragment) => ({
    // Pagefind reports `/page/`; the site's URLs have no trailing slash.
    url: fragment.url.length > 1 ? fragment.url.replace(/\/$/, "") : fragment.url,
    title: fragment.meta.title,
    titleWords: wordsOf(fragment.meta.title),
    leadWords: wordsOf(fragment.content).slice(0, leadLength),
  }));
  return { vocabulary, pageCount: fragments.length, synonyms, pages };
}

/** Writes each language's aids into the search's folder (`indexDir`). */
export function writeSearchAids(indexDir: string, contentDir: string): void {
  const fragmentDir = join(indexDir, "fragment");
  const files = readdirSync(fragmentDir);
  for (const locale of locales) {
    // Pagefind names each page's fragment after its language.
    const fragments = files
      .filter((name) => name.startsWith(`${locale}_`))
      .map((name) => readFragment(join(fragmentDir, name)));
    if (fragments.length === 0) throw new Error(`search aids: no ${locale} pages in the index`);
    const synonyms = loadSynonyms(join(contentDir, "search", `synonyms.${locale}.yaml`));
    writeFileSync(join(indexDir, aidsFile(locale)), JSON.stringify(searchAids(fragments, synonyms)));
  }
}
