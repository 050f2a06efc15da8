export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];

export const hreflang: Record<Locale, string> = { en: "en-us", es: "es-us" };

export function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}

/** The path decides the language: `/es` and `/es/...` are Spanish, everything else English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

export function otherLocale(locale: Locale): Locale {
  return locale === "en" ? "es" : "en";
}

/** Browser language tags such as "es-MX" or "en-US" reduced to a supported locale, if any. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}
