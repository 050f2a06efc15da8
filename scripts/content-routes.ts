// Collects the pages content declares (front matter `kind` and `slug`, see core/content-kinds.ts)
// into core/content-pages.generated.ts, the module core/routes.ts builds the route map from. Run
// by the build, typecheck, dev and the unit tests; a problem stops it with the file and field.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import {
  contentKindRules,
  contentKinds,
  isContentKind,
  keyFitsKind,
  parentKey,
  type AttorneyEntry,
  type ContentKind,
  type ContentPageEntry,
} from "../core/content-kinds";
import { contentProblem } from "../core/content-messages";
import { frontMatterSchemas } from "../core/content-schema";
import { fixedPages } from "../core/fixed-pages";
import { localeFromPath, locales, type Locale } from "../core/locales";
import { withoutNulls } from "../core/without-nulls";
import { withFeeAmounts } from "../site/content/fees.server";
import { splitFrontMatter } from "../site/content/markdown.server";
import { writeGenerated } from "./write-generated";

export const generatedModule = join(import.meta.dirname, "..", "core", "content-pages.generated.ts");

interface Found {
  file: string;
  kind: ContentKind;
  slug: string;
  previousSlugs: string[];
  order: number;
  data: Record<string, unknown>;
}

function markdownFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

const fixedKeys = new Set<string>(fixedPages.map((page) => page.key));

/** Folders that hold only pages the firm adds: a file there without `kind` is a mistake. */
function needsKind(key: string): boolean {
  return !fixedKeys.has(key) && contentKinds.some((kind) => kind !== "attorney" && keyFitsKind(key, kind));
}

export interface ContentScan {
  pages: ContentPageEntry[];
  attorneys: AttorneyEntry[];
  problems: string[];
}

/** The page's title as staff know it: this file's, or the other language's when this one has none. */
function pageTitle(contentDir: string, key: string, record: Record<string, unknown>): string | undefined {
  if (typeof record.title === "string" && record.title.trim()) return record.title;
  for (const locale of locales) {
    try {
      const other: unknown = splitFrontMatter(readFileSync(join(contentDir, locale, `${key}.md`), "utf8")).data;
      if (typeof other === "object" && other !== null && "title" in other && typeof other.title === "string")
        if (other.title.trim()) return other.title;
    } catch {
      // No file in that language, or not readable: the message names the file alone.
    }
  }
  return undefined;
}

/** Every file's front matter by page key and language, or the problems found reading it. */
type FilesByKey = Map<string, Partial<Record<Locale, Found>>>;

/** Names a file as the problems do: from the folder above content/. */
type Where = (file: string) => string;

/** One content file's front matter, checked against its kind; undefined (and a problem, if any) otherwise. */
function readPage(
  contentDir: string,
  { locale, key, file }: { locale: Locale; key: string; file: string },
  where: Where,
  problems: string[],
): Found | undefined {
  let data: unknown;
  try {
    data = withFeeAmounts(splitFrontMatter(readFileSync(file, "utf8")).data);
  } catch (error) {
    problems.push(`${where(file)}: front matter is not valid YAML: ${(error as Error).message}`);
    return undefined;
  }
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const kind = record.kind;
  if (kind === undefined) {
    if (needsKind(key)) problems.push(`${where(file)}: kind: missing (pages in this folder are added content)`);
    return undefined;
  }
  if (!isContentKind(kind)) {
    problems.push(`${where(file)}: kind: ${JSON.stringify(kind)} is not one of ${contentKinds.join(", ")}`);
    return undefined;
  }
  if (!keyFitsKind(key, kind)) {
    problems.push(
      `${where(file)}: kind: a ${kind} page belongs in content/${locale}/${contentKindRules[kind].folder}/`,
    );
    return undefined;
  }
  const parsed = frontMatterSchemas[kind].safeParse(withoutNulls(data));
  if (!parsed.success) {
    const place = { file: where(file), locale, title: pageTitle(contentDir, key, record) };
    for (const issue of parsed.error.issues) problems.push(contentProblem(issue, place, data));
    return undefined;
  }
  const { slug, previousSlugs, order } = parsed.data;
  const folder = key.split("/").at(-2);
  if ("category" in parsed.data && parsed.data.category !== folder) {
    problems.push(`${where(file)}: category: "${parsed.data.category}" but the file is in practice-areas/${folder}/`);
    return undefined;
  }
  return { file, kind, slug, previousSlugs: previousSlugs ?? [], order: order ?? 100, data: record };
}

