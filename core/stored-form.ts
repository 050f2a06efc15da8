import { officeChoices, type OfficeChoice } from "./firm";
import { leadSources, leadTopics, leadUrgencies } from "./form-options";
import type { JobApplication, Lead } from "./forms";
import { locales } from "./locales";

/**
 * A submission's fields as the store keeps them and every destination reads them, typed from the
 * forms' own schemas. The store keeps them as JSON; they are read once, where a row leaves the
 * store (server/intake/store.ts), so no destination parses JSON or guesses at a field's type.
 */

/** What the service uses and never keeps: the captcha token and the bot trap. */
type ServiceOnly = "recaptchaToken" | "company";

/**
 * Every field of a form present as a key (an optional one holding `undefined` when not given): a
 * reader or writer that leaves a field out, or a field added to a schema, fails to compile here.
 */
type Complete<T> = { [K in keyof Required<T>]: T[K] };

export type StoredLead = Complete<Omit<Lead, ServiceOnly>>;
/** An application stored before the office was required reads with no office (shown "Any office"). */
export type StoredApplication = Complete<Omit<JobApplication, ServiceOnly | "location">> & {
  location: OfficeChoice | "";
};
export type StoredForm = { form: "lead"; fields: StoredLead } | { form: "application"; fields: StoredApplication };

/**
 * Version 2: `{version: 2, form, fields}`. Version 1 (rows stored before it) is the validated body
 * itself, flat, with the page as the visitor's browser sent it.
 */
export const storedFormVersion = 2;

/** The columns a stored row keeps beside its JSON; a version 1 row missing a field reads it from here. */
export interface StoredRow {
  kind: string;
  locale: string;
  name: string;
  email: string;
  phone: string;
  office: string;
  topic: string;
  message: string;
  /** The page the form was on, as the route map spells it (never the string a browser posted), or "". */
  page: string;
  details: string;
}

/** A validated lead as it is stored; `page` is the route map's own path for the posted one. */
export function storedLead(lead: Lead, page: string): StoredLead {
  return {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    office: lead.office,
    message: lead.message,
    consent: lead.consent,
    topic: lead.topic,
    urgency: lead.urgency,
    safeContact: lead.safeContact,
    locale: lead.locale,
    source: lead.source,
    page: page || undefined,
  };
}

/** A validated application as it is stored; `page` as for a lead. */
export function storedApplication(application: JobApplication, page: string): StoredApplication {
  return {
    fullName: application.fullName,
    email: application.email,
    phone: application.phone,
    location: application.location,
    linkedin: application.linkedin,
    coverLetter: application.coverLetter,
    consent: application.consent,
    locale: application.locale,
    job: application.job,
    page: page || undefined,
  };
}

/** The JSON a row keeps of its form (the `details` column). */
export function storedFormJson(stored: StoredForm): string {
  return JSON.stringify({ version: storedFormVersion, ...stored });
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

/** The stored JSON's fields, whichever version wrote them; an unreadable one reads as none. */
function storedFields(details: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  if ("version" in parsed && parsed.version === storedFormVersion && "fields" in parsed) {
    const { fields } = parsed;
    return typeof fields === "object" && fields !== null ? { ...fields } : {};
  }
  return { ...parsed };
}

/**
 * A stored row's form, typed. Each value is taken only if it has its field's type; what a row
 * lacks comes from its columns. The page is always the column's: a version 1 row kept the page
 * string the browser posted, which could be anything (a `javascript:` URL).
 */
export function readStoredForm(row: StoredRow): StoredForm {
  const raw = storedFields(row.details);
  const page = row.page || undefined;
  const locale = oneOf(locales, raw.locale) ?? oneOf(locales, row.locale);
  if (row.kind === "application")
    return {
      form: "application",
      fields: {
        fullName: text(raw.fullName) ?? row.name,
        email: text(raw.email) ?? row.email,
        phone: text(raw.phone) ?? row.phone,
        location: oneOf(officeChoices, raw.location) ?? oneOf(officeChoices, row.office) ?? "",
        linkedin: text(raw.linkedin),
        coverLetter: text(raw.coverLetter) ?? row.message,
        consent: raw.consent === true,
        locale,
        job: text(raw.job),
        page,
      },
    };
  return {
    form: "lead",
    fields: {
      name: text(raw.name) ?? row.name,
      email: text(raw.email) ?? row.email,
      phone: text(raw.phone) ?? row.phone,
      office: oneOf(officeChoices, raw.office) ?? oneOf(officeChoices, row.office) ?? "",
      message: text(raw.message) ?? row.message,
      consent: raw.consent === true,
      topic: oneOf(leadTopics, raw.topic) ?? oneOf(leadTopics, row.topic) ?? "",
      urgency: oneOf(leadUrgencies, raw.urgency),
      safeContact: text(raw.safeContact),
      locale,
      source: oneOf(leadSources, raw.source),
      page,
    },
  };
}
