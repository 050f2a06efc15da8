import { fieldLabel } from "./field-labels";
import type { Locale } from "./locales";

const languageNames: Record<Locale, string> = { en: "English", es: "Spanish" };

/** The part of a zod issue a message needs (zod 4's issue shapes). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  values?: readonly unknown[];
}

/** Where a mistake is: the file, its language and the page's title as staff know it. */
export interface ContentPlace {
  file: string;
  locale: Locale;
  title?: string;
}

function fieldName(path: readonly PropertyKey[]): string {
  const words = path.map((part) => (typeof part === "number" ? `item ${part + 1}` : fieldLabel(String(part))));
  return words.join(" → ").toLowerCase() || "front matter";
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function what(issue: SchemaIssue): string {
  const text = issue.origin === "string";
  if (issue.code === "too_small")
    return text ? `needs at least ${String(issue.minimum)} characters` : `must be at least ${String(issue.minimum)}`;
  if (issue.code === "too_big")
    return text ? `has more than ${String(issue.maximum)} characters` : `must be at most ${String(issue.maximum)}`;
  if (issue.code === "invalid_value" && issue.values) return `must be one of ${issue.values.map(String).join(", ")}`;
  if (issue.code === "invalid_format" || issue.code === "invalid_string") return `is not valid: ${issue.message}`;
  if (issue.code === "invalid_type") return "is not filled in correctly";
  return issue.message;
}

/**
 * A content mistake as staff read it: which field, in which language, on which page, and what to
 * do, e.g. "The Spanish title is missing in 'Family petition timelines 2026' (content/es/blog/…)".
 */
export function contentProblem(issue: SchemaIssue, place: ContentPlace, data: unknown): string {
  const field = `The ${languageNames[place.locale]} ${fieldName(issue.path)}`;
  const page = place.title ? `'${place.title}' (${place.file})` : place.file;
  const value = valueAt(data, issue.path);
  if (issue.code === "invalid_type" && (value === undefined || value === null || value === ""))
    return `${field} is missing in ${page}.`;
  return `${field} in ${page} ${what(issue)}.`;
}