/** The content files of both languages that declare a kind, by page key. */
function readPages(contentDir: string, where: Where, problems: string[]): FilesByKey {
  const byKey: FilesByKey = new Map();
  for (const locale of locales) {
    for (const file of markdownFiles(join(contentDir, locale)).sort()) {
      const key = relative(join(contentDir, locale), file).replace(/\\/g, "/").replace(/\.md$/, "");
      const found = readPage(contentDir, { locale, key, file }, where, problems);
      if (!found) continue;
      byKey.set(key, { ...byKey.get(key), [locale]: found });
    }
  }
  return byKey;
}

/** The pages built so far, by key, and each page's place in its menu. */
interface Built {
  pages: ContentPageEntry[];
  pageOf: Map<string, ContentPageEntry>;
  orderOf: Map<string, number>;
}

/** A page's address in each language it has, and every former address that should redirect to it. */
function pageAddresses(
  files: Partial<Record<Locale, Found>>,
  rule: (typeof contentKindRules)[ContentKind],
  parent: ContentPageEntry | undefined,
  where: Where,
  problems: string[],
): Pick<ContentPageEntry, "paths" | "previousPaths"> {
  const paths: Partial<Record<Locale, string>> = {};
  const previousPaths: string[] = [];
  for (const locale of locales) {
    const found = files[locale];
    if (!found) continue;
    const parentPath = parent?.paths[locale];
    if (parent && !parentPath) {
      problems.push(`${where(found.file)}: its category has no ${locale} page`);
      continue;
    }
    paths[locale] = rule.path(found.slug, locale, parentPath);
    // A renamed category moves its pages too: each former category path gets their redirects.
    const parentPaths = parent
      ? [parentPath, ...parent.previousPaths.filter((path) => localeFromPath(path) === locale)]
      : [undefined];
    for (const from of parentPaths)
      for (const old of [found.slug, ...found.previousSlugs]) {
        const path = rule.path(old, locale, from);
        if (path !== paths[locale] && !previousPaths.includes(path)) previousPaths.push(path);
      }
  }
  return { paths, previousPaths };
}

/** One page per key whose languages agree on its kind, categories before the pages in them. */
function buildPages(byKey: FilesByKey, where: Where, problems: string[]): Built {
  const built: Built = { pages: [], pageOf: new Map(), orderOf: new Map() };
  // Categories first: a practice page's path starts with its category's path.
  const keys = [...byKey.keys()].sort((a, b) => a.split("/").length - b.split("/").length);
  for (const key of keys) {
    const files = byKey.get(key) ?? {};
    const present = locales.filter((locale) => files[locale]);
    const first = present[0] && files[present[0]];
    if (!first) continue;
    const kind = first.kind;
    const rule = contentKindRules[kind];
    const mismatch = present.find((locale) => files[locale]?.kind !== kind);
    if (mismatch) {
      problems.push(
        `${where(files[mismatch]?.file ?? key)}: kind: "${files[mismatch]?.kind}" but the other language says "${kind}"`,
      );
      continue;
    }
    if (rule.bothLanguages)
      for (const locale of locales)
        if (!files[locale])
          problems.push(`content/${locale}/${key}.md: missing (a ${kind} page needs both English and Spanish)`);
    const parent = kind === "practice" ? built.pageOf.get(parentKey(key)) : undefined;
    if (kind === "practice" && parent?.kind !== "practice-category") {
      problems.push(`${where(first.file)}: no practice category page content/{en,es}/${parentKey(key)}.md`);
      continue;
    }
    const page: ContentPageEntry = { key, kind, ...pageAddresses(files, rule, parent, where, problems) };
    built.pages.push(page);
    built.pageOf.set(key, page);
    built.orderOf.set(key, Math.min(...present.map((locale) => files[locale]?.order ?? 100)));
  }
  return built;
}

