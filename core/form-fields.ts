import type * as z from "zod/mini";
import { offices } from "./firm";
import { leadUrgencies, type LeadUrgency } from "./form-options";
import type { careersSchema, FieldErrors, leadSchema } from "./forms";
import type { IslandMessages } from "./i18n";
import { englishName } from "./locales";
import type { StoredForm } from "./stored-form";

/**
 * The fields of each form, typed from its schema (core/forms.ts) without loading the validation
 * library: the browser renders `name=` and labels from these lists, the intake's email and the
 * leads CLI iterate them. A field added to a schema is a type error here until it says how the
 * visitor sees it and how the firm sees it, so it can never be left out of the firm's email.
 */

/** What a consultation or information request sends (the JSON body, or the fields of a form post). */
export type LeadBody = z.input<ReturnType<typeof leadSchema>>;
/** What a job application sends; the resume travels beside it as a file part. */
export type ApplicationBody = z.input<ReturnType<typeof careersSchema>>;
export type LeadField = Extract<keyof LeadBody, string>;
export type ApplicationField = Extract<keyof ApplicationBody, string> | "resume";

export type { FieldErrors };

/** The intake API's answer to a submission it kept: its id, and the reference people read aloud. */
export interface IntakeAccepted {
  ok: true;
  id: string;
  /** `LFH-7K3Q-9X` (core/reference.ts): what the visitor is shown and the firm's staff search by. */
  reference: string;
}

/** How the intake API answers a submission; the browser reads the same type. */
export type IntakeResponse<F extends string = string> =
  IntakeAccepted | { ok: false; errors: FieldErrors<F> } | { ok: false; error: string };

/** Whether an answer (parsed JSON of unknown shape) is the API's acceptance. */
export function isAccepted(answer: unknown): answer is IntakeAccepted {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "ok" in answer &&
    answer.ok === true &&
    "id" in answer &&
    typeof answer.id === "string" &&
    "reference" in answer &&
    typeof answer.reference === "string"
  );
}

/**
 * How the firm reads a field in its email: a label, or `false` for what the email says another
 * way (the kind of request) or must never carry (the captcha token, the bot trap).
 */
type FirmLabel = string | false;

interface FieldSpec {
  /** The visitor's label, in the page's language; absent for fields the page fills in. */
  label?: (m: IslandMessages) => string;
  firm: FirmLabel;
  /** How the stored value reads in the email. */
  show?: "office" | "language" | "consent" | "urgency";
  /**
   * What must be read before anything else: given, the field heads the email and, when filled,
   * names itself in the subject with this word.
   */
  first?: string;
  /** The stored row's own column that holds this field under another name (the export shows it once). */
  column?: string;
}

/** In the order the firm's email lists them; the free text comes last there whatever its place here. */
export const leadFields = {
  name: { label: (m) => m.consultation.name, firm: "Name" },
  email: { label: (m) => m.consultation.email, firm: "Email" },
  phone: { label: (m) => m.consultation.phone, firm: "Phone" },
  office: { label: (m) => m.consultation.office, firm: "Office", show: "office" },
  topic: { label: (m) => m.information.topic, firm: "Topic" },
  // Someone detained or a hearing within days: the firm calls these back before anyone else.
  urgency: {
    label: (m) => m.urgent.field,
    firm: "URGENT (call first)",
    show: "urgency",
    first: "URGENT",
  },
  // A survivor's safe way and time to reach them: whoever calls back reads it before anything else.
  safeContact: {
    label: (m) => m.consultation.safeContact,
    firm: "SAFE CONTACT (read before calling)",
    first: "SAFE CONTACT",
  },
  message: { label: (m) => m.consultation.message, firm: "Message" },
  consent: { label: (m) => m.consultation.consent, firm: "Consent", show: "consent" },
  company: { label: (m) => m.consultation.company, firm: false },
  recaptchaToken: { firm: false },
  locale: { firm: "Language", show: "language" },
  source: { firm: false },
  page: { firm: "Page" },
} as const satisfies Record<LeadField, FieldSpec>;

