import { contentKindRules, isContentKind, type ContentKind } from "../../core/content-kinds";
import { defaultLocale } from "../../core/locales";
import type { CmsChoice, CmsConfig, CmsField } from "./cms-config";
import {
  editorFieldLabel,
  editorTexts,
  spanishChoiceLabels,
  spanishCollectionLabels,
  spanishFileLabels,
  spanishSingularLabels,
  type EditorLanguage,
} from "./editor-text";

const exampleSlugs: Record<EditorLanguage, { slug: string; category: string }> = {
  en: { slug: "page-name", category: "category" },
  es: { slug: "nombre-de-la-pagina", category: "categoria" },
};

/** A page's address as the hint shows it, in the language of the column it stands in. */
export function slugExample(kind: ContentKind, language: EditorLanguage): string {
  const { slug, category } = exampleSlugs[language];
  const parent = contentKindRules["practice-category"].path(category, language, undefined);
  return contentKindRules[kind].path(slug, language, kind === "practice" ? parent : undefined);
}

function spanishField(field: CmsField, kind: ContentKind | undefined, inOffices: boolean): CmsField {
  const text = editorTexts.es;
  const copy: CmsField = { ...field, label: editorFieldLabel(field.name, "es") };
  if (field.name === "slug" && kind && field.hint) copy.hint = text.slugHint(slugExample(kind, "es"));
  else if (field.widget === "counted") copy.hint = text.descriptionHint;
  else if (inOffices && field.hint) copy.hint = text.officesHint;
  if (field.options)
    copy.options = field.options.map((option): string | CmsChoice =>
      typeof option === "object" && spanishChoiceLabels[option.value]
        ? { ...option, label: spanishChoiceLabels[option.value] ?? option.label }
        : option,
    );
  if (field.fields) copy.fields = field.fields.map((inner) => spanishField(inner, kind, false));
  if (field.field) copy.field = spanishField(field.field, kind, false);
  return copy;
}

/**
 * The generated configuration in the editor's language: Decap's own interface through `locale`,
 * and our labels, hints and choices (in English they are generated that way already).
 */
export function localizedConfig(config: CmsConfig, language: EditorLanguage): CmsConfig {
  if (language === defaultLocale) return { ...config, locale: language };
  return {
    ...config,
    locale: "es",
    collections: config.collections.map((collection) => {
      if ("files" in collection)
        return {
          ...collection,
          label: spanishCollectionLabels[collection.name] ?? collection.label,
          files: collection.files.map((file) => ({
            ...file,
            label:
              spanishFileLabels[`${collection.name}/${file.name}`] ??
              (collection.name === "facts" ? `Registro: ${file.name}` : file.label),
            fields: file.fields.map((field) => spanishField(field, undefined, file.name === "offices")),
          })),
        };
      const kind = isContentKind(collection.filter.value) ? collection.filter.value : undefined;
      const practice = collection.name.startsWith("practice-") && collection.name !== "practice-areas";
      return {
        ...collection,
        label: practice
          ? `Práctica: ${collection.label.replace(/^Practice: /, "")}`
          : (spanishCollectionLabels[collection.name] ?? collection.label),
        label_singular: practice
          ? "Página de práctica"
          : (spanishSingularLabels[collection.name] ?? collection.label_singular),
        fields: collection.fields.map((field) => spanishField(field, kind, false)),
      };
    }),
  };
}
