import { attorneys } from "./firm";
import type { Locale } from "./locales";

/**
 * The route map: the one source of every URL of the site. Router, language switch, hreflang,
 * sitemap.xml, the HTML sitemap, redirects and tests all read it.
 *
 * A page is identified by its key, which is also the path of its content file under
 * `content/{locale}/{key}.md`.
 */
export type PageKind =
  | "home"
  | "schedule"
  | "payment"
  | "contact"
  | "blog-index"
  | "article"
  | "lfh-tv"
  | "sitemap"
  | "workbook"
  | "areas-we-serve"
  | "immigration-law"
  | "help"
  | "legal"
  | "firm"
  | "attorney"
  | "locations"
  | "faqs"
  | "careers"
  | "job"
  | "city"
  | "practice-index"
  | "practice-category"
  | "practice";

export interface Page {
  key: string;
  kind: PageKind;
  paths: Partial<Record<Locale, string>>;
  /** For a page that repeats another page's topic: the key of the primary page (canonical). */
  canonicalKey?: string;
}

const pages: Page[] = [];

function add(kind: PageKind, key: string, en: string | undefined, es: string | undefined, canonicalKey?: string) {
  const paths: Partial<Record<Locale, string>> = {};
  if (en !== undefined) paths.en = en;
  if (es !== undefined) paths.es = es;
  pages.push(canonicalKey ? { key, kind, paths, canonicalKey } : { key, kind, paths });
}

add("home", "home", "/", "/es");
add("schedule", "schedule", "/schedule", "/es/programar");
add("payment", "payment", "/payment", "/es/pago");
add("contact", "contact", "/contact", "/es/contacto");
add("blog-index", "blog", "/blog", "/es/blog");
add("lfh-tv", "lfh-tv", "/lfh-tv", "/es/lfh-tv");
add("sitemap", "sitemap", "/sitemap", "/es/mapa-del-sitio");
add("areas-we-serve", "areas-we-serve", "/areas-we-serve", "/es/zonas-de-servicio");
add("workbook", "download-seo-workbook", "/download-seo-workbook", undefined);
add("immigration-law", "immigration-law", "/immigration-law", undefined);
add("help", "browsing-safely", "/browsing-safely", "/es/navegar-con-seguridad");

export const legalPages = [
  ["privacy-policy", "politica-de-privacidad"],
  ["terms-of-service", "terminos-de-servicio"],
  ["legal-disclaimer", "aviso-legal"],
  ["accessibility", "accesibilidad"],
] as const;
for (const [en, es] of legalPages) add("legal", `legal/${en}`, `/${en}`, `/es/${es}`);

export const articles = [
  ["texas-immigration-laws-2025", "leyes-inmigracion-texas-2025"],
  ["vawa-green-cards-guide", "guia-green-cards-vawa"],
  ["national-interest-waiver-explained", "exencion-interes-nacional-explicada"],
  ["family-green-card-petition-guide", "guia-peticion-green-card-familiar"],
  ["u-visa-protection-crime-victims", "visa-u-proteccion-victimas-crimen"],
  ["eb1-green-card-eligibility", "elegibilidad-green-card-eb1"],
] as const;
for (const [en, es] of articles) add("article", `blog/${en}`, `/blog/${en}`, `/es/blog/${es}`);

export const firmPaths = { en: "/our-firm", es: "/es/nuestro-bufete" } as const;
export const careersPaths = {
  en: `${firmPaths.en}/join-our-team`,
  es: `${firmPaths.es}/bolsa-de-trabajo`,
} as const;
export const jobs = [["bilingual-legal-assistant", "asistente-legal-bilingue"]] as const;

add("firm", "our-firm", firmPaths.en, firmPaths.es);
for (const { slug } of attorneys)
  add("attorney", `our-firm/${slug}`, `${firmPaths.en}/${slug}`, `${firmPaths.es}/${slug}`);
add("locations", "our-firm/locations", `${firmPaths.en}/locations`, `${firmPaths.es}/ubicaciones`);
add("faqs", "our-firm/faqs", `${firmPaths.en}/faqs`, `${firmPaths.es}/preguntas-frecuentes`);
add("careers", "our-firm/join-our-team", careersPaths.en, careersPaths.es);
for (const [en, es] of jobs)
  add("job", `our-firm/join-our-team/${en}`, `${careersPaths.en}/${en}`, `${careersPaths.es}/${es}`);

export const cities = [
  "houston",
  "dallas",
  "austin",
  "san-antonio",
  "the-woodlands",
  "katy",
  "irving",
  "cypress",
  "el-paso",
] as const;
export type City = (typeof cities)[number];
export const cityPath = (city: string, locale: Locale) =>
  locale === "en" ? `/immigration-lawyer-${city}-tx` : `/es/abogado-inmigracion-${city}-tx`;
for (const city of cities) add("city", `cities/${city}`, cityPath(city, "en"), cityPath(city, "es"));

export const practiceRoot = { en: "/practice-areas", es: "/es/areas-de-practica" } as const;

