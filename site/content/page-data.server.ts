import { attorneys, firm, offices, officeById, type OfficeId } from "../../core/firm";
import { messages } from "../../core/i18n";
import type { Locale } from "../../core/locales";
import { allPages, articles, pageByKey, pageByPath, pathOf, practiceCategories, type Page } from "../../core/routes";
import {
  absoluteUrl,
  alternates,
  articleJsonLd,
  breadcrumbJsonLd,
  canonicalUrl,
  officeJsonLd,
  organizationJsonLd,
  titleWithSite,
  websiteJsonLd,
  type Seo,
} from "../../core/seo";
import { staticPaths } from "../../core/site-paths";
import { normalizeForSearch } from "../lib/search";
import type { ArticleCard, PageLink, PageView } from "../lib/page-types";
import { loadContent, type LoadedContent } from "./load.server";

/** What a page loader returns; the route modules read the same type (site/lib/page-types.ts). */
export type PageData = PageView;

export function siteUrl(): string {
  return (process.env.SITE_URL ?? firm.defaultSiteUrl).replace(/\/+$/, "");
}

function link(key: string, locale: Locale): PageLink {
  const content = loadContent(key, locale);
  const summary = typeof content.data.summary === "string" ? content.data.summary : undefined;
  return { key, path: pathOf(key, locale), title: content.data.h1, ...(summary ? { summary } : {}) };
}

function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}

function articleCard(key: string, locale: Locale): ArticleCard {
  const content = loadContent(key, locale);
  const author = attorneys.find((a) => a.slug === content.data.author);
  const plain = content.html.replace(/<[^>]+>/g, " ");
  return {
    ...link(key, locale),
    published: String(content.data.published),
    author: author?.name ?? firm.name,
    minutes: readingMinutes(content.words),
    // Each distinct word once: every query word is matched as a substring of some word, so the
    // set finds exactly what the full text would, at a fraction of the page's weight.
    searchText: [
      ...new Set(
        normalizeForSearch(`${content.data.title} ${String(content.data.summary ?? "")} ${plain}`).split(/\s+/),
      ),
    ].join(" "),
  };
}

export function categoryKeys(): string[] {
  return practiceCategories.map((c) => `practice-areas/${c.en}`);
}

function subpageKeys(categoryKey: string): string[] {
  return allPages.filter((p) => p.kind === "practice" && p.key.startsWith(`${categoryKey}/`)).map((p) => p.key);
}

function breadcrumbs(page: Page, locale: Locale, h1: string): { name: string; path: string }[] {
  const t = messages(locale).ui;
  const trail = [{ name: t.home, path: pathOf("home", locale) }];
  const parts = page.key.split("/");
  for (let i = 1; i < parts.length; i++) {
    const key = parts.slice(0, i).join("/");
    const ancestor = pageByKey(key);
    if (ancestor?.paths[locale]) trail.push({ name: loadContent(key, locale).data.h1, path: pathOf(key, locale) });
  }
  if (page.key !== "home") trail.push({ name: h1, path: pathOf(page.key, locale) });
  return trail;
}

