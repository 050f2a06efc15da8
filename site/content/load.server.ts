import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { frontMatterSchemas, minimumWords, placeholderPatterns } from "../../core/content-schema";
import type { Locale } from "../../core/locales";
import { allPages, pageByKey, pageByPath, type Page, type PageKind } from "../../core/routes";
import { renderMarkdown, splitFrontMatter, type RenderedMarkdown } from "./markdown.server";

export const contentRoot = join(process.cwd(), "content");

export function contentFile(key: string, locale: Locale): string {
  return join(contentRoot, locale, `${key}.md`);
}

export interface LoadedContent<K extends PageKind = PageKind> extends RenderedMarkdown {
  key: string;
  kind: K;
  locale: Locale;
  data: Record<string, unknown> & { title: string; description: string; h1: string; updated: string };
}

const cache = new Map<string, LoadedContent>();

/** Reads, validates and renders one content file; throws with the file name on any problem. */
export function loadContent(key: string, locale: Locale): LoadedContent {
  const cacheKey = `${locale}:${key}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const page = pageByKey(key);
  if (!page) throw new Error(`No page with key ${key}`);
  const file = contentFile(page.canonicalKey ?? key, locale);
  const source = readFileSync(file, "utf8");
  const { data, body } = splitFrontMatter(source);
  const parsed = frontMatterSchemas[page.kind].safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`${file}: invalid front matter: ${problems}`);
  }
  const loaded: LoadedContent = {
    key,
    kind: page.kind,
    locale,
    data: parsed.data as LoadedContent["data"],
    ...renderMarkdown(body),
  };
  cache.set(cacheKey, loaded);
  return loaded;
}

export function tryLoadContent(key: string, locale: Locale): LoadedContent | undefined {
  const page = pageByKey(key);
  if (!page || !existsSync(contentFile(page.canonicalKey ?? key, locale))) return undefined;
  return loadContent(key, locale);
}

/** Files that hold their own content: every page in each of its languages, except duplicates. */
export function contentEntries(): { page: Page; locale: Locale }[] {
  return allPages
    .filter((page) => page.canonicalKey === undefined)
    .flatMap((page) => (Object.keys(page.paths) as Locale[]).map((locale) => ({ page, locale })));
}

/** The content check: every problem found in content/, as readable lines. */
export function checkContent(filter?: (key: string) => boolean): string[] {
  const problems: string[] = [];
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const { page, locale } of contentEntries()) {
    if (filter && !filter(page.key)) continue;
    const where = `content/${locale}/${page.key}.md`;
    if (!existsSync(contentFile(page.key, locale))) {
      problems.push(`${where}: missing`);
      continue;
    }
    let content: LoadedContent;
    try {
      content = loadContent(page.key, locale);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const raw = readFileSync(contentFile(page.key, locale), "utf8");
    for (const pattern of placeholderPatterns) {
      const found = pattern.exec(raw)?.[0];
      if (found) problems.push(`${where}: placeholder text (${found})`);
    }
    const min = minimumWords[page.kind];
    if (min && content.words < min) problems.push(`${where}: ${content.words} words, needs at least ${min}`);
    for (const [seen, value, label] of [
      [titles, content.data.title, "title"],
      [descriptions, content.data.description, "description"],
    ] as const) {
      const other = seen.get(value);
      if (other) problems.push(`${where}: same ${label} as ${other}`);
      seen.set(value, where);
    }
    for (const href of content.links) {
      if (!href.startsWith("/")) continue;
      const path = href.split(/[?#]/)[0] ?? href;
      if (path.startsWith("/downloads/")) continue;
      const target = pageByPath(path);
      if (!target) problems.push(`${where}: link to unknown path ${href}`);
      else if (target.locale !== locale && target.page.paths[locale])
        problems.push(`${where}: link to ${href} is in the other language; use ${target.page.paths[locale]}`);
    }
    for (const image of content.images)
      if (!image.alt.trim()) problems.push(`${where}: image ${image.src} has no alt text`);
    const related = (content.data.related as string[] | undefined) ?? [];
    for (const key of related)
      if (!pageByKey(key)) problems.push(`${where}: related key ${key} is not in the route map`);
    const focus = (content.data.focus as string[] | undefined) ?? [];
    for (const key of focus) if (!pageByKey(key)) problems.push(`${where}: focus key ${key} is not in the route map`);
  }
  return problems;
}
