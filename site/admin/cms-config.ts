import { z } from "zod";
import type { ContentKind } from "../../core/content-kinds";
import { frontMatterSchemas, uploadedImagePattern } from "../../core/content-schema";
import { factsFileSchema } from "../../core/facts-schema";
import { fieldLabel } from "../../core/field-labels";
import { editorTexts } from "./editor-text";
import { slugExample } from "./localized-config";
import { offices } from "../../core/firm";
import { feesFileName, feesFileSchema } from "../../core/fees";
import { firmSchema, officesFileSchema } from "../../core/firm-schema";
import { englishName, locales } from "../../core/locales";
import { allPages, type PageKind } from "../../core/routes";

/**
 * The editor's configuration, generated from the zod schemas the build validates content with
 * (core/content-schema.ts): every field, its required mark, pattern, length and choices come from
 * there, so the editor cannot accept what the build refuses, nor ask for what it does not need.
 */
export interface CmsField {
  label: string;
  name: string;
  widget: string;
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  options?: (string | CmsChoice)[];
  multiple?: boolean;
  /** A relation widget: a picker of another collection's entries. */
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  default?: unknown;
  min?: number;
  max?: number;
  value_type?: "int";
  field?: CmsField;
  fields?: CmsField[];
  i18n?: boolean | "duplicate";
  date_format?: string;
  time_format?: boolean;
  format?: string;
  summary?: string;
  collapsed?: boolean;
  choose_url?: boolean;
}

/** A choice shown by its label and saved as its value. */
export interface CmsChoice {
  label: string;
  value: string;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular: string;
  folder: string;
  slug: string;
  extension: "md";
  format: "frontmatter";
  create: boolean;
  filter: { field: string; value: string };
  i18n: true;
  summary: string;
  fields: CmsField[];
}

/** One file the editor edits as a single entry (settings, the ledger, a fixed page). */
export interface CmsFile {
  name: string;
  label: string;
  file: string;
  fields: CmsField[];
}

export interface CmsFilesCollection {
  name: string;
  label: string;
  files: CmsFile[];
  format?: "yaml" | "frontmatter";
}

export interface CmsBackend {
  name: string;
  repo?: string;
  branch?: string;
  base_url?: string;
  api_root?: string;
}

export interface CmsConfig {
  load_config_file: false;
  /** The language of Decap's own interface (set in the browser from the user's choice). */
  locale?: string;
  backend: CmsBackend;
  local_backend: boolean | { url: string };
  publish_mode: "editorial_workflow";
  media_folder: string;
  public_folder: string;
  i18n: { structure: "multiple_folders"; locales: string[]; default_locale: string };
  collections: (CmsCollection | CmsFilesCollection)[];
}

/** Fields a page shares between its languages: entered once, written to both files. */
const shared = new Set([
  "kind",
  "order",
  "author",
  "published",
  "related",
  "focus",
  "forms",
  "location",
  "office",
  "employmentType",
  "bilingualRequired",
  "posted",
  "validThrough",
  "photo",
  "category",
  "pay",
]);

const isoDatePattern = "^\\d{4}-\\d{2}-\\d{2}$";

/** An image in the body without alt text: the editor refuses it, as the content check does. */
const imageWithoutAlt = "^(?![\\s\\S]*!\\[\\s*\\]\\()[\\s\\S]*$";

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The messages zod gives each regex (JSON Schema keeps the pattern but not its message). */
function patternMessages(schema: z.ZodType, found = new Map<string, string>()): Map<string, string> {
  const def: unknown = schema.def;
  if (!isRecord(def)) return found;
  for (const check of Array.isArray(def.checks) ? def.checks : []) {
    const checkDef: unknown = isRecord(check) && isRecord(check._zod) ? check._zod.def : undefined;
    if (isRecord(checkDef) && checkDef.pattern instanceof RegExp && typeof checkDef.error === "function") {
      const error = checkDef.error as (issue: object) => unknown;
      const message = error({});
      if (typeof message === "string") found.set(checkDef.pattern.source, message);
    }
  }
  for (const inner of [def.innerType, def.element, ...(isRecord(def.shape) ? Object.values(def.shape) : [])])
    if (inner instanceof z.ZodType) patternMessages(inner, found);
  return found;
}