function extraFor(
  page: Page,
  locale: Locale,
  content: LoadedContent,
  url: string,
): {
  extra: Record<string, unknown>;
  jsonLd: Record<string, unknown>[];
} {
  const jsonLd: Record<string, unknown>[] = [];
  const extra: Record<string, unknown> = {};
  const related = ((content.data.related as string[] | undefined) ?? []).map((key) => link(key, locale));
  extra.related = related;
  switch (page.kind) {
    case "home":
      extra.categories = categoryKeys().map((key) => link(key, locale));
      extra.articles = articles.slice(0, 3).map(([en]) => ({ ...articleCard(`blog/${en}`, locale), searchText: "" }));
      extra.attorneys = attorneys.map((a) => link(`our-firm/${a.slug}`, locale));
      for (const office of offices) jsonLd.push(officeJsonLd(url, office, locale));
      break;
    case "practice-index":
      extra.categories = categoryKeys().map((key) => ({
        ...link(key, locale),
        pages: subpageKeys(key).map((k) => link(k, locale)),
      }));
      break;
    case "practice-category":
      extra.pages = subpageKeys(page.key).map((key) => link(key, locale));
      break;
    case "practice":
      jsonLd.push({
        "@context": "https://schema.org",
        "@type": "Service",
        serviceType: content.data.h1,
        name: content.data.title,
        description: content.data.description,
        provider: { "@id": `${absoluteUrl(url, "/")}#organization` },
        areaServed: { "@type": "State", name: "Texas" },
      });
      break;
    case "blog-index":
      extra.articles = articles.map(([en]) => articleCard(`blog/${en}`, locale));
      break;
    case "article": {
      const card = articleCard(page.key, locale);
      const author = attorneys.find((a) => a.slug === content.data.author) ?? attorneys[0];
      extra.article = card;
      extra.authorPath = pathOf(`our-firm/${author.slug}`, locale);
      extra.authorImage = author.image;
      jsonLd.push(
        articleJsonLd(url, {
          headline: content.data.h1,
          description: content.data.description,
          locale,
          path: pathOf(page.key, locale),
          published: String(content.data.published),
          updated: content.data.updated,
          words: content.words,
          author: { name: author.name, path: pathOf(`our-firm/${author.slug}`, locale) },
          imageAlt: messages(locale).meta.shareImageAlt,
        }),
      );
      break;
    }
    case "attorney": {
      const attorney = attorneys.find((a) => page.key.endsWith(a.slug)) ?? attorneys[0];
      extra.image = attorney.image;
      extra.focus = ((content.data.focus as string[] | undefined) ?? []).map((key) => link(key, locale));
      jsonLd.push({
        "@context": "https://schema.org",
        "@type": "Person",
        name: content.data.name,
        jobTitle: content.data.role,
        image: absoluteUrl(url, `${attorney.image}-640.webp`),
        url: absoluteUrl(url, pathOf(page.key, locale)),
        worksFor: { "@id": `${absoluteUrl(url, "/")}#organization` },
        alumniOf: content.data.education,
        knowsLanguage: content.data.languages,
      });
      break;
    }
    case "firm":
      extra.attorneys = attorneys.map((a) => ({ ...link(`our-firm/${a.slug}`, locale), image: a.image }));
      break;
    case "locations":
      for (const office of offices) jsonLd.push(officeJsonLd(url, office, locale));
      break;
    case "faqs": {
      const faqs = content.data.faqs as { q: string; a: string }[];
      jsonLd.push({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faqs.map((f) => ({
          "@type": "Question",
          name: f.q,
          acceptedAnswer: { "@type": "Answer", text: f.a },
        })),
      });
      break;
    }
    case "careers":
      extra.jobs = allPages.filter((p) => p.kind === "job").map((p) => link(p.key, locale));
      break;
    case "job": {
      const office = officeById(content.data.location as OfficeId);
      extra.office = office.label[locale];
      jsonLd.push({
        "@context": "https://schema.org",
        "@type": "JobPosting",
        title: content.data.h1,
        description: content.html,
        datePosted: content.data.posted,
        validThrough: content.data.validThrough,
        employmentType: content.data.employmentType,
        hiringOrganization: { "@type": "Organization", name: firm.name, sameAs: absoluteUrl(url, "/") },
        jobLocation: {
          "@type": "Place",
          address: {
            "@type": "PostalAddress",
            streetAddress: office.street,
            addressLocality: office.locality,
            addressRegion: office.region,
            postalCode: office.postalCode,
            addressCountry: "US",
          },
        },
      });
      break;
    }
    case "city": {
      const office = officeById(content.data.office as OfficeId);
      extra.office = office.id;
      jsonLd.push(officeJsonLd(url, office, locale));
      break;
    }
    case "sitemap":
      extra.pages = allPages
        .filter((p) => p.paths[locale] && p.canonicalKey === undefined)
        .map((p) => ({ ...link(p.key, locale), kind: p.kind }));
      break;
    default:
      break;
  }
  return { extra, jsonLd };
}

export function pageDataForPath(pathname: string): PageData {
  const found = pageByPath(pathname);
  if (!found) throw new Response("Not found", { status: 404 });
  const { page, locale } = found;
  const content = loadContent(page.key, locale);
  const url = siteUrl();
  const { extra, jsonLd } = extraFor(page, locale, content, url);
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
    kind: page.kind,
    locale,
    path: pathname,
    content: { html: content.html, headings: content.headings, words: content.words, data: content.data },
    seo,
    breadcrumbs: trail,
    extra,
  };
}

export function notFoundSeo(locale: Locale): Seo {
  const url = siteUrl();
  const t = messages(locale).ui;
  return {
    title: titleWithSite(t.notFoundTitle),
    description: t.notFoundDescription,
    canonical: absoluteUrl(url, pathOf("home", locale)),
    alternates: [],
    robots: "noindex",
    ogType: "website",
    image: absoluteUrl(url, staticPaths.shareImage),
    imageAlt: messages(locale).meta.shareImageAlt,
    locale,
    jsonLd: [organizationJsonLd(url)],
  };
}
