import { attorneys } from "../../core/attorneys";
import { firm, officeById } from "../../core/firm";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { allPages, pageByKey, keyOf, pageByPath, pagesOf, pathOf, type Page, type PageKind } from "../../core/routes";
import {
  absoluteUrl,
  alternates,
  breadcrumbJsonLd,
  canonicalUrl,
  organizationJsonLd,
  titleWithSite,
  websiteJsonLd,
  type JsonLd,
  type Seo,
} from "../../core/seo";
import { staticPaths } from "../../core/site-paths";
import { siteUrlFrom } from "../../core/site-url";
import type { ArticleCard, JobCard, PageLink, PageView } from "../lib/page-types";
import { loadContent, loadContentOf, type LoadedContent } from "./load.server";

/** The canonical origin the build was given (checked: an http(s) origin with no path). */
export function siteUrl(): string {
  return siteUrlFrom(process.env.SITE_URL);
}

/** A link to a page of the route map with its heading and teaser, for lists and cards. */
export function link(key: string, locale: Locale): PageLink {
  const { data } = loadContent(key, locale);
  return { key, path: pathOf(keyOf(key), locale), title: data.h1, ...(data.summary ? { summary: data.summary } : {}) };
}

export function jobCard(key: string, locale: Locale): JobCard {
  const { data } = loadContentOf(["job"], key, locale);
  return {
    ...link(key, locale),
    office: officeById(data.location).label[locale],
    employmentType: data.employmentType,
    pay: data.pay,
  };
}

function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}

export function articleCard(key: string, locale: Locale): ArticleCard {
  const content = loadContentOf(["article"], key, locale);
  const author = attorneys.find((a) => a.slug === content.data.author);
  const practice = content.data.related.find((related) => pageByKey(related)?.kind === "practice");
  const category = practice?.split("/").slice(0, 2).join("/");
  return {
    ...link(key, locale),
    published: content.data.published,
    updated: content.data.updated,
    author: author?.name ?? firm.name,
    minutes: readingMinutes(content.words),
    ...(category ? { topic: link(category, locale) } : {}),
  };
}

/** Every article, the most recently reviewed first (then the most recently published). */
export function articleCardsNewestFirst(locale: Locale): ArticleCard[] {
  return pagesOf("article")
    .filter((page) => page.paths[locale])
    .map((page) => articleCard(page.key, locale))
    .sort((a, b) => b.updated.localeCompare(a.updated) || b.published.localeCompare(a.published));
}

export function categoryKeys(): string[] {
  return pagesOf("practice-category").map((page) => page.key);
}

export function subpageKeys(categoryKey: string): string[] {
  return allPages.filter((p) => p.kind === "practice" && p.key.startsWith(`${categoryKey}/`)).map((p) => p.key);
}

function breadcrumbs(page: Page, locale: Locale, h1: string): { name: string; path: string }[] {
  const t = messages(locale).ui;
  const trail = [{ name: t.home, path: pathOf("home", locale) }];
  const parts = page.key.split("/");
  for (let i = 1; i < parts.length; i++) {
    const key = parts.slice(0, i).join("/");
    const ancestor = pageByKey(key);
    if (ancestor?.paths[locale])
      trail.push({ name: loadContent(key, locale).data.h1, path: pathOf(ancestor.key, locale) });
  }
  if (page.key !== "home") trail.push({ name: h1, path: pathOf(page.key, locale) });
  return trail;
}

/** What a route's loader starts from: the page its request is for, in one of the kinds it serves. */
export interface PageContext<K extends PageKind> {
  page: Page;
  locale: Locale;
  path: string;
  content: LoadedContent<K>;
  /** The site's absolute URL, for structured data. */
  url: string;
}

export function pageContext<const K extends PageKind>(request: Request, kinds: readonly K[]): PageContext<K> {
  const path = decodeURIComponent(new URL(request.url).pathname);
  const found = pageByPath(path);
  if (!found) throw new Error(`No page at ${path} in the route map`);
  const { page, locale } = found;
  return { page, locale, path, content: loadContentOf(kinds, page.key, locale), url: siteUrl() };
}

/**
 * The page as its route reads it: content, head tags (with the structured data every page has
 * plus the route's own `jsonLd`), breadcrumbs, related links and the route's extras.
 */
export function pageView<K extends PageKind, Extra extends object>(
  { page, locale, path, content, url }: PageContext<K>,
  extra: Extra,
  jsonLd: JsonLd[] = [],
): PageView<K, Extra> {
  const trail = breadcrumbs(page, locale, content.data.h1);
  const t = messages(locale);
  const seo: Seo = {
    title: titleWithSite(content.data.title || t.meta.defaultTitle),
    description: content.data.description || t.meta.defaultDescription,
    canonical: canonicalUrl(url, page, locale),
    alternates: page.canonicalKey ? alternates(url, pageByKey(page.canonicalKey) ?? page) : alternates(url, page),
    ...(page.kind === "legal" ? { robots: "noindex,follow" as const } : {}),
    ogType: page.kind === "article" ? "article" : page.kind === "attorney" ? "profile" : "website",
    image: absoluteUrl(url, staticPaths.shareImage),
    imageAlt: t.meta.shareImageAlt,
    locale,
    jsonLd: [
      organizationJsonLd(url),
      websiteJsonLd(url, locale),
      ...(trail.length > 1 ? [breadcrumbJsonLd(url, trail)] : []),
      ...jsonLd,
    ],
  };
  return {
    key: page.key,
    kind: content.kind,
    locale,
    path,
    content: { html: content.html, headings: content.headings, words: content.words, data: content.data },
    seo,
    breadcrumbs: trail,
    extra: { ...extra, related: (content.data.related ?? []).map((key) => link(key, locale)) },
  };
}
