// What the editor's "Missing translations" and "Search everything" panels read: every content file
// as the storage backend has it now (site layout, content/{locale}/...), so a page saved a minute
// ago is listed without a build.
import { parse } from "yaml";
import { defaultLocale, isLocale, locales, type Locale } from "../../core/locales";
import { feeDirective, feesFileName, feesFileSchema, formatDollars, resolveReference, type Fee } from "../../core/fees";
import type { CmsCollection, CmsConfig } from "./cms-config";
import { missingTranslations } from "./translations";
import type { EditorText } from "./editor-text";

/** One file as the backend returns it. */
export interface ContentFile {
  path: string;
  text: string;
}

/** A place in the editor: its address after `#` and what staff call it. */
export interface EditorLink {
  title: string;
  hash: string;
}

export interface MissingTranslation extends EditorLink {
  problem: string;
}

export interface SearchHit extends EditorLink {
  /** The file the text was found in. */
  path: string;
  /** The words around the first match, as a page shows them (fee amounts written out). */
  excerpt: string;
}

function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  let data: unknown;
  try {
    data = parse(match[1] ?? "");
  } catch {
    data = {};
  }
  return {
    data: typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {},
    body: match[2] ?? "",
  };
}

/** A folder collection's page: its file name, and each language's file if there is one. */
interface PagePair {
  collection: CmsCollection;
  name: string;
  files: Partial<Record<Locale, { path: string; data: Record<string, unknown> }>>;
}

function folderCollections(config: CmsConfig): CmsCollection[] {
  return config.collections.filter((collection): collection is CmsCollection => "folder" in collection);
}

/** Pages of the folder collections, paired by file name across the languages. */
function pagePairs(config: CmsConfig, files: readonly ContentFile[]): PagePair[] {
  const pairs = new Map<string, PagePair>();
  for (const file of files) {
    const match = /^content\/([^/]+)\/(.+)\/([^/]+)\.md$/.exec(file.path);
    const [, locale, folder = "", name = ""] = match ?? [];
    if (!isLocale(locale)) continue;
    const { data, body } = splitFrontMatter(file.text);
    const collection = folderCollections(config).find(
      (candidate) =>
        candidate.folder === `content/${folder}` && data[candidate.filter.field] === candidate.filter.value,
    );
    if (!collection) continue;
    const key = `${collection.name}/${name}`;
    const pair = pairs.get(key) ?? { collection, name, files: {} };
    pair.files[locale] = { path: file.path, data: { ...data, body } };
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

const entryHash = (collection: string, name: string) => `#/collections/${collection}/entries/${name}`;

function titleOf(pair: PagePair): string {
  // The default language's title, or else the first language that has one.
  const title = [defaultLocale, ...locales]
    .map((locale) => pair.files[locale]?.data.title)
    .find((found) => found !== undefined && found !== null);
  return typeof title === "string" && title.trim() ? title : pair.name;
}

/**
 * Pages whose English or Spanish file is missing, or whose Spanish (or English) column lacks a
 * field the build requires, each with the editor address that fixes it.
 */
export function missingTranslationList(
  config: CmsConfig,
  files: readonly ContentFile[],
  text: EditorText,
): MissingTranslation[] {
  return pagePairs(config, files)
    .flatMap((pair): MissingTranslation[] => {
      const link = { title: titleOf(pair), hash: entryHash(pair.collection.name, pair.name) };
      const absent = locales.filter((locale) => !pair.files[locale]);
      if (absent.length)
        return absent.map((locale) => ({
          ...link,
          problem: text.fileMissing(
            text.languageNames[locale],
            `content/${locale}/${pair.collection.folder.replace(/^content\//, "")}/${pair.name}.md`,
          ),
        }));
      const data = Object.fromEntries(locales.map((locale) => [locale, pair.files[locale]?.data]));
      const problem = missingTranslations(pair.collection.fields, data, text);
      return problem ? [{ ...link, problem }] : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The fee table by id, from content/facts/fees.yaml; an unreadable table resolves nothing. */
export function feeTable(files: readonly ContentFile[]): Map<string, Fee> {
  const table = new Map<string, Fee>();
  const file = files.find((candidate) => candidate.path === `content/facts/${feesFileName}`);
  if (!file) return table;
  try {
    const parsed = feesFileSchema.safeParse(parse(file.text));
    for (const fee of parsed.success ? parsed.data.fees : []) table.set(fee.id, fee);
  } catch {
    // A table the editor cannot parse: its references stay as written, and the build names the problem.
  }
  return table;
}

/** A page's text as a visitor reads it: each fee reference is its amount ("$675"). */
export function withAmounts(text: string, fees: ReadonlyMap<string, Fee>): string {
  return text.replace(new RegExp(feeDirective.source, "g"), (whole, ref: string) => {
    const resolved = resolveReference(fees, ref);
    return typeof resolved === "string" ? whole : formatDollars(resolved.amount);
  });
}

/** Letters compared without case or accents, and amounts without their thousands comma ("1,440" is "1440"). */
function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1");
}

/** Where a file that is not a page is edited (settings, the fee table, the ledger, the FAQ). */
function fileEntry(config: CmsConfig, path: string): EditorLink | undefined {
  for (const collection of config.collections)
    if ("files" in collection)
      for (const file of collection.files)
        if (file.file === path)
          return { title: `${collection.label}: ${file.label}`, hash: entryHash(collection.name, file.name) };
  return undefined;
}

function excerptAround(text: string, at: number, length: number): string {
  const start = Math.max(0, at - 60);
  const end = Math.min(text.length, at + length + 60);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).replace(/\s+/g, " ").trim()}${end < text.length ? "…" : ""}`;
}

/**
 * Every entry whose files contain the words, in any collection and either language, fee amounts
 * included: "675" finds the pages that show $675 through `::fee{id="i-130/paper"}`.
 */
export function searchEverything(config: CmsConfig, files: readonly ContentFile[], query: string): SearchHit[] {
  const wanted = folded(query.trim().replace(/^\$/, ""));
  if (!wanted) return [];
  const fees = feeTable(files);
  // Each language's file is listed under its own title.
  const pages = new Map(
    pagePairs(config, files).flatMap((pair) =>
      Object.values(pair.files).map((file) => {
        const own = typeof file.data.title === "string" && file.data.title.trim() ? file.data.title : titleOf(pair);
        return [file.path, { title: own, hash: entryHash(pair.collection.name, pair.name) }] as const;
      }),
    ),
  );
  const hits: SearchHit[] = [];
  for (const file of files) {
    const link = pages.get(file.path) ?? fileEntry(config, file.path);
    if (!link) continue;
    const shown = withAmounts(file.text, fees);
    const at = folded(shown).indexOf(wanted);
    if (at < 0) continue;
    hits.push({ ...link, path: file.path, excerpt: excerptAround(shown, at, wanted.length) });
  }
  return hits.sort((a, b) => a.title.localeCompare(b.title) || a.path.localeCompare(b.path));
}