/** Choices staff read by name; the file keeps the value the site and search engines use. */
const choiceLabels: Record<string, Record<string, string>> = {
  employmentType: { FULL_TIME: "Full time", PART_TIME: "Part time", CONTRACTOR: "Contractor", INTERN: "Intern" },
  per: { HOUR: "per hour", YEAR: "per year" },
  ...Object.fromEntries(
    ["location", "office"].map((name) => [name, Object.fromEntries(offices.map((office) => [office.id, office.city]))]),
  ),
};

function choices(name: string, values: unknown[]): (string | CmsChoice)[] {
  const named = choiceLabels[name];
  return values.map(String).map((value) => (named?.[value] ? { label: named[value], value } : value));
}

function lengthPattern(min: number | undefined, max: number | undefined): [string, string] | undefined {
  if (min === undefined && max === undefined) return undefined;
  const range = `${min ?? 0},${max ?? ""}`;
  const text = max === undefined ? `at least ${min} characters` : `${min ?? 0} to ${max} characters`;
  return [`^[\\s\\S]{${range}}$`, text];
}

function fieldFrom(name: string, schema: JsonSchema, required: boolean, messages: Map<string, string>): CmsField {
  // A text the schema lets be empty (an analytics ID the firm does not use) is optional here:
  // the editor's "required" refuses an empty value, which the build accepts.
  const mayBeEmpty =
    schema.type === "string" &&
    !schema.enum &&
    schema.const === undefined &&
    !schema.minLength &&
    !schema.pattern &&
    !schema.format;
  const base = {
    label: fieldLabel(name),
    name,
    required: required && !mayBeEmpty,
    ...(shared.has(name) ? { i18n: "duplicate" as const } : { i18n: true }),
  };
  const withDefault = schema.default === undefined ? {} : { default: schema.default };
  if (schema.const !== undefined) return { ...base, widget: "hidden", default: schema.const };
  if (schema.enum) return { ...base, ...withDefault, widget: "select", options: choices(name, schema.enum) };
  if (schema.type === "boolean") return { ...base, widget: "boolean", default: schema.default ?? false };
  if (schema.type === "integer" || schema.type === "number")
    return {
      ...base,
      ...withDefault,
      widget: "number",
      ...(schema.type === "integer" ? { value_type: "int" as const } : {}),
      ...(schema.minimum === undefined ? {} : { min: schema.minimum }),
    };
  // Lists and groups can only be translated as a whole: each language keeps its own.
  const whole = { label: base.label, name, required, i18n: true };
  if (schema.type === "array" && schema.items) {
    const bounds = {
      ...(schema.minItems === undefined ? {} : { min: schema.minItems }),
      ...(schema.maxItems === undefined ? {} : { max: schema.maxItems }),
    };
    if (schema.items.enum)
      return { ...base, ...bounds, widget: "select", multiple: true, options: choices(name, schema.items.enum) };
    if (schema.items.type === "object")
      return { ...whole, ...bounds, widget: "list", fields: inner(fieldsFrom(schema.items, messages)) };
    const [item] = inner([fieldFrom(name, schema.items, true, messages)]);
    return { ...whole, ...bounds, widget: "list", ...(item ? { field: item } : {}) };
  }
  // A group's fields are entered in each language it is translated into (a job's pay, the same in
  // both, is entered once and copied): without their own setting the Spanish panel stays empty.
  if (schema.type === "object") {
    // (Decap allows only true or false on the group itself.)
    const i18n = shared.has(name) ? ("duplicate" as const) : true;
    const fields = fieldsFrom(schema, messages).map((field) => ({ ...field, i18n }));
    return { ...whole, widget: "object", fields };
  }
  // An upload: the editor's image picker, which stores the /images/uploads/ address the build publishes.
  if (schema.pattern === uploadedImagePattern.source) return { ...base, widget: "image", choose_url: false };
  if (schema.pattern === isoDatePattern)
    return { ...base, widget: "datetime", date_format: "YYYY-MM-DD", time_format: false, format: "YYYY-MM-DD" };
  const pattern: [string, string] | undefined = schema.pattern
    ? [schema.pattern, messages.get(schema.pattern) ?? `must match ${schema.pattern}`]
    : lengthPattern(schema.minLength, schema.maxLength);
  const long = (schema.maxLength ?? 0) > 100 || (schema.minLength ?? 0) >= 20;
  return { ...base, widget: long ? "text" : "string", ...(pattern ? { pattern } : {}) };
}

