import { describe, expect, it } from "vitest";
import { firm } from "../../core/firm";
import { allPages } from "../../core/routes";
import { metaFor } from "../lib/meta";
import { pageDataForPath, siteUrl } from "./page-data.server";

function metaContent(meta: ReturnType<typeof metaFor>, key: "property" | "name", value: string): unknown {
  const found = meta.find((m) => (m as Record<string, unknown>)[key] === value);
  return found ? (found as Record<string, unknown>).content : undefined;
}

describe("article structured data", () => {
  it("is a complete BlogPosting: headline, dates, author, image and publisher with name and logo", () => {
    const article = allPages.find((p) => p.kind === "article" && p.paths.en && p.paths.es);
    const paths = Object.values(article?.paths ?? {});
    expect(paths).toHaveLength(2);
    for (const path of paths) {
      const data = pageDataForPath(path);
      const posting = data.seo.jsonLd.find((d) => d["@type"] === "BlogPosting");
      expect(posting, path).toBeDefined();
      expect(posting).toMatchObject({
        headline: data.content.data.h1,
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        dateModified: data.content.data.updated,
        author: { "@type": "Person", name: expect.any(String), url: expect.stringContaining("/") },
        image: { "@type": "ImageObject", url: `${siteUrl()}/images/share-default.png`, width: 1200, height: 630 },
        publisher: {
          name: firm.name,
          logo: { "@type": "ImageObject", url: expect.stringMatching(/\.png$/), width: 180, height: 180 },
        },
      });
    }
  });

  it("is present on every article in both languages", () => {
    const articles = allPages.filter((p) => p.kind === "article");
    expect(articles.length).toBeGreaterThan(3);
    for (const article of articles)
      for (const path of Object.values(article.paths)) {
        const types = pageDataForPath(path).seo.jsonLd.map((d) => d["@type"]);
        expect(types, path).toContain("BlogPosting");
      }
  });
});

describe("social cards", () => {
  it("carry the share image's alt text on every page, in the page's language", () => {
    for (const page of allPages)
      for (const [locale, path] of Object.entries(page.paths)) {
        const meta = metaFor(pageDataForPath(path).seo);
        const ogAlt = metaContent(meta, "property", "og:image:alt");
        expect(ogAlt, path).toEqual(expect.stringContaining("LFH Immigration Law"));
        expect(metaContent(meta, "name", "twitter:image:alt"), path).toBe(ogAlt);
        expect(ogAlt, path).toMatch(locale === "es" ? /abogados de inmigración/ : /immigration attorneys/);
      }
  });
});
