import { describe, expect, it } from "vitest";
import { attorneys } from "./attorneys";
import { legacyLocationCities, legacyRedirect, legacyRedirects } from "./redirects";
import { allPages, counterpartPath, isKnownPath, pageByKey, pageByPath, pagesOf } from "./routes";

const paths = (locale: "en" | "es") => allPages.flatMap((p) => (p.paths[locale] ? [p.paths[locale]] : []));
const count = (kind: string, locale: "en" | "es") => allPages.filter((p) => p.kind === kind && p.paths[locale]).length;

describe("route map", () => {
  it("holds every top-level page of both languages", () => {
    for (const path of [
      "/",
      "/schedule",
      "/payment",
      "/contact",
      "/blog",
      "/lfh-tv",
      "/sitemap",
      "/download-seo-workbook",
      "/areas-we-serve",
      "/immigration-law",
    ])
      expect(pageByPath(path)?.locale).toBe("en");
    for (const path of [
      "/es",
      "/es/programar",
      "/es/pago",
      "/es/contacto",
      "/es/blog",
      "/es/lfh-tv",
      "/es/mapa-del-sitio",
      "/es/zonas-de-servicio",
    ])
      expect(pageByPath(path)?.locale).toBe("es");
  });

  it("holds every article, city, attorney and job of its lists, each in both languages", () => {
    for (const kind of ["legal", "article", "city", "attorney", "job"])
      expect(count(kind, "es")).toBe(count(kind, "en"));
    for (const locale of ["en", "es"] as const) {
      expect(count("article", locale)).toBe(6);
      expect(count("city", locale)).toBe(9);
      expect(count("attorney", locale)).toBe(3);
    }
    expect(attorneys.map((a) => a.slug)).toEqual(["daniela-lara", "sofia-fuentes", "marcus-hale"]);
    expect(pageByPath("/es/politica-de-privacidad")?.page.key).toBe("legal/privacy-policy");
    expect(pageByPath("/es/blog/elegibilidad-green-card-eb1")?.page.key).toBe("blog/eb1-green-card-eligibility");
    expect(pageByPath("/immigration-lawyer-san-antonio-tx")?.page.key).toBe("cities/san-antonio");
    expect(pageByPath("/es/abogado-inmigracion-el-paso-tx")?.page.key).toBe("cities/el-paso");
  });

  it("holds each practice category and every one of its subpages, in both languages", () => {
    const categories = pagesOf("practice-category");
    for (const category of categories)
      expect(
        pagesOf("practice").filter((p) => p.key.startsWith(`${category.key}/`)).length,
        category.key,
      ).toBeGreaterThan(0);
    for (const locale of ["en", "es"] as const) {
      expect(count("practice-category", locale)).toBe(8);
      expect(count("practice", locale)).toBe(15 + 5 + 8 + 2 + 2 + 3 + 2 + 2 + 1); // + work permits (EAD)
    }
    expect(pageByPath("/es/areas-de-practica/inmigracion-laboral/tn-visa-canadienses")?.page.key).toBe(
      "practice-areas/employment-based/tn-visa-canadian",
    );
    expect(pageByPath("/es/areas-de-practica/humanitario/tps-estatus-proteccion-temporal")?.page.paths.en).toBe(
      "/practice-areas/humanitarian/tps-temporary-protected-status",
    );
  });

  it("never lists a path twice", () => {
    const all = [...paths("en"), ...paths("es")];
    expect(new Set(all).size).toBe(all.length);
  });

  it("pairs every page with its counterpart, except the documented English-only workbook", () => {
    const unpaired = allPages.filter((p) => !p.paths.en || !p.paths.es).map((p) => p.key);
    expect(unpaired.sort()).toEqual(["download-seo-workbook"]);
  });

  it("points duplicate topics at an existing primary page", () => {
    const duplicates = allPages.filter((p) => p.canonicalKey);
    for (const page of duplicates) expect(pageByKey(page.canonicalKey!)?.canonicalKey).toBeUndefined();
  });

  it("maps a path to its counterpart, and a page without one to the other home", () => {
    expect(counterpartPath("/our-firm/faqs", "es")).toBe("/es/nuestro-bufete/preguntas-frecuentes");
    expect(counterpartPath("/es/blog/guia-green-cards-vawa", "en")).toBe("/blog/vawa-green-cards-guide");
    expect(counterpartPath("/immigration-law", "es")).toBe("/es/leyes-de-inmigracion");
    expect(counterpartPath("/notario-fraud", "es")).toBe("/es/fraude-de-notarios");
    expect(counterpartPath("/no-such-page", "es")).toBe("/es");
    expect(counterpartPath("/contact/", "es")).toBe("/es/contacto");
  });

  it("counts join-our-team paths as known", () => {
    expect(isKnownPath("/our-firm/join-our-team/any-future-job")).toBe(true);
    expect(isKnownPath("/es/nuestro-bufete/bolsa-de-trabajo/otro-puesto")).toBe(true);
    expect(isKnownPath("/made-up")).toBe(false);
  });
});

describe("redirects", () => {
  it("sends /en and /en/* to the unprefixed path", () => {
    expect(legacyRedirect("/en")).toBe("/");
    expect(legacyRedirect("/en/privacy-policy")).toBe("/privacy-policy");
    expect(legacyRedirect("/en/contact")).toBe("/contact");
    expect(legacyRedirect("/en/about")).toBe("/our-firm");
  });

  it("strips a trailing slash", () => {
    expect(legacyRedirect("/contact/")).toBe("/contact");
    expect(legacyRedirect("/")).toBeUndefined();
    expect(legacyRedirect("/contact")).toBeUndefined();
  });

  it("sends every metadata-only route to a real page", () => {
    const map = legacyRedirects();
    for (const [from, target] of map) {
      expect(pageByPath(target), from).toBeDefined();
      expect(pageByPath(from), `${from} is a page: a redirect would hide it`).toBeUndefined();
    }
    // Every old service and city page redirects in both languages.
    const counterparts: [string, string][] = [
      ["/services/", "/es/servicios/"],
      ["/locations/", "/es/ubicaciones/"],
    ];
    for (const [en, es] of counterparts)
      for (const from of map.keys()) {
        if (from.startsWith(en)) expect(map.has(from.replace(en, es)), from).toBe(true);
        if (from.startsWith(es)) expect(map.has(from.replace(es, en)), from).toBe(true);
      }
    for (const city of legacyLocationCities) expect(map.has(`/locations/${city}-tx`), city).toBe(true);
    expect(legacyRedirect("/services/eb2-niw")).toBe(
      "/practice-areas/employment-based/eb-2-advanced-degree-exceptional-ability",
    );
    expect(legacyRedirect("/locations/mcallen-tx")).toBe("/areas-we-serve");
    expect(legacyRedirect("/es/ubicaciones/dallas-tx")).toBe("/es/abogado-inmigracion-dallas-tx");
  });
});