/** Duplicate topics: a category lists a page of another category under its own slug. */
function addDuplicateTopics(byKey: FilesByKey, built: Built, problems: string[]): void {
  for (const page of built.pages.filter((p) => p.kind === "practice-category")) {
    const files = byKey.get(page.key) ?? {};
    const listed = new Map<string, Partial<Record<Locale, string>>>();
    for (const locale of locales) {
      const duplicates = files[locale]?.data.duplicates;
      if (!Array.isArray(duplicates)) continue;
      for (const item of duplicates as { slug: string; page: string }[])
        listed.set(item.page, { ...listed.get(item.page), [locale]: item.slug });
    }
    for (const [target, slugs] of listed) {
      const primary = built.pageOf.get(target);
      if (primary?.kind !== "practice") {
        problems.push(`content/en/${page.key}.md: duplicates: ${target} is not a practice page`);
        continue;
      }
      const paths: Partial<Record<Locale, string>> = {};
      for (const locale of locales) {
        const slug = slugs[locale];
        const parentPath = page.paths[locale];
        if (slug && parentPath) paths[locale] = `${parentPath}/${slug}`;
      }
      const key = `${page.key}/${locales.map((locale) => slugs[locale]).find(Boolean)}`;
      const duplicate: ContentPageEntry = { key, kind: "practice", paths, previousPaths: [], canonicalKey: target };
      built.pages.push(duplicate);
      built.pageOf.set(key, duplicate);
      built.orderOf.set(key, 1000);
    }
  }
}

/** Every address belongs to one page; a former address must not be a page's address now. */
function checkAddresses(byKey: FilesByKey, pages: readonly ContentPageEntry[], problems: string[]): void {
  const owner = new Map<string, string>();
  for (const page of fixedPages)
    for (const path of Object.values(page.paths)) owner.set(path, `the fixed page ${page.key}`);
  // A page whose file is named after its address owns it: the editor names a second page with the
  // same address `{slug}-1.md`, and that one (which sorts first) is the one told to change.
  const namedAfterAddress = (page: ContentPageEntry) => {
    const files = byKey.get(page.key);
    return !files?.en || page.key.split("/").at(-1) === files.en.slug;
  };
  const owningFirst = [...pages].sort((a, b) => Number(namedAfterAddress(b)) - Number(namedAfterAddress(a)));
  for (const page of owningFirst)
    for (const [locale, path] of Object.entries(page.paths) as [Locale, string][]) {
      const taken = owner.get(path);
      const file = `content/${locale}/${page.key}.md`;
      if (!taken) owner.set(path, file);
      else if (namedAfterAddress(page) && !taken.startsWith("the fixed page"))
        problems.push(
          `${taken} and ${file} have the same web address ${path}: give one of them another web address (slug).`,
        );
      else
        problems.push(
          `${file}: the web address ${path} is already the address of ${taken}: give this page another web address (slug).`,
        );
    }
  for (const page of pages)
    for (const path of page.previousPaths) {
      const taken = owner.get(path);
      if (taken) problems.push(`content/*/${page.key}.md: previousSlugs: ${path} is the address of ${taken} now`);
    }
}

