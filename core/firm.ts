import type { Locale } from "./locales";

/**
 * The firm's identity: edit this file (and the Markdown in content/) to make the site your own.
 * Sample values are fictional: 555-01xx phone numbers and reserved `.example` domains.
 */
export const officeIds = ["shenandoah", "houston", "katy", "irving"] as const;
export type OfficeId = (typeof officeIds)[number];
/** The office values the consultation form sends (the intake system's field values); "woodlands" is the main office. */
export const officeChoices = ["woodlands", "houston", "irving", "katy"] as const;
export type OfficeChoice = (typeof officeChoices)[number];

export interface Office {
  id: OfficeId;
  choice: OfficeChoice;
  city: string;
  label: Record<Locale, string>;
  street: string;
  locality: string;
  region: "TX";
  postalCode: string;
  mapsUrl: string;
  phone: string;
  image: string;
  isHQ: boolean;
  latitude: number;
  longitude: number;
}

const mainPhone = "(281) 555-0142";

function mapsUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

function office(o: Omit<Office, "mapsUrl" | "phone" | "region">): Office {
  return {
    ...o,
    region: "TX",
    phone: mainPhone,
    mapsUrl: mapsUrl(`${o.street}, ${o.locality}, TX ${o.postalCode}`),
  };
}

export const offices: readonly Office[] = [
  office({
    id: "shenandoah",
    choice: "woodlands",
    city: "The Woodlands",
    label: { en: "The Woodlands (Main Office)", es: "The Woodlands (Oficina principal)" },
    street: "19221 Interstate 45 South, Suite 400",
    locality: "Shenandoah",
    postalCode: "77385",
    image: "/images/office-woodlands",
    isHQ: true,
    latitude: 30.1797,
    longitude: -95.4557,
  }),
  office({
    id: "houston",
    choice: "houston",
    city: "Houston",
    label: { en: "Houston", es: "Houston" },
    street: "1001 Texas Avenue, Suite 1200",
    locality: "Houston",
    postalCode: "77002",
    image: "/images/office-houston",
    isHQ: false,
    latitude: 29.7589,
    longitude: -95.3626,
  }),
  office({
    id: "katy",
    choice: "katy",
    city: "Katy",
    label: { en: "Katy", es: "Katy" },
    street: "23501 Cinco Ranch Boulevard, Suite 210",
    locality: "Katy",
    postalCode: "77494",
    image: "/images/office-katy",
    isHQ: false,
    latitude: 29.7369,
    longitude: -95.7713,
  }),
  office({
    id: "irving",
    choice: "irving",
    city: "Irving",
    label: { en: "Irving (Dallas–Fort Worth)", es: "Irving (Dallas–Fort Worth)" },
    street: "5215 North O'Connor Boulevard, Suite 1500",
    locality: "Irving",
    postalCode: "75039",
    image: "/images/office-irving",
    isHQ: false,
    latitude: 32.875,
    longitude: -96.942,
  }),
];

export function officeById(id: OfficeId): Office {
  const found = offices.find((o) => o.id === id);
  if (!found) throw new Error(`Unknown office ${id}`);
  return found;
}

export function officeByChoice(choice: OfficeChoice): Office {
  const found = offices.find((o) => o.choice === choice);
  if (!found) throw new Error(`Unknown office ${choice}`);
  return found;
}

export const firm = {
  name: "Lara Fuentes & Hale, PLLC",
  shortName: "LFH Immigration Law",
  siteName: "LFH Immigration Law",
  defaultSiteUrl: "https://www.lfh-immigration.example",
  email: "info@lfh-immigration.example",
  careersEmail: "careers@lfh-immigration.example",
  accessibilityEmail: "accessibility@lfh-immigration.example",
  privacyEmail: "privacy@lfh-immigration.example",
  phone: mainPhone,
  /** The exit-intent popup shows its own number, so the firm can tell which calls it brings. */
  exitPopupPhone: "(832) 555-0199",
  /** International format for the messaging deep link (digits only). */
  messagingNumber: "12815550142",
  paymentUrl: "https://payments.lfh-immigration.example/pay",
  cardPaymentUrl: "https://payments.lfh-immigration.example/card",
  bookingUrl: "https://booking.lfh-immigration.example/consultation",
  recaptchaSiteKey: "6LcSampleKeyForLfhImmigrationExample000000",
  analyticsId: "",
  videoApiKey: "",
  videoChannelId: "UClfhImmigrationSample",
  agency: { name: "Northwind Web Studio", url: "https://northwind.example" },
  foundedYear: 2010,
  /** The case-count claim; its basis and the prior-results notice are in core/i18n (casesBasis). */
  stats: { cases: "500+", years: "15+", consultationMinutes: 60, responseHours: 24 },
  /**
   * Texas advertising rules: the site names a lawyer responsible for its content and the firm's
   * principal office (the office with isHQ), shown in the footer.
   */
  responsibleAttorney: "daniela-lara",
  hours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
  priceRange: "$$",
  social: {
    facebook: "https://www.facebook.example/lfhimmigration",
    youtube: "https://www.youtube.example/@lfhimmigration",
    instagram: "https://www.instagram.example/lfhimmigration",
    linkedin: "https://www.linkedin.example/company/lfhimmigration",
  },
  jurisdiction: "Montgomery County, Texas",
} as const;

/** A professional association the firm or its attorneys belong to (shown only when listed). */
export interface Association {
  name: Record<Locale, string>;
  url?: string;
}

/**
 * A client review, copied word for word from where the client posted it, with the client's
 * permission. Never write or edit one: Texas advertising rules and the firm's good name depend on it.
 */
export interface Review {
  quote: string;
  /** As the client signed it, e.g. "Maria G." */
  author: string;
  /** Where it was posted, e.g. "Google". */
  source: string;
  /** ISO date it was posted. */
  date: string;
  /** The language the review is written in. */
  locale: Locale;
  /** Star rating out of 5, when the source has one. */
  rating?: 1 | 2 | 3 | 4 | 5;
}

/**
 * Trust signals the layout shows when present: the firm fills these in. Bar admissions and
 * languages come from the attorneys above; the founding year from `firm.foundedYear`.
 */
export const trust: { associations: readonly Association[]; reviews: readonly Review[] } = {
  associations: [],
  reviews: [],
};

export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "")}`;
}
