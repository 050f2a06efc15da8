import * as z from "zod/mini";
import { officeChoices } from "./firm";
import { messages } from "./i18n";
import { leadSources, leadTopics, limits } from "./form-options";
import { locales, type Locale } from "./locales";

/**
 * The form schemas, shared by the browser forms and the intake API, so both report the same
 * message for the same field. Messages are in the visitor's language.
 */
const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string(tooShort).check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, tooLong));

export function leadSchema(locale: Locale) {
  const m = messages(locale).validation;
  return z.object({
    name: text(2, limits.nameMax, m.name, m.nameTooLong),
    email: z.string(m.email).check(z.trim(), z.maxLength(limits.emailMax, m.email), z.email(m.email)),
    phone: text(7, limits.phoneMax, m.phone, m.phone),
    office: z.optional(z.union([z.enum(officeChoices, m.office), z.literal("")], m.office)),
    message: text(10, limits.messageMax, m.message, m.messageTooLong),
    consent: z.boolean(m.consent).check(z.refine((v) => v === true, m.consent)),
    company: z.optional(z.string(m.company).check(z.maxLength(0, m.company))),
    topic: z.optional(z.union([z.enum(leadTopics, m.topic), z.literal("")], m.topic)),
    recaptchaToken: z.optional(z.string().check(z.maxLength(4096))),
    locale: z.optional(z.enum(locales)),
    source: z.optional(z.enum(leadSources)),
    page: z.optional(z.string().check(z.maxLength(500))),
  });
}
export type Lead = z.output<ReturnType<typeof leadSchema>>;
export type LeadField = keyof Lead;

export function careersSchema(locale: Locale) {
  const m = messages(locale).validation;
  return z.object({
    fullName: text(2, limits.nameMax, m.name, m.nameTooLong),
    email: z.string(m.email).check(z.trim(), z.maxLength(limits.emailMax, m.email), z.email(m.email)),
    phone: text(7, limits.phoneMax, m.phone, m.phone),
    location: z.enum(officeChoices, m.location),
    linkedin: z.optional(
      z.union(
        [
          z.literal(""),
          z
            .string(m.linkedin)
            .check(
              z.trim(),
              z.maxLength(300, m.linkedin),
              z.regex(/^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/\S+$/i, m.linkedin),
            ),
        ],
        m.linkedin,
      ),
    ),
    coverLetter: text(50, limits.coverLetterMax, m.coverLetter, m.messageTooLong),
    consent: z.boolean(m.consent).check(z.refine((v) => v === true, m.consent)),
    company: z.optional(z.string(m.company).check(z.maxLength(0, m.company))),
    recaptchaToken: z.optional(z.string().check(z.maxLength(4096))),
    locale: z.optional(z.enum(locales)),
    job: z.optional(z.string().check(z.maxLength(200))),
    page: z.optional(z.string().check(z.maxLength(500))),
  });
}
export type JobApplication = z.output<ReturnType<typeof careersSchema>>;

export type FieldErrors = Record<string, string>;

/** One message per field, keyed by the field; the first issue for a field wins, so a visitor fixes one thing at a time. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

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
