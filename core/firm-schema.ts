import { z } from "zod";

/**
 * The firm's identity and offices as the firm edits them: content/settings/firm.yaml and
 * content/settings/offices.yaml, in the browser editor or by hand. scripts/firm-data.ts checks
 * them with these schemas and writes core/firm.generated.ts, which core/firm.ts derives from.
 */

const phone = z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, "write it as (281) 555-0142");
const httpsUrl = z.url({ protocol: /^https$/ });
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase letters, digits and single hyphens");
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "24-hour time, e.g. 09:00");
const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const firmSchema = z.object({
  name: z.string().min(3),
  shortName: z.string().min(2),
  siteName: z.string().min(2),
  defaultSiteUrl: httpsUrl,
  email: z.email(),
  careersEmail: z.email(),
  accessibilityEmail: z.email(),
  privacyEmail: z.email(),
  /** The number every office shares and the pages show. */
  phone,
  /** The exit-intent popup shows its own number, so the firm can tell which calls it brings. */
  exitPopupPhone: phone,
  /** International format for the messaging deep link (digits only, country code first). */
  messagingNumber: z.string().regex(/^\d{11,15}$/, "digits only, country code first, e.g. 12815550142"),
  paymentUrl: httpsUrl,
  cardPaymentUrl: httpsUrl,
  bookingUrl: httpsUrl,
  // May be empty (the editor then may leave them out): empty analytics ID, no analytics at all.
  recaptchaSiteKey: z.string().default(""),
  analyticsId: z.string().default(""),
  videoApiKey: z.string().default(""),
  videoChannelId: z.string().default(""),
  agency: z.object({ name: z.string().min(2), url: httpsUrl }),
  foundedYear: z.number().int().min(1900).max(2100),
  /** The case-count claim; its basis and the prior-results notice are in core/i18n (casesBasis). */
  stats: z.object({
    cases: z.string().min(1),
    years: z.string().min(1),
    consultationMinutes: z.number().int().min(1),
    responseHours: z.number().int().min(1),
  }),
  /**
   * Texas advertising rules: the site names a lawyer responsible for its content (the file name
   * of an attorney profile, checked at build) and the firm's principal office (the office with isHQ).
   */
  responsibleAttorney: id,
  hours: z.object({ days: z.array(z.enum(weekdays)).min(1), opens: clock, closes: clock }),
  priceRange: z.string().regex(/^\${1,4}$/, "one to four $ signs"),
  social: z.object({ facebook: httpsUrl, youtube: httpsUrl, instagram: httpsUrl, linkedin: httpsUrl }),
  jurisdiction: z.string().min(3),
});
export type FirmData = z.infer<typeof firmSchema>;

export const officeSchema = z.object({
  /** The office's id in structured data and in content (a city page's `office`, a job's `location`). */
  id,
  /** The value the consultation form sends for this office (the intake system's field value). */
  choice: id,
  city: z.string().min(2),
  label: z.object({ en: z.string().min(2), es: z.string().min(2) }),
  street: z.string().min(3),
  locality: z.string().min(2),
  postalCode: z.string().regex(/^\d{5}$/, "five digits"),
  /** The principal office: exactly one. */
  isHQ: z.boolean(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type OfficeData = z.infer<typeof officeSchema>;

function unique(list: readonly string[]): boolean {
  return new Set(list).size === list.length;
}

/** The offices file: a list under `offices`, so the editor can edit it as one entry. */
export const officesFileSchema = z.object({
  offices: z
    .array(officeSchema)
    .min(1)
    .refine((list) => list.filter((office) => office.isHQ).length === 1, "exactly one office has isHQ: true")
    .refine((list) => unique(list.map((office) => office.id)), "two offices have the same id")
    .refine((list) => unique(list.map((office) => office.choice)), "two offices have the same choice"),
});
