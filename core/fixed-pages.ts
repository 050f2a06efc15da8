import { blogPaths, careersPaths, firmPaths, practiceRoot } from "./content-kinds";
import type { Locale } from "./locales";

/**
 * The pages the site is built around, whose paths the code fixes: the firm's added pages
 * (articles, jobs, attorneys, cities, practice areas) come from content instead
 * (core/content-kinds.ts). A fixed page's key is also the path of its content file under
 * `content/{locale}/{key}.md`.
 */
export type FixedPageKind =
  | "home"
  | "schedule"
  | "payment"
  | "fees"
  | "contact"
  | "blog-index"
  | "lfh-tv"
  | "sitemap"
  | "workbook"
  | "areas-we-serve"
  | "immigration-law"
  | "help"
  | "urgent"
  | "legal"
  | "firm"
  | "locations"
  | "faqs"
  | "careers"
  | "practice-index";

interface FixedPage {
  key: string;
  kind: FixedPageKind;
  paths: Partial<Record<Locale, string>>;
}

export const fixedPages = [
  { key: "home", kind: "home", paths: { en: "/", es: "/es" } },
  { key: "schedule", kind: "schedule", paths: { en: "/schedule", es: "/es/programar" } },
  { key: "payment", kind: "payment", paths: { en: "/payment", es: "/es/pago" } },
  {
    key: "government-filing-fees",
    kind: "fees",
    paths: { en: "/government-filing-fees", es: "/es/costos-de-tramite-del-gobierno" },
  },
  { key: "contact", kind: "contact", paths: { en: "/contact", es: "/es/contacto" } },
  { key: "blog", kind: "blog-index", paths: blogPaths },
  { key: "lfh-tv", kind: "lfh-tv", paths: { en: "/lfh-tv", es: "/es/lfh-tv" } },
  { key: "sitemap", kind: "sitemap", paths: { en: "/sitemap", es: "/es/mapa-del-sitio" } },
  { key: "areas-we-serve", kind: "areas-we-serve", paths: { en: "/areas-we-serve", es: "/es/zonas-de-servicio" } },
  { key: "download-seo-workbook", kind: "workbook", paths: { en: "/download-seo-workbook" } },
  {
    key: "immigration-law",
    kind: "immigration-law",
    paths: { en: "/immigration-law", es: "/es/leyes-de-inmigracion" },
  },
  { key: "browsing-safely", kind: "help", paths: { en: "/browsing-safely", es: "/es/navegar-con-seguridad" } },
  { key: "notario-fraud", kind: "help", paths: { en: "/notario-fraud", es: "/es/fraude-de-notarios" } },
  // Someone detained or a hearing within days: what to do now, and when the phone is answered.
  { key: "someone-detained", kind: "urgent", paths: { en: "/someone-detained", es: "/es/familiar-detenido" } },
  { key: "legal/privacy-policy", kind: "legal", paths: { en: "/privacy-policy", es: "/es/politica-de-privacidad" } },
  { key: "legal/terms-of-service", kind: "legal", paths: { en: "/terms-of-service", es: "/es/terminos-de-servicio" } },
  { key: "legal/legal-disclaimer", kind: "legal", paths: { en: "/legal-disclaimer", es: "/es/aviso-legal" } },
  { key: "legal/accessibility", kind: "legal", paths: { en: "/accessibility", es: "/es/accesibilidad" } },
  { key: "our-firm", kind: "firm", paths: firmPaths },
  {
    key: "our-firm/locations",
    kind: "locations",
    paths: { en: `${firmPaths.en}/locations`, es: `${firmPaths.es}/ubicaciones` },
  },
  {
    key: "our-firm/faqs",
    kind: "faqs",
    paths: { en: `${firmPaths.en}/faqs`, es: `${firmPaths.es}/preguntas-frecuentes` },
  },
  { key: "our-firm/join-our-team", kind: "careers", paths: careersPaths },
  { key: "practice-areas", kind: "practice-index", paths: practiceRoot },
] as const satisfies readonly FixedPage[];

export type FixedPageKey = (typeof fixedPages)[number]["key"];
