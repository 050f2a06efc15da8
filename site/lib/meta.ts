import type { MetaDescriptor } from "react-router";
import { firm } from "../../core/firm";
import { localeConfig } from "../../core/locales";
import type { Seo } from "../../core/seo";

/** The head of a page: title, description, canonical, hreflang, Open Graph, Twitter and JSON-LD. */
export function metaFor(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const og = localeConfig[seo.locale].intl.replace("-", "_");
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    ...(seo.robots ? [{ name: "robots", content: seo.robots }] : []),
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hreflang, href: a.href })),
    { property: "og:type", content: seo.ogType },
    { property: "og:site_name", content: firm.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:image", content: seo.image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: seo.imageAlt },
    { property: "og:locale", content: og },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: seo.image },
    { name: "twitter:image:alt", content: seo.imageAlt },
    ...seo.jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