/** The attorney profiles that have both languages, in the firm's order, then by name. */
function attorneysOf(byKey: FilesByKey, { pages, orderOf }: Built): AttorneyEntry[] {
  return pages
    .filter((page) => page.kind === "attorney")
    .flatMap((page) => {
      const en = byKey.get(page.key)?.en?.data;
      const es = byKey.get(page.key)?.es?.data;
      if (!en || !es) return [];
      const text = (value: unknown) => (typeof value === "string" ? value : "");
      const list = (value: unknown) => (Array.isArray(value) ? value.map(text) : []);
      return [
        {
          slug: page.key.split("/").pop() ?? page.key,
          name: text(en.name),
          role: { en: text(en.role), es: text(es.role) },
          languages: { en: list(en.languages), es: list(es.languages) },
          barAdmissions: { en: list(en.barAdmissions), es: list(es.barAdmissions) },
          ...(typeof en.photo === "string" ? { photo: en.photo } : {}),
        },
      ];
    })
    .sort(
      (a, b) =>
        (orderOf.get(`our-firm/${a.slug}`) ?? 100) - (orderOf.get(`our-firm/${b.slug}`) ?? 100) ||
        a.name.localeCompare(b.name),
    );
}

/** An article's author is an attorney with a profile in the article's language. */
function checkAuthors(byKey: FilesByKey, attorneys: readonly AttorneyEntry[], problems: string[]): void {
  const authors = new Set(attorneys.map((a) => a.slug));
  for (const [key, files] of byKey)
    for (const locale of locales) {
      const author = files[locale]?.kind === "article" ? files[locale]?.data.author : undefined;
      if (typeof author === "string" && !authors.has(author))
        problems.push(
          `content/${locale}/${key}.md: author: no attorney profile content/${locale}/our-firm/${author}.md`,
        );
    }
}

/** Reads content/{en,es}/ and returns the content pages and attorneys, or the problems that stop the build. */
export function scanContent(contentDir: string): ContentScan {
  const problems: string[] = [];
  const where: Where = (file) => relative(join(contentDir, ".."), file);
  const byKey = readPages(contentDir, where, problems);
  const built = buildPages(byKey, where, problems);
  addDuplicateTopics(byKey, built, problems);
  checkAddresses(byKey, built.pages, problems);
  const attorneys = attorneysOf(byKey, built);
  checkAuthors(byKey, attorneys, problems);
  const { pages, orderOf } = built;
  pages.sort(
    (a, b) =>
      contentKinds.indexOf(a.kind) - contentKinds.indexOf(b.kind) ||
      (a.kind === "practice" ? parentKey(a.key).localeCompare(parentKey(b.key)) : 0) ||
      (orderOf.get(a.key) ?? 100) - (orderOf.get(b.key) ?? 100) ||
      a.key.localeCompare(b.key),
  );
  return { pages, attorneys, problems };
}

export function moduleSource({ pages, attorneys }: Pick<ContentScan, "pages" | "attorneys">): string {
  return `// Generated by scripts/content-routes.ts from content/{en,es}/: do not edit, edit the Markdown.
import type { AttorneyEntry, ContentPageEntry } from "./content-kinds";

export const contentPages = ${JSON.stringify(pages, null, 2)} as const satisfies readonly ContentPageEntry[];

export const attorneyEntries = ${JSON.stringify(attorneys, null, 2)} as const satisfies readonly AttorneyEntry[];
`;
}

/** Scans `contentDir` and writes the generated module; returns the problems (nothing is written then). */
export function writeContentModule(contentDir: string, out = generatedModule): string[] {
  const scan = scanContent(contentDir);
  if (scan.problems.length) return scan.problems;
  const source = moduleSource(scan);
  writeGenerated(out, source);
  return [];
}

async function main(): Promise<void> {
  const problems = writeContentModule(join(process.cwd(), "content"));
  if (problems.length) {
    console.error(`content: ${problems.length} problem(s) in content/:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exit(1);
  }
  // Menus, survivor pages and redirects name pages by key: with the map built, check every one exists.
  const { routeReferenceProblems } = await import("./route-references");
  const references = routeReferenceProblems();
  if (references.length) {
    console.error(
      `content: ${references.length} link(s) to missing pages:\n${references.map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
