import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { z } from "zod";
import { contentProblem } from "../../core/content-messages";
import { withoutNulls } from "../../core/without-nulls";
import {
  frontMatterSchemas,
  minimumWords,
  pageTopicsSchema,
  placeholderPatterns,
  type FrontMatter,
} from "../../core/content-schema";
import { checkFactReferences, factReferences, type Fact, type PageFactReferences } from "../../core/facts-schema";
import { locales, type Locale } from "../../core/locales";
import { allPages, pageByKey, pageByPath, type Page, type PageKind } from "../../core/routes";
import { typedAmounts, type Fee } from "../../core/fees";
import { contentRoot, factsById, loadFacts } from "./facts.server";
import { feeTable, withFeeAmounts } from "./fees.server";
import { renderInlineMarkdown, renderMarkdown, splitFrontMatter, type RenderedMarkdown } from "./markdown.server";
import { uploadedImages } from "./uploads.server";
import { renderGlance, type GlanceItemView } from "./at-a-glance.server";
import { checkAtAGlance } from "../../core/at-a-glance";

export { contentRoot };

export function contentFile(key: string, locale: Locale): string {
  return join(contentRoot, locale, `${key}.md`);
}

export interface LoadedContent<K extends PageKind = PageKind> extends RenderedMarkdown {
  key: string;
  kind: K;
  locale: Locale;
  data: FrontMatter<K>;
  /** A practice page's summary as shown, and its front matter as written (for the check). */
  glance?: GlanceItemView[];
  glanceRaw?: unknown;
}

/** Each kind's schema, typed so that indexing with a kind gives that kind's front matter. */
const schemas: { [K in PageKind]: z.ZodType<FrontMatter<K>> } = frontMatterSchemas;

