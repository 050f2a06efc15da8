import { describe, expect, it } from "vitest";
import { firm } from "../../core/firm";
import { allPages } from "../../core/routes";
import { staticPaths } from "../../core/site-paths";
import { metaFor } from "../lib/meta";
import { loader as articleLoader } from "../routes/article";
import { pageContext, pageView, siteUrl } from "./page-data.server";

function metaContent(meta: ReturnType<typeof metaFor>, key: "property" | "name", value: string): unknown {
  const found = meta.find((m) => Object.entries(m).some(([k, v]) => k === key && v === value));
  return found && "content" in found ? found.content : undefined;
}

function request(path: string): Request {
  return new Request(`http://localhost${path}`);
}

function articleData(path: string) {
  return articleLoader({
    request: request(path),
    params: { slug: path.split("/").pop() ?? "" },
    context: {},
    url: new URL(`http://localhost${path}`),
    pattern: "/blog/:slug",
  });
}

describe("article structured data", () => {
  it("is a complete BlogPosting: headline, dates, author, image and publisher with name and logo", () => {
    const article = allPages.find((p) => p.kind === "article" && p.paths.en && p.paths.es);
    const paths = Object.values(article?.paths ?? {});
    expect(paths).toHaveLength(2);
    for (const path of paths) {
      const data = articleData(path);
      const posting = data.seo.jsonLd.find((d) => d["@type"] === "BlogPosting");
      expect(posting, path).toBeDefined();
      expect(posting).toMatchObject({
        headline: data.content.data.h1,
        datePublished: data.content.data.published,
        dateModified: data.content.data.updated,
        author: {
          "@type": "Person",
          name: data.extra.article.author,
          url: `${siteUrl()}${data.extra.authorPath}`,
        },
        image: { "@type": "ImageObject", url: `${siteUrl()}/images/share-default.png`, width: 1200, height: 630 },
        publisher: {
          name: firm.name,
          logo: { "@type": "ImageObject", url: `${siteUrl()}${staticPaths.logoImage}`, width: 180, height: 180 },
        },
      });
    }
  });

  it("is present on every article in both languages", () => {
    const articles = allPages.filter((p) => p.kind === "article");
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles)
      for (const path of Object.values(article.paths)) {
        const types = articleData(path).seo.jsonLd.map((d) => d["@type"]);
        expect(types, path).toContain("BlogPosting");
      }
  });
});

describe("social cards", () => {
  it("carry the share image's alt text on every page, in the page's language", () => {
    const kinds = allPages.map((p) => p.kind);
    for (const page of allPages)
      for (const [locale, path] of Object.entries(page.paths)) {
        const meta = metaFor(pageView(pageContext(request(path), kinds), {}).seo);
        const ogAlt = metaContent(meta, "property", "og:image:alt");
        expect(ogAlt, path).toEqual(expect.stringContaining("LFH Immigration Law"));
        expect(metaContent(meta, "name", "twitter:image:alt"), path).toBe(ogAlt);
        expect(ogAlt, path).toMatch(locale === "es" ? /abogados de inmigración/ : /immigration attorneys/);
      }
  });
});
