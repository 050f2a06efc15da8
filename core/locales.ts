/**
 * The site's languages, as one record (as Starlight configures its locales): everything the code
 * knows about a language is here, and code elsewhere reads it from here instead of comparing a
 * locale with a literal (a lint rule bans `=== "es"` outside this module). Adding a language is
 * adding its entry; the compiler then names every `Record<Locale, …>` left to fill (dictionaries,
 * paths, the facts' and fees' text), which core/locales.test.ts checks on a scratch copy.
 */
interface LocaleConfig {
  /**
   * The BCP 47 tag: for `Intl` dates and numbers, and, lowercased, the `hreflang` of the page's
   * alternates. The firm's readers are in the United States.
   */
  intl: string;
  /** The language's name in its own language, as a language switch offers it. */
  name: string;
  /** The path every page in the language starts with; "" for the default language. */
  prefix: string;
}

// Only what cannot be derived: the page script carries this record to every visitor.
export const localeConfig = {
  en: { intl: "en-US", name: "English", prefix: "" },
  es: { intl: "es-US", name: "Español", prefix: "/es" },
} as const satisfies Record<string, LocaleConfig>;

export type Locale = keyof typeof localeConfig;

/** The languages in the record's order: a tuple, so schemas can enumerate them. */
export const locales = Object.keys(localeConfig) as [Locale, ...Locale[]];

/** A record with an entry for every language, each made by `make`. */
export function perLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(locales.map((locale) => [locale, make(locale)])) as Record<Locale, T>;
}

/** The language of paths without a prefix, of `x-default` and of anything not said otherwise. */
export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}

/** The path decides the language: a page under a language's prefix (`/es`, `/es/...`) is in it. */
export function localeFromPath(pathname: string): Locale {
  const prefixed = locales.find((locale) => {
    const { prefix } = localeConfig[locale];
    return prefix && `${pathname}/`.startsWith(`${prefix}/`);
  });
  return prefixed ?? defaultLocale;
}

/** The languages a page in `locale` offers besides its own, in the record's order. */
export function alternates(locale: Locale): Locale[] {
  return locales.filter((other) => other !== locale);
}

/** The `hreflang` of a language's pages (and `inLanguage` of their structured data): "es-us". */
export function hreflang(locale: Locale): string {
  return localeConfig[locale].intl.toLowerCase();
}

/** A stored language's name in English, as the firm's staff read it ("Spanish"); anything unknown reads as the default. */
export function englishName(value: unknown): string {
  const locale = isLocale(value) ? value : defaultLocale;
  return new Intl.DisplayNames(["en"], { type: "language" }).of(locale) ?? locale;
}

/** The first of the site's languages an Accept-Language header names, else the default language. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  return (
    (header ?? "")
      .split(",")
      .map((part) => matchLocale(part.split(";")[0]?.trim()))
      .find((locale) => locale !== undefined) ?? defaultLocale
  );
}

/** Browser language tags such as "es-MX" or "en-US" reduced to a supported locale, if any. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}