let uploadsRead: ReturnType<typeof uploadedImages> | undefined;
function uploads() {
  uploadsRead ??= uploadedImages();
  return uploadsRead;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Rendering is the costly part, so each file is read and rendered once; validation is cheap. */
const files = new Map<string, { file: string; data: unknown } & RenderedMarkdown>();

/** The answers of a FAQ page's front matter, before validation (none on other pages). */
function faqAnswers(data: unknown): string[] {
  if (typeof data !== "object" || data === null || !("faqs" in data) || !Array.isArray(data.faqs)) return [];
  return data.faqs.flatMap((faq: unknown) =>
    typeof faq === "object" && faq !== null && "a" in faq && typeof faq.a === "string" ? [faq.a] : [],
  );
}

/**
 * One content file as the build renders it: the front matter with each fee reference as its
 * amount, the body as HTML with the ledger's facts and the fee table's amounts in place.
 */
export function renderContentSource(
  source: string,
  locale: Locale,
  tables: { facts: ReadonlyMap<string, Fact>; fees: ReadonlyMap<string, Fee> } = {
    facts: factsById(),
    fees: feeTable().byId,
  },
) {
  const { data, body } = splitFrontMatter(source);
  const context = { locale, ...tables, uploads: uploads() };
  const rendered = renderMarkdown(body, context);
  const glanceRaw = isRecord(data) ? data.atAGlance : undefined;
  const glance = renderGlance(glanceRaw, rendered.headings, context);
  return {
    data: withFeeAmounts(data, tables.fees),
    ...rendered,
    glanceRaw,
    glance: glance?.items,
    links: [...rendered.links, ...(glance?.links ?? [])],
  };
}

function readContent(page: Page, key: string, locale: Locale) {
  const file = contentFile(page.canonicalKey ?? key, locale);
  const cached = files.get(file);
  if (cached) return cached;
  const { data, ...rendered } = renderContentSource(readFileSync(file, "utf8"), locale);
  // FAQ answers are Markdown in the front matter: their links are checked like the body's.
  const answerLinks = faqAnswers(data).flatMap((answer) => renderInlineMarkdown(answer).links);
  const read = { file, data, ...rendered, links: [...rendered.links, ...answerLinks] };
  files.set(file, read);
  return read;
}

function loadAs<K extends PageKind>(page: Page, kind: K, key: string, locale: Locale): LoadedContent<K> {
  const { file, data, ...rendered } = readContent(page, key, locale);
  const parsed = schemas[kind].safeParse(withoutNulls(data));
  if (!parsed.success) {
    const title = isRecord(data) && typeof data.title === "string" ? data.title : undefined;
    const place = { file: relative(join(contentRoot, ".."), file), locale, title };
    throw new Error(parsed.error.issues.map((issue) => contentProblem(issue, place, data)).join(" "));
  }
  return { key, kind, locale, data: parsed.data, ...rendered };
}

function isOneOf<K extends string>(list: readonly K[], value: string): value is K {
  return list.some((item) => item === value);
}

/** Reads, validates and renders one content file; throws with the file name on any problem. */
export function loadContent(key: string, locale: Locale): LoadedContent {
  const page = pageByKey(key);
  if (!page) throw new Error(`No page with key ${key}`);
  return loadAs(page, page.kind, key, locale);
}

/** As loadContent, for a page that must be one of `kinds`: its front matter has that kind's type. */
export function loadContentOf<const K extends PageKind>(
  kinds: readonly K[],
  key: string,
  locale: Locale,
): LoadedContent<K> {
  const page = pageByKey(key);
  if (!page) throw new Error(`No page with key ${key}`);
  const kind = page.kind;
  if (!isOneOf(kinds, kind)) throw new Error(`${key} is a ${kind} page, not one of ${kinds.join(", ")}`);
  return loadAs(page, kind, key, locale);
}

/** Files that hold their own content: every page in each of its languages, except duplicates. */
export function contentEntries(): { page: Page; locale: Locale }[] {
  return allPages
    .filter((page) => page.canonicalKey === undefined)
    .flatMap((page) =>
      locales.filter((locale) => page.paths[locale] !== undefined).map((locale) => ({ page, locale })),
    );
}

const processingTimes = "https://www.uscis.gov/processing-times";

/** The content check: every problem found in content/, as readable lines. */
export function checkContent(filter?: (key: string) => boolean): string[] {
  const problems: string[] = [];
  const developments: PageFactReferences[] = [];
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
      problems.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    const raw = readFileSync(contentFile(page.key, locale), "utf8");
    // Every amount comes from the fee table (content/facts/fees.yaml), so one edit there reaches every page.
    for (const typed of typedAmounts(raw))
      problems.push(
        `${where}:${typed.line}: "${typed.text}" is typed by hand; use a fee reference such as ::fee{id="i-130/paper"}`,
      );
    developments.push(pageDevelopments(page.key, locale, raw, content.data));
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
        problems.push(`${where}: link to ${href} is in another language; use ${target.page.paths[locale]}`);
    }
    // The ledger promises readers that every practice page points to the official processing times.
    if (page.key.startsWith("practice-areas") && !content.links.some((href) => href.startsWith(processingTimes)))
      problems.push(`${where}: no link to ${processingTimes}`);
    for (const image of content.images)
      if (!image.alt.trim()) problems.push(`${where}: image ${image.src} has no alt text`);
    for (const key of content.data.related ?? [])
      if (!pageByKey(key)) problems.push(`${where}: related key ${key} is not in the route map`);
    const focus = "focus" in content.data ? content.data.focus : [];
    for (const key of focus) if (!pageByKey(key)) problems.push(`${where}: focus key ${key} is not in the route map`);
  }
  problems.push(...checkSummaries(filter));
  // A page that declares a topic and does not show a current development on it stops the build.
  problems.push(...checkFactReferences(loadFacts().files, developments));
  return problems;
}

/** Every practice page opens with its summary, whose links reach headings of the page (the build runs this). */
export function checkSummaries(filter?: (key: string) => boolean): string[] {
  return contentEntries()
    .filter(({ page }) => page.kind === "practice" && (!filter || filter(page.key)))
    .flatMap(({ page, locale }) => {
      const where = `content/${locale}/${page.key}.md`;
      let content: LoadedContent;
      try {
        content = loadContent(page.key, locale);
      } catch (error) {
        return [error instanceof Error ? error.message : String(error)];
      }
      return checkAtAGlance(where, content.glanceRaw, new Set(content.headings.map((h) => h.id)));
    });
}

/** What a content file says about 2025-26 developments: the facts it shows, its topics, its exemptions. */
export function pageDevelopments(
  key: string,
  locale: Locale,
  raw: string,
  data: Pick<FrontMatter<PageKind>, "topics" | "topicExemptions">,
): PageFactReferences {
  return { key, locale, ids: factReferences(raw), topics: data.topics ?? [], exemptions: data.topicExemptions ?? [] };
}

/**
 * Every content file's developments, for the build, the ledger checks and `npm run content:stale`.
 * It reads only the front matter's topics and the directives: no page is rendered.
 */
export function allPageDevelopments(): PageFactReferences[] {
  return contentEntries().map(({ page, locale }) => {
    const file = contentFile(page.key, locale);
    const raw = readFileSync(file, "utf8");
    const parsed = pageTopicsSchema.safeParse(splitFrontMatter(raw).data);
    if (!parsed.success)
      throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    return pageDevelopments(page.key, locale, raw, parsed.data);
  });
}