/** [English slug, Spanish slug, key of the primary page when this one repeats its topic]. */
type Sub = readonly [string, string, string?];
export const practiceCategories: ReadonlyArray<{ en: string; es: string; pages: ReadonlyArray<Sub> }> = [
  {
    en: "employment-based",
    es: "inmigracion-laboral",
    pages: [
      ["b-1-business-visitor", "b-1-visitante-de-negocios"],
      ["b-2-tourist-visa", "b-2-visa-de-turista"],
      ["e-1-treaty-trader", "e-1-tratados-comerciales"],
      ["e-2-investor-visa", "e-2-visa-inversionista"],
      ["eb-1-multinational-managers", "eb-1-gerentes-multinacionales"],
      ["eb-2-advanced-degree-exceptional-ability", "eb-2-posgrado-habilidad-excepcional"],
      ["eb-3-skilled-professional-other", "eb-3-calificados-profesionales-otros"],
      ["eb-5-immigrant-investor", "eb-5-inversionista-inmigrante"],
      ["h-1b-temporary-worker", "h-1b-trabajador-temporal"],
      ["h-2b-temporary-non-specialty", "h-2b-temporal-no-especializado"],
      ["h-4-dependent", "h-4-dependiente"],
      ["l-1-manager-executive", "l-1-gerente-ejecutivo"],
      ["o-1-extraordinary-ability", "o-1-habilidad-extraordinaria"],
      ["p-1-athletes-artists", "p-1-atletas-artistas"],
      ["tn-visa-canadian", "tn-visa-canadienses"],
    ],
  },
  {
    en: "family-based",
    es: "inmigracion-familiar",
    pages: [
      ["marriage-based-green-card", "green-card-matrimonio"],
      ["k-3-spouse-visa", "k-3-visa-conyuge"],
      ["green-card-parents", "green-card-padres"],
      ["green-card-children", "green-card-hijos"],
      ["family-preference-green-card", "preferencia-familiar"],
    ],
  },
  {
    en: "employment-based-green-cards",
    es: "green-cards-empleo",
    pages: [
      ["conditional-permanent-resident", "residente-permanente-condicional"],
      ["green-card-for-parents", "green-card-padres", "practice-areas/family-based/green-card-parents"],
      ["green-card-for-children", "green-card-hijos", "practice-areas/family-based/green-card-children"],
      ["getting-a-green-card-through-marriage", "obtener-green-card-por-matrimonio"],
      [
        "family-preference-green-card",
        "green-card-preferencia-familiar",
        "practice-areas/family-based/family-preference-green-card",
      ],
      ["eb-2-pilots", "eb-2-pilotos"],
      ["eb-4-special-immigrants", "eb-4-inmigrantes-especiales"],
      ["marriage-based-green-card", "green-card-matrimonio", "practice-areas/family-based/marriage-based-green-card"],
    ],
  },
  {
    en: "citizenship",
    es: "ciudadania",
    pages: [
      ["how-to-become-a-us-citizen", "como-convertirse-en-ciudadano-estadounidense"],
      ["naturalization", "naturalizacion"],
    ],
  },
  {
    en: "deportation-asylum",
    es: "defensa-deportacion-asilo",
    pages: [
      ["asylum", "asilo"],
      ["deportation-proceedings", "procesos-de-deportacion"],
    ],
  },
  {
    en: "victims-of-crimes",
    es: "victimas-de-delitos",
    pages: [
      ["u-visa", "visa-u"],
      ["t-visa", "visa-t"],
      ["vawa-lawyer", "vawa-abogado"],
    ],
  },
  {
    en: "students-exchange",
    es: "estudiantes-intercambio",
    pages: [
      ["f-1-student-visa", "f-1-visa-estudiante"],
      ["j-1-exchange-visitor", "j-1-visitante-intercambio"],
    ],
  },
  {
    en: "humanitarian",
    es: "humanitario",
    pages: [
      ["daca-lawyer", "daca-abogado"],
      ["tps-temporary-protected-status", "tps-estatus-proteccion-temporal"],
    ],
  },
];

add("practice-index", "practice-areas", practiceRoot.en, practiceRoot.es);
for (const category of practiceCategories) {
  const categoryKey = `practice-areas/${category.en}`;
  add("practice-category", categoryKey, `${practiceRoot.en}/${category.en}`, `${practiceRoot.es}/${category.es}`);
  for (const [en, es, primary] of category.pages) {
    add(
      "practice",
      `${categoryKey}/${en}`,
      `${practiceRoot.en}/${category.en}/${en}`,
      `${practiceRoot.es}/${category.es}/${es}`,
      primary,
    );
  }
}

export const allPages: readonly Page[] = pages;

const byKey = new Map(pages.map((page) => [page.key, page]));
const byPath = new Map<string, { page: Page; locale: Locale }>();
for (const page of pages) {
  for (const [locale, path] of Object.entries(page.paths) as [Locale, string][]) {
    byPath.set(path, { page, locale });
  }
}

export function pageByKey(key: string): Page | undefined {
  return byKey.get(key);
}

export function pageByPath(pathname: string): { page: Page; locale: Locale } | undefined {
  return byPath.get(pathname);
}

/** The path of a page in a language; throws for a key the map lacks, so a typo fails the build. */
export function pathOf(key: string, locale: Locale): string {
  const page = byKey.get(key);
  if (!page) throw new Error(`Unknown page key: ${key}`);
  return page.paths[locale] ?? page.paths.en ?? "/";
}

/** Pages whose content is their own: the ones that canonicalise to another page are excluded. */
export function isIndexable(page: Page): boolean {
  return page.canonicalKey === undefined && page.kind !== "legal";
}

export const homePath = (locale: Locale) => pathOf("home", locale);

const joinOurTeamPrefixes = [careersPaths.en, careersPaths.es];

/** Whether an internal path is a page of the site (job postings count by their prefix: new postings appear before a rebuild). */
export function isKnownPath(pathname: string): boolean {
  const path = stripTrailingSlash(pathname);
  return byPath.has(path) || joinOurTeamPrefixes.some((prefix) => path.startsWith(`${prefix}/`));
}

/** Walks back over the slashes (a pattern anchored at the end would retry every run of them). */
export function stripTrailingSlash(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === "/") end--;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}

/** The current page in the other language; a page without counterpart maps to that language's home. */
export function counterpartPath(pathname: string, target: Locale): string {
  const found = byPath.get(stripTrailingSlash(pathname));
  return found?.page.paths[target] ?? homePath(target);
}
