import type { Messages } from "./i18n";
import type { PageKey } from "./routes";

/** Menus and link lists. Items point at route-map keys; titles are per language, so a menu never shows the other language. */
export interface NavItem {
  key: PageKey;
  title: string;
  titleEs: string;
}

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
    titleEs: "Inmigración de Negocios",
    items: [
      {
        key: "practice-areas/employment-based/e-2-investor-visa",
        title: "E-2 Investor Visa",
        titleEs: "Visa de Inversionista E-2",
      },
      {
        key: "practice-areas/employment-based/l-1-manager-executive",
        title: "L-1 Intracompany Transfer",
        titleEs: "Visa L-1 de Transferencia",
      },
      {
        key: "practice-areas/employment-based/h-1b-temporary-worker",
        title: "H-1B Specialty Occupation",
        titleEs: "Visa H-1B de Trabajo",
      },
      {
        key: "practice-areas/employment-based/eb-5-immigrant-investor",
        title: "EB-5 Investor Green Card",
        titleEs: "Green Card EB-5 por Inversión",
      },
    ],
  },
  {
    slug: "family",
    title: "Family Immigration",
    titleEs: "Inmigración Familiar",
    items: [
      { key: "practice-areas/family-based", title: "Family-Based Green Cards", titleEs: "Green Cards por Familia" },
      {
        key: "practice-areas/family-based/k-3-spouse-visa",
        title: "K-3 Spouse Visa",
        titleEs: "Visa K-3 para Cónyuges",
      },
      {
        key: "practice-areas/family-based/marriage-based-green-card",
        title: "Marriage-Based Green Cards",
        titleEs: "Green Card por Matrimonio",
      },
    ],
  },
  {
    slug: "humanitarian",
    title: "Humanitarian Immigration",
    titleEs: "Inmigración Humanitaria",
    items: [
      { key: "practice-areas/deportation-asylum/asylum", title: "Asylum", titleEs: "Asilo" },
      { key: "practice-areas/victims-of-crimes/vawa-lawyer", title: "VAWA", titleEs: "VAWA" },
      { key: "practice-areas/victims-of-crimes/u-visa", title: "U Visa", titleEs: "Visa U" },
    ],
  },
  {
    slug: "other",
    title: "Other Services",
    titleEs: "Otros Servicios",
    items: [
      {
        key: "practice-areas/citizenship/naturalization",
        title: "Citizenship & Naturalization",
        titleEs: "Ciudadanía y Naturalización",
      },
      {
        key: "practice-areas/deportation-asylum/deportation-proceedings",
        title: "Deportation Defense",
        titleEs: "Defensa contra la Deportación",
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
    titleEs: "Visa E-2 de Inversionista",
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
  { key: "payment", label: "paymentsLink" },
];
