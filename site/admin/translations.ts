import { isLocale } from "../../core/locales";
import type { CmsField } from "./cms-config";
import { editorTexts, type EditorText } from "./editor-text";

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Decap checks required fields in the default language's column only, so a page could be saved
 * with its Spanish column empty and then stop the build. Every translated field the build
 * requires is checked here in every language; the answer names the column and the fields, in the
 * editor's language.
 */
export function missingTranslations(
  fields: readonly CmsField[],
  dataByLocale: Record<string, unknown>,
  text: EditorText = editorTexts.en,
): string | undefined {
  const translated = fields.filter((field) => field.required && field.i18n === true);
  const problems = Object.entries(dataByLocale).flatMap(([locale, data]) => {
    const values = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
    const missing = translated.filter((field) => isEmpty(values[field.name])).map((field) => field.label);
    const language = isLocale(locale) ? text.languageNames[locale] : locale;
    return missing.length ? [text.columnMissing(language, missing)] : [];
  });
  return problems.length ? `${problems.join(" ")} ${text.fillBoth}` : undefined;
}