/** Fields inside a list follow it, and a file's fields are not translated: no translation setting of their own. */
function inner(fields: CmsField[]): CmsField[] {
  return fields.map((field) => {
    const copy = { ...field };
    delete copy.i18n;
    if (copy.fields) copy.fields = inner(copy.fields);
    return copy;
  });
}

function fieldsFrom(schema: JsonSchema, messages: Map<string, string>): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldFrom(name, property, required.has(name), messages),
  );
}

/** The editor fields of a zod object schema: the fields, required marks, patterns and choices it declares. */
export function schemaFields(schema: z.ZodType): CmsField[] {
  const json: unknown = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return fieldsFrom(isRecord(json) ? json : {}, patternMessages(schema));
}

/** The editor fields of one kind of page: its front matter, then the Markdown body. */
export function pageFields(kind: PageKind): CmsField[] {
  const front = schemaFields(frontMatterSchemas[kind]);
  return [
    ...front,
    {
      label: "Body",
      name: "body",
      widget: "markdown",
      required: true,
      i18n: true,
      pattern: [imageWithoutAlt, "every image needs alt text (describe it between the brackets)"],
    },
  ];
}

interface CollectionPlan {
  kind: ContentKind;
  name: string;
  label: string;
  singular: string;
  /** The folder under content/{locale}/ that holds the pages. */
  folder: string;
}

function plans(practiceCategories: readonly string[]): CollectionPlan[] {
  return [
    { kind: "article", name: "articles", label: "Articles", singular: "Article", folder: "blog" },
    ...practiceCategories.map((category): CollectionPlan => ({
      kind: "practice",
      name: `practice-${category}`,
      label: `Practice: ${category.replace(/-/g, " ")}`,
      singular: "Practice page",
      folder: `practice-areas/${category}`,
    })),
    {
      kind: "practice-category",
      name: "practice-areas",
      label: "Practice areas",
      singular: "Practice area",
      folder: "practice-areas",
    },
    { kind: "city", name: "cities", label: "Cities", singular: "City", folder: "cities" },
    { kind: "attorney", name: "attorneys", label: "Attorneys", singular: "Attorney", folder: "our-firm" },
    { kind: "job", name: "jobs", label: "Job postings", singular: "Job posting", folder: "our-firm/join-our-team" },
  ];
}

/** A file's one list (offices, facts): each item open, headed by a line that names it. */
function listSummary(fields: CmsField[], summary: string): CmsField[] {
  return fields.map((field) => (field.widget === "list" ? { ...field, summary, collapsed: false } : field));
}

/** Offices have no phone of their own: staff are told where the one they share is set. */
export const officesHint = editorTexts.en.officesHint;

/**
 * Files edited as one entry each: the firm's settings and the legal-facts ledger (YAML), and the
 * FAQ page in each language.
 */
/**
 * A fee's id says which pages show the fee (the `fee-id` widget, site/admin/fee-usage.ts), and its
 * amounts are open: changing an amount is what staff come to the Fee table for.
 */
function withFeeUsage(fields: CmsField[]): CmsField[] {
  const feeField = (field: CmsField): CmsField =>
    field.name === "id"
      ? { ...field, widget: "fee-id" }
      : field.name === "amounts"
        ? { ...field, collapsed: false }
        : field;
  return fields.map((field) =>
    field.name === "fees" && field.fields ? { ...field, fields: field.fields.map(feeField) } : field,
  );
}

