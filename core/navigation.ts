import type { Messages } from "./i18n";
import type { Locale } from "./locales";
import type { PageKey } from "./routes";

/** Menus and link lists. Items point at route-map keys; titles are per language, so a menu never shows the other language. */
export interface NavItem {
  key: PageKey;
  title: string;
  titleEs: string;
}

/** A menu item's or group's title in a language. */
export const navTitle: Record<Locale, (titled: NavItem | PracticeGroup) => string> = {
  en: (titled) => titled.title,
  es: (titled) => titled.titleEs,
};

export interface PracticeGroup {
  slug: string;
  title: string;
  titleEs: string;
  items: NavItem[];
}

export const practiceGroups: PracticeGroup[] = [
  {
    slug: "business",
    title: "Business Immigration",
    titleEs: "Inmigración de negocios",
    items: [
      {
        key: "practice-areas/employment-based/e-2-investor-visa",
        title: "E-2 Investor Visa",
        titleEs: "Visa de inversionista E-2",
      },
      {
        key: "practice-areas/employment-based/l-1-manager-executive",
        title: "L-1 Intracompany Transfer",
        titleEs: "Visa L-1 de transferencia",
      },
      {
        key: "practice-areas/employment-based/h-1b-temporary-worker",
        title: "H-1B Specialty Occupation",
        titleEs: "Visa H-1B de trabajo",
      },
      {
        key: "practice-areas/employment-based/eb-5-immigrant-investor",
        title: "EB-5 Investor Green Card",
        titleEs: "Green card EB-5 por inversión",
      },
    ],
  },
  {
    slug: "family",
    title: "Family Immigration",
    titleEs: "Inmigración familiar",
    items: [
      { key: "practice-areas/family-based", title: "Family-Based Green Cards", titleEs: "Green card por familia" },
      {
        key: "practice-areas/family-based/k-3-spouse-visa",
        title: "K-3 Spouse Visa",
        titleEs: "Visa K-3 para cónyuges",
      },
      {
        key: "practice-areas/family-based/marriage-based-green-card",
        title: "Marriage-Based Green Cards",
        titleEs: "Green card por matrimonio",
      },
    ],
  },
  {
    slug: "humanitarian",
    title: "Humanitarian Immigration",
    titleEs: "Inmigración humanitaria",
    items: [
      { key: "practice-areas/deportation-asylum/asylum", title: "Asylum", titleEs: "Asilo" },
      { key: "practice-areas/victims-of-crimes/vawa-lawyer", title: "VAWA", titleEs: "VAWA" },
      { key: "practice-areas/victims-of-crimes/u-visa", title: "U Visa", titleEs: "Visa U" },
    ],
  },
  {
    slug: "other",
    title: "Other Services",
    titleEs: "Otros servicios",
    items: [
      {
        key: "practice-areas/citizenship/naturalization",
        title: "Citizenship & Naturalization",
        titleEs: "Ciudadanía y naturalización",
      },
      {
        key: "practice-areas/deportation-asylum/deportation-proceedings",
        title: "Deportation Defense",
        titleEs: "Defensa contra la deportación",
      },
      { key: "practice-areas/humanitarian/daca-lawyer", title: "DACA", titleEs: "DACA" },
    ],
  },
];

/** Items of the header's Our Firm submenu: key plus the dictionary entry for its label. */
export const ourFirmMenu: { key: PageKey; label: keyof Messages["ui"] }[] = [
  { key: "our-firm", label: "aboutUs" },
  { key: "our-firm/locations", label: "locations" },
  { key: "our-firm/faqs", label: "faqs" },
  { key: "lfh-tv", label: "lfhTv" },
];

/**
 * Pages the phone menu offers besides its groups' first items, which leave them out: visitors on
 * phones looked for these (Canadian engineers, students) and found them only in the footer.
 */
export const mobileMenuExtras: NavItem[] = [
  {
    key: "practice-areas/employment-based/tn-visa-canadian",
    title: "TN Visa for Canadians and Mexicans",
    titleEs: "Visa TN para canadienses y mexicanos",
  },
  {
    key: "practice-areas/students-exchange",
    title: "Student and exchange visas",
    titleEs: "Visas de estudiante e intercambio",
  },
];

/** Careers, in the phone menu's Our Firm section (otherwise only in the footer). */
export const careersMenuItem: { key: PageKey; label: keyof Messages["ui"] } = {
  key: "our-firm/join-our-team",
  label: "joinOurTeam",
};

/** Pages in one language only, and the closest page in the other that the language switch offers. */
export const closestCounterpart: Partial<Record<PageKey, PageKey>> = {
  "download-seo-workbook": "blog",
};

export const footerQuickLinks: { key: PageKey; label: keyof Messages["ui"] }[] = [
  { key: "home", label: "home" },
  { key: "practice-areas", label: "practiceAreas" },
  { key: "our-firm", label: "ourFirm" },
  { key: "areas-we-serve", label: "areasWeServe" },
  { key: "blog", label: "blog" },
  { key: "our-firm/faqs", label: "faqs" },
  { key: "government-filing-fees", label: "governmentFees" },
  { key: "contact", label: "contact" },
  { key: "lfh-tv", label: "lfhTv" },
  { key: "our-firm/join-our-team", label: "joinOurTeam" },
];

export const footerFeaturedPractice: NavItem[] = [
  {
    key: "practice-areas/employment-based/e-2-investor-visa",
    title: "E-2 Investor Visa",
    titleEs: "Visa E-2 de inversionista",
  },
  { key: "practice-areas/employment-based/h-1b-temporary-worker", title: "H-1B Visa", titleEs: "Visa H-1B" },
  { key: "practice-areas/deportation-asylum/asylum", title: "Asylum", titleEs: "Asilo" },
  { key: "practice-areas/humanitarian/daca-lawyer", title: "DACA", titleEs: "DACA" },
  { key: "practice-areas/citizenship/naturalization", title: "Naturalization", titleEs: "Naturalización" },
];

export const footerLegalLinks: { key: PageKey; label: keyof Messages["ui"] }[] = [
  { key: "legal/privacy-policy", label: "privacy" },
  { key: "legal/terms-of-service", label: "terms" },
  { key: "legal/legal-disclaimer", label: "disclaimer" },
  { key: "legal/accessibility", label: "accessibility" },
  { key: "notario-fraud", label: "notarioFraud" },
  { key: "payment", label: "paymentsLink" },
];