export const applicationFields = {
  fullName: { label: (m) => m.careers.fullName, firm: "Name", column: "name" },
  email: { label: (m) => m.careers.email, firm: "Email" },
  phone: { label: (m) => m.careers.phone, firm: "Phone" },
  location: { label: (m) => m.careers.location, firm: "Office", show: "office", column: "office" },
  linkedin: { label: (m) => m.careers.linkedin, firm: "LinkedIn" },
  job: { firm: "Position" },
  coverLetter: { label: (m) => m.careers.coverLetter, firm: "Cover letter", column: "message" },
  // The file is attached to the email, under its own name.
  resume: { label: (m) => m.careers.resume, firm: false },
  consent: { label: (m) => m.careers.consent, firm: "Consent", show: "consent" },
  company: { label: (m) => m.consultation.company, firm: false },
  recaptchaToken: { firm: false },
  locale: { firm: "Language", show: "language" },
  page: { firm: "Page" },
} as const satisfies Record<ApplicationField, FieldSpec>;

/**
 * The fields the firm reads, over both forms, for a table with one column per field (the export):
 * what must be read first, then the rest, each named once (a field another column already holds,
 * by its own name or its `column`, is left to that column).
 */
export function firmFieldNames(columns: readonly string[]): { first: string[]; rest: string[] } {
  const specs: [string, FieldSpec][] = [...Object.entries(leadFields), ...Object.entries(applicationFields)];
  const first = new Set<string>();
  const rest = new Set<string>();
  for (const [field, spec] of specs) {
    if (spec.firm === false) continue;
    if (spec.first) first.add(field);
    else if (!columns.includes(field) && !(spec.column && columns.includes(spec.column))) rest.add(field);
  }
  return { first: [...first], rest: [...rest] };
}

/** A form's values as the browser reads them from its controls, before validation. */
export type FormValues<F extends string> = Partial<Record<F, string | boolean>>;

/** The visitor's label of a field, in the page's language (the field's name for fields the page fills in). */
export function labelOf<S extends Record<string, FieldSpec>>(
  spec: S,
  name: keyof S & string,
  m: IslandMessages,
): string {
  return spec[name]?.label?.(m) ?? name;
}

/** The multi-line field of each form: the email shows it last, indented. */
export const freeTextField = { lead: "message", application: "coverLetter" } as const satisfies {
  lead: LeadField;
  application: ApplicationField;
};

export type FormName = keyof typeof freeTextField;

/** An office choice as the firm names it: "Katy office", or "Any office" when none was chosen. */
export function officeName(choice: unknown): string {
  return `${offices.find((office) => office.choice === choice)?.city ?? "Any"} office`;
}

/** How the firm reads the urgent answer. */
export const urgencyName: Record<LeadUrgency, string> = {
  detained: "Someone is detained",
  hearing: "Immigration court hearing within 7 days",
};

/**
 * Whether a lead is urgent (someone detained, or a hearing within days): its email subject, its
 * webhook event and its CRM message say so, and the firm is alerted at once.
 */
export function isUrgent(stored: StoredForm): boolean {
  return stored.form === "lead" && leadUrgencies.some((urgency) => urgency === stored.fields.urgency);
}

function shown(value: unknown, show: FieldSpec["show"]): string {
  if (show === "office") return officeName(value);
  if (show === "urgency") {
    const urgency = leadUrgencies.find((option) => option === value);
    return urgency ? urgencyName[urgency] : "";
  }
  if (show === "language") return englishName(value);
  if (show === "consent") return value === true ? "Yes" : "No";
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

export type FirmRow = [label: string, value: string];

/** What must be read before anything else, as a row, with the word that names it in a subject. */
export interface FirstRow {
  field: string;
  row: FirmRow;
  subject: string;
}

function rowsOf<F extends string>(spec: Readonly<Record<F, FieldSpec>>, values: Partial<Record<F, unknown>>, free: F) {
  const first: FirstRow[] = [];
  const fields: FirmRow[] = [];
  for (const field of Object.keys(spec) as F[]) {
    const { firm, show, first: subject } = spec[field];
    if (firm === false || field === free) continue;
    const value = shown(values[field], show);
    // The office always shows ("Any office"); any other empty answer is left out.
    if (value === "") continue;
    if (subject) first.push({ field, row: [firm, value], subject });
    else fields.push([firm, value]);
  }
  return { first, fields, freeText: [spec[free].firm || free, shown(values[free], undefined)] satisfies FirmRow };
}

/**
 * Every field the firm reads, labelled, from a stored submission's form, in order: what must be
 * read first, the fields, and the free text apart (shown last). An empty optional value is left
 * out, but the office is always named ("Any office").
 */
export function firmRows(stored: StoredForm): { first: FirstRow[]; fields: FirmRow[]; freeText: FirmRow } {
  return stored.form === "lead"
    ? rowsOf(leadFields, stored.fields, freeTextField.lead)
    : rowsOf(applicationFields, stored.fields, freeTextField.application);
}
