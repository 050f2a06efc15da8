import { firm, offices, type Office } from "./firm";
import { hreflang, type Locale } from "./locales";
import { pageByKey, pathOf, type Page } from "./routes";
import { staticPaths } from "./site-paths";

/** Everything a page's head needs, computed once at build time from the route map and content. */
export interface Seo {
  title: string;
  description: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  robots?: "noindex" | "noindex,follow";
  ogType: "website" | "article" | "profile";
  image: string;
  locale: Locale;
  jsonLd: Record<string, unknown>[];
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path === "/" ? "/" : path}`;
}

/** Alternate-language links: both languages plus x-default (English), only for pages that have both. */
export function alternates(siteUrl: string, page: Page): Seo["alternates"] {
  const { en, es } = page.paths;
  if (!en || !es) return [];
  return [
    { hreflang: hreflang.en, href: absoluteUrl(siteUrl, en) },
    { hreflang: hreflang.es, href: absoluteUrl(siteUrl, es) },
    { hreflang: "x-default", href: absoluteUrl(siteUrl, en) },
  ];
}

export function titleWithSite(title: string): string {
  return title.includes(firm.siteName) ? title : `${title} | ${firm.siteName}`;
}

export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

export function organizationJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": organizationId(siteUrl),
    name: firm.name,
    alternateName: firm.shortName,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, staticPaths.logo),
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

export function websiteJsonLd(siteUrl: string, locale: Locale): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${absoluteUrl(siteUrl, "/")}#website`,
    name: firm.siteName,
    url: absoluteUrl(siteUrl, "/"),
    inLanguage: [hreflang.en, hreflang.es],
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

function postalAddress(office: Office) {
  return {
    "@type": "PostalAddress",
    streetAddress: office.street,
    addressLocality: office.locality,
    addressRegion: office.region,
    postalCode: office.postalCode,
    addressCountry: "US",
  };
}

export function officeJsonLd(siteUrl: string, office: Office, locale: Locale): Record<string, unknown> {
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

export function breadcrumbJsonLd(siteUrl: string, trail: { name: string; path: string }[]): Record<string, unknown> {
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

/** The page's canonical URL: its own path, or the primary page's for a repeated topic. */
export function canonicalUrl(siteUrl: string, page: Page, locale: Locale): string {
  const primary = page.canonicalKey ? pageByKey(page.canonicalKey) : undefined;
  return absoluteUrl(siteUrl, (primary ?? page).paths[locale] ?? pathOf(page.key, locale));
}
