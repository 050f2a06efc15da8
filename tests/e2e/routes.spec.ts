import { expect, test } from "@playwright/test";
import { legacyRedirects } from "../../core/redirects";
import { isIndexable } from "../../core/routes";
import { everyPage } from "./pages";

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

test.describe("every route of the route map is a real prerendered page", () => {
  for (const { path, locale, page } of everyPage) {
    test(`${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      expect(attr(html, /<html lang="([^"]+)"/)).toBe(locale);
      const h1 = attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/);
      expect(h1?.replace(/<[^>]+>/g, "").trim().length).toBeGreaterThan(2);
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(/<link rel="canonical" href="https:\/\/[^"]+"/);
      expect(html).toContain('property="og:title"');
      expect(html).toContain('name="twitter:card"');
      if (page.paths.en && page.paths.es) {
        for (const lang of ["en-us", "es-us", "x-default"]) expect(html).toContain(`hrefLang="${lang}"`);
      }
      if (page.kind === "legal") expect(html).toContain('<meta name="robots" content="noindex,follow"');
      else expect(html).not.toContain('name="robots"');
      if (page.kind === "legal") expect(html).not.toContain('id="consultation-section"');
      for (const block of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        const data = JSON.parse(block[1]!) as { "@context": string; "@type": string };
        expect(data["@context"]).toBe("https://schema.org");
      }
      expect(html).not.toMatch(/lorem ipsum|coming soon|próximamente/i);
      if (isIndexable(page)) expect(html).not.toContain("noindex");
    });
  }
});

test.describe("redirects and not-found", () => {
  test("/en and /en/* redirect permanently to the unprefixed path", async ({ request }) => {
    for (const [from, to] of [
      ["/en", "/"],
      ["/en/privacy-policy", "/privacy-policy"],
      ["/en/contact", "/contact"],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(new URL(response.headers().location!, "http://x").pathname).toBe(to);
    }
  });

  test("a trailing slash is stripped, keeping the query", async ({ request }) => {
    const response = await request.get("/blog/?q=visa", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toMatch(/\/blog\?q=visa$/);
  });

  test("every metadata-only route redirects to a page that exists", async ({ request }) => {
    for (const [from, to] of legacyRedirects()) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(new URL(response.headers().location!, "http://x").pathname, from).toBe(to);
    }
  });

  test("unknown paths answer 404 with the localized, noindex not-found page", async ({ request }) => {
    const en = await request.get("/no-such-page");
    expect(en.status()).toBe(404);
    const html = await en.text();
    expect(html).toContain("Page not found");
    expect(html).toContain("The page you&#x27;re looking for doesn&#x27;t exist or has been moved.");
    expect(html).toContain('<meta name="robots" content="noindex"');
    const es = await request.get("/es/no-existe");
    expect(es.status()).toBe(404);
    expect(await es.text()).toContain("Página no encontrada");
  });

  test("sitemap.xml lists every indexable page with its alternate, robots.txt points to it", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const expected = everyPage.filter((p) => isIndexable(p.page)).map((p) => p.path);
    expect(locs.sort()).toEqual(expected.sort());
    expect(xml).toContain('hreflang="es-us"');
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: ");
  });

  test("pages carry security headers and hashed assets are cached for a year", async ({ request }) => {
    const page = await request.get("/");
    const headers = page.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const asset = /<script type="module" src="(\/assets\/[^"]+)"/.exec(await page.text())?.[1];
    const assetResponse = await request.get(asset!);
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
  });
});
