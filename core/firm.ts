import { firmData, officeData } from "./firm.generated";
import type { Locale } from "./locales";

/**
 * The firm's identity and offices, from content/settings/ (edited in the browser editor or by
 * hand; checked by core/firm-schema.ts). Sample values are fictional: 555-01xx phone numbers and
 * reserved `.example` domains.
 */
export const firm = firmData;

export type OfficeId = (typeof officeData)[number]["id"];
/** The office values the consultation form sends (the intake system's field values). */
export type OfficeChoice = (typeof officeData)[number]["choice"];

export const officeIds: readonly OfficeId[] = officeData.map((office) => office.id);

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
  /** The generated picture of the office (site/art/art.ts), without width and format. */
  image: string;
  isHQ: boolean;
  latitude: number;
  longitude: number;
}

function mapsUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Every office, in the settings' order; all share the firm's phone number. */
export const offices: readonly Office[] = officeData.map((office) => ({
  ...office,
  region: "TX",
  phone: firm.phone,
  image: `/images/office-${office.choice}`,
  mapsUrl: mapsUrl(`${office.street}, ${office.locality}, TX ${office.postalCode}`),
}));

/** The form's office choices: the principal office first, then the others by city. */
export const officeChoices: readonly OfficeChoice[] = [...offices]
  .sort((a, b) => Number(b.isHQ) - Number(a.isHQ) || a.city.localeCompare(b.city))
  .map((office) => office.choice);

/** Whether a stored value is one of the form's office choices (stored leads keep what was sent). */
export function isOfficeChoice(value: string): value is OfficeChoice {
  return officeChoices.some((choice) => choice === value);
}

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