function fileCollections(ledgerFiles: readonly string[]): CmsFilesCollection[] {
  return [
    {
      name: "settings",
      label: "Firm settings",
      format: "yaml",
      files: [
        {
          name: "firm",
          label: "Firm facts",
          file: "content/settings/firm.yaml",
          fields: inner(schemaFields(firmSchema)),
        },
        {
          name: "offices",
          label: "Offices",
          file: "content/settings/offices.yaml",
          fields: listSummary(inner(schemaFields(officesFileSchema)), "{{fields.city}}: {{fields.street}}").map(
            (field) => ({ ...field, hint: officesHint }),
          ),
        },
        {
          // A fee changes here once and every page that shows it follows (decision 0031).
          name: "fees",
          label: "Fee table",
          file: `content/facts/${feesFileName}`,
          fields: withFeeUsage(listSummary(inner(schemaFields(feesFileSchema)), "{{fields.id}} {{fields.verified}}")),
        },
      ],
    },
    {
      name: "faq",
      label: "FAQ",
      format: "frontmatter",
      // Decap pairs the languages of a single file only in one file, so each language is its own entry.
      files: locales.map((locale) => ({
        name: `faqs-${locale}`,
        label: `FAQ page (${englishName(locale)})`,
        file: `content/${locale}/our-firm/faqs.md`,
        fields: inner(pageFields("faqs")),
      })),
    },
    {
      name: "facts",
      label: "Legal facts ledger",
      format: "yaml",
      files: ledgerFiles.map((name) => ({
        name: name.replace(/\.yaml$/, ""),
        label: `Ledger: ${name.replace(/\.yaml$/, "")}`,
        file: `content/facts/${name}`,
        fields: listSummary(inner(schemaFields(factsFileSchema)), "{{fields.id}} (verified {{fields.verified}})"),
      })),
    },
  ];
}

/**
 * The whole editor configuration; `backend` is where edits go (see README, "Editing content").
 * `practiceCategories` are the file names of the practice areas: each gets its own collection;
 * `ledgerFiles` the file names in content/facts/.
 */
export function cmsConfig(
  backend: CmsBackend,
  localBackend: boolean | { url: string },
  practiceCategories: readonly string[],
  ledgerFiles: readonly string[] = [],
): CmsConfig {
  return {
    load_config_file: false,
    backend,
    local_backend: localBackend,
    publish_mode: "editorial_workflow",
    media_folder: "site/images/uploads",
    public_folder: "/images/uploads",
    i18n: { structure: "multiple_folders", locales: [...locales], default_locale: "en" },
    collections: [
      ...plans(practiceCategories).map(({ kind, name, label, singular, folder }): CmsCollection => ({
        name,
        label,
        label_singular: singular,
        // The editor's view of content/{locale}/{folder}/ (site/admin/locale-folders.ts).
        folder: `content/${folder}`,
        // The file name is the English slug when the page is created; it pairs the two languages
        // and stays when a slug is renamed later.
        slug: "{{fields.slug}}",
        extension: "md",
        format: "frontmatter",
        create: true,
        filter: { field: "kind", value: kind },
        i18n: true,
        summary: "{{title}}",
        fields: pageFields(kind).map((field) => pageField(field, kind, folder)),
      })),
      ...fileCollections(ledgerFiles),
    ],
  };
}

/** Existing pages, by their English address, for the related-pages and focus pickers. */
function pageChoices(): CmsChoice[] {
  return allPages.flatMap((page) =>
    page.canonicalKey === undefined && page.paths.en ? [{ label: page.paths.en, value: page.key }] : [],
  );
}

/** A page field as staff meet it: pickers of existing attorneys and pages, hints where a rule applies. */
function pageField(field: CmsField, kind: ContentKind, folder: string): CmsField {
  // A picker's value is chosen, not typed: the text pattern and the typed item do not apply.
  const plain = { ...field };
  delete plain.pattern;
  delete plain.field;
  switch (field.name) {
    case "slug":
      return { ...field, hint: slugHint(kind) };
    case "category":
      return { ...field, widget: "hidden", default: folder.split("/").pop() };
    case "description":
      return {
        ...field,
        widget: "counted",
        hint: editorTexts.en.descriptionHint,
      };
    case "author":
      return {
        ...plain,
        widget: "relation",
        collection: "attorneys",
        value_field: "{{slug}}",
        search_fields: ["name"],
        display_fields: ["name"],
      };
    case "related":
    case "focus":
      return { ...plain, widget: "select", multiple: true, options: pageChoices() };
    default:
      return field;
  }
}

function slugHint(kind: ContentKind): string {
  return editorTexts.en.slugHint(slugExample(kind, "en"));
}
