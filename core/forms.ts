import * as z from "zod/mini";
import { officeChoices } from "./firm";
import { enIsland, type IslandDictionary } from "./i18n/en";
import { esIsland } from "./i18n/es";
import { leadSources, leadTopics, leadUrgencies, limits } from "./form-options";
import { locales, type Locale } from "./locales";
import { hasLetter, isCleanLine, isCleanText, looksLikePhone } from "./text";

/**
 * The form schemas, shared by the browser forms and the intake API, so both report the same
 * message for the same field. Messages are in the visitor's language.
 *
 * Every text is normalised (NFC) and trimmed first. Single-line fields refuse controls, line
 * breaks, bidi controls and invisible characters; the message and cover letter allow line
 * breaks. A name needs a letter and a phone needs to look like a phone number.
 */
type Messages = IslandDictionary["validation"];

/**
 * Each language's validation messages, from the islands' part of its dictionary: the browser's
 * forms then fetch the languages' island dictionaries, never the sections only pages use.
 */
const validation: Record<Locale, Messages> = { en: enIsland.validation, es: esIsland.validation };

/**
 * Length first, and a failed check stops the field: no pattern or refine ever runs on more text
 * than the field may hold (normalising and trimming are linear, and the body is bounded).
 */
const bounded = (min: number, max: number, tooShort: string, tooLong: string) =>
  [
    z.normalize("NFC"),
    z.trim(),
    z.maxLength(max, { message: tooLong, abort: true }),
    z.minLength(min, { message: tooShort, abort: true }),
  ] as const;
const line = (m: Messages, min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string(tooShort)
    .check(...bounded(min, max, tooShort, tooLong), z.refine(isCleanLine, { message: m.characters, abort: true }));
const paragraphs = (m: Messages, min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string(tooShort)
    .check(...bounded(min, max, tooShort, tooLong), z.refine(isCleanText, { message: m.characters, abort: true }));
const name = (m: Messages) => line(m, 2, limits.nameMax, m.name, m.nameTooLong).check(z.refine(hasLetter, m.name));
const email = (m: Messages) =>
  z.string(m.email).check(...bounded(1, limits.emailMax, m.email, m.email), z.email(m.email));
const phone = (m: Messages) => line(m, 7, limits.phoneMax, m.phone, m.phone).check(z.refine(looksLikePhone, m.phone));
/** Fields the page fills in (token, page path, job): never shown as typed, still clean lines. */
const hidden = (m: Messages, max: number) =>
  z.string(m.invalid).check(z.maxLength(max, { message: m.invalid, abort: true }), z.refine(isCleanLine, m.invalid));

/** Builds a schema once per language: building one costs more than using it. */
function perLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let schema = built.get(locale);
    if (!schema) {
      schema = build(locale);
      built.set(locale, schema);
    }
    return schema;
  };
}

export const leadSchema = perLocale((locale: Locale) => {
  const m = validation[locale];
  return z.object({
    name: name(m),
    email: email(m),
    phone: phone(m),
    office: z.optional(z.union([z.enum(officeChoices, m.office), z.literal("")], m.office)),
    message: paragraphs(m, 10, limits.messageMax, m.message, m.messageTooLong),
    consent: z.boolean(m.consent).check(z.refine((v) => v === true, m.consent)),
    company: z.optional(z.string(m.company).check(z.maxLength(0, m.company))),
    topic: z.optional(z.union([z.enum(leadTopics, m.topic), z.literal("")], m.topic)),
    /** Someone detained, or a court hearing soon: the lead is urgent. */
    urgency: z.optional(z.union([z.enum(leadUrgencies, m.invalid), z.literal("")], m.invalid)),
    /** Survivors' pages: how and when the firm may reach the visitor safely, and whether to leave a message. */
    safeContact: z.optional(line(m, 0, limits.safeContactMax, m.invalid, m.safeContactTooLong)),
    recaptchaToken: z.optional(hidden(m, 4096)),
    locale: z.optional(z.enum(locales)),
    source: z.optional(z.enum(leadSources)),
    page: z.optional(hidden(m, 500)),
  });
});
export type Lead = z.output<ReturnType<typeof leadSchema>>;

export const careersSchema = perLocale((locale: Locale) => {
  const m = validation[locale];
  return z.object({
    fullName: name(m),
    email: email(m),
    phone: phone(m),
    location: z.enum(officeChoices, m.location),
    linkedin: z.optional(
      z.union(
        [
          z.literal(""),
          z.string(m.linkedin).check(
            z.trim(),
            z.maxLength(300, { message: m.linkedin, abort: true }),
            z.refine(isCleanLine, { message: m.linkedin, abort: true }),
            // "linkedin.com/in/name" is how people copy it: the scheme is optional.
            z.regex(/^(https?:\/\/)?([a-z]{2,3}\.)?linkedin\.com\/\S+$/i, m.linkedin),
          ),
        ],
        m.linkedin,
      ),
    ),
    coverLetter: paragraphs(m, 50, limits.coverLetterMax, m.coverLetter, m.messageTooLong),
    consent: z.boolean(m.consent).check(z.refine((v) => v === true, m.consent)),
    company: z.optional(z.string(m.company).check(z.maxLength(0, m.company))),
    recaptchaToken: z.optional(hidden(m, 4096)),
    locale: z.optional(z.enum(locales)),
    job: z.optional(hidden(m, 200)),
    page: z.optional(hidden(m, 500)),
  });
});
export type JobApplication = z.output<ReturnType<typeof careersSchema>>;

/** One message per field that failed, keyed by the field; `form` for the submission as a whole. */
export type FieldErrors<F extends string = string> = Partial<Record<F | "form", string>>;

/** One message per field, keyed by the field; the first issue for a field wins. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<keyof T & string> };

export function validate<T>(
  schema: {
    safeParse: (
      input: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  },
  input: unknown,
): Validation<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
}
