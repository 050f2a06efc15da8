import { firm, offices, type Office } from "./firm";
import { defaultLocale, hreflang, locales, type Locale } from "./locales";
import { pageByKey, pathOf, type Page } from "./routes";
import { staticPaths } from "./site-paths";

/** A schema.org node as search engines read it from a page's JSON-LD block. */
export interface JsonLd {
  "@context"?: "https://schema.org";
  "@type": string;
  [property: string]: unknown;
}

/** Everything a page's head needs, computed once at build time from the route map and content. */
export interface Seo {
  title: string;
  description: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  robots?: "noindex" | "noindex,follow";
  ogType: "website" | "article" | "profile";
  image: string;
  /** Alt text of the share image, for og:image:alt and twitter:image:alt. */
  imageAlt: string;
  locale: Locale;
  jsonLd: JsonLd[];
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path === "/" ? "/" : path}`;
}

/** Alternate-language links: every language plus x-default (the default language), only for pages that have them all. */
export function alternates(siteUrl: string, page: Page): Seo["alternates"] {
  const paths = locales.map((locale) => page.paths[locale]);
  const fallback = page.paths[defaultLocale];
  if (!fallback || paths.some((path) => !path)) return [];
  return [
    ...locales.map((locale) => ({
      hreflang: hreflang(locale),
      href: absoluteUrl(siteUrl, page.paths[locale] ?? "/"),
    })),
    { hreflang: "x-default", href: absoluteUrl(siteUrl, fallback) },
  ];
}

export function titleWithSite(title: string): string {
  return title.includes(firm.siteName) ? title : `${title} | ${firm.siteName}`;
}

export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

/** The square raster logo: search engines want a logo at least 112 px wide in a raster format. */
export function logoJsonLd(siteUrl: string): JsonLd {
  return {
    "@type": "ImageObject",
    url: absoluteUrl(siteUrl, staticPaths.logoImage),
    width: staticPaths.logoImageSize,
    height: staticPaths.logoImageSize,
  };
}

export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": organizationId(siteUrl),
    name: firm.name,
    alternateName: firm.shortName,
    url: absoluteUrl(siteUrl, "/"),
    logo: logoJsonLd(siteUrl),
    image: absoluteUrl(siteUrl, staticPaths.shareImage),
    telephone: firm.phone,
    email: firm.email,
    priceRange: firm.priceRange,
    foundingDate: String(firm.foundedYear),
    areaServed: { "@type": "State", name: "Texas" },
    sameAs: Object.values(firm.social),
    address: postalAddress(offices.find((o) => o.isHQ) ?? offices[0]!),
  };
}

export function websiteJsonLd(siteUrl: string, locale: Locale): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${absoluteUrl(siteUrl, "/")}#website`,
    name: firm.siteName,
    url: absoluteUrl(siteUrl, "/"),
    inLanguage: locales.map(hreflang),
    publisher: { "@id": organizationId(siteUrl) },
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${absoluteUrl(siteUrl, pathOf("blog", locale))}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

export function postalAddress(office: Office) {
  return {
    "@type": "PostalAddress",
    streetAddress: office.street,
    addressLocality: office.locality,
    addressRegion: office.region,
    postalCode: office.postalCode,
    addressCountry: "US",
  };
}

export function officeJsonLd(siteUrl: string, office: Office, locale: Locale): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": `${absoluteUrl(siteUrl, pathOf("our-firm/locations", locale))}#${office.id}`,
    name: `${firm.shortName} – ${office.label[locale]}`,
    parentOrganization: { "@id": organizationId(siteUrl) },
    url: absoluteUrl(siteUrl, pathOf("our-firm/locations", locale)),
    telephone: office.phone,
    priceRange: firm.priceRange,
    image: absoluteUrl(siteUrl, `${office.image}-800.webp`),
    address: postalAddress(office),
    geo: { "@type": "GeoCoordinates", latitude: office.latitude, longitude: office.longitude },
    hasMap: office.mapsUrl,
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [...firm.hours.days],
        opens: firm.hours.opens,
        closes: firm.hours.closes,
      },
    ],
  };
}

export function breadcrumbJsonLd(siteUrl: string, trail: { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

export interface ArticleFacts {
  headline: string;
  description: string;
  locale: Locale;
  path: string;
  published: string;
  updated: string;
  words: number;
  author: { name: string; path: string };
  imageAlt: string;
}

/**
 * An article as a BlogPosting: the publisher is named with its logo inside the article's own data
 * (search engines read the publisher from the article, not only from the linked organization),
 * with the share image, both dates and the author.
 */
export function articleJsonLd(siteUrl: string, article: ArticleFacts): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.headline,
    description: article.description,
    inLanguage: hreflang(article.locale),
    datePublished: article.published,
    dateModified: article.updated,
    wordCount: article.words,
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(siteUrl, article.path) },
    url: absoluteUrl(siteUrl, article.path),
    image: {
      "@type": "ImageObject",
      url: absoluteUrl(siteUrl, staticPaths.shareImage),
      width: 1200,
      height: 630,
      caption: article.imageAlt,
    },
    author: { "@type": "Person", name: article.author.name, url: absoluteUrl(siteUrl, article.author.path) },
    publisher: {
      "@type": "LegalService",
      "@id": organizationId(siteUrl),
      name: firm.name,
      url: absoluteUrl(siteUrl, "/"),
      logo: logoJsonLd(siteUrl),
    },
  };
}

/** The page's canonical URL: its own path, or the primary page's for a repeated topic. */
export function canonicalUrl(siteUrl: string, page: Page, locale: Locale): string {
  const primary = page.canonicalKey ? pageByKey(page.canonicalKey) : undefined;
  return absoluteUrl(siteUrl, (primary ?? page).paths[locale] ?? pathOf(page.key, locale));
}
