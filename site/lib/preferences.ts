import { languagePreferenceKey } from "../../core/site-paths";
import { isLocale, matchLocale, type Locale } from "../../core/locales";

/** Storage can be unavailable (privacy modes, blocked cookies): every access is guarded. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function rememberLanguage(locale: Locale): void {
  safely(() => window.localStorage.setItem(languagePreferenceKey, locale), undefined);
}

export function storedLanguage(): Locale | undefined {
  const value = safely(() => window.localStorage.getItem(languagePreferenceKey), null);
  return isLocale(value) ? value : undefined;
}

/** After the path: the stored preference first (the visitor chose it), then the browser's languages. */
export function preferredLanguage(): Locale | undefined {
  return storedLanguage() ?? navigator.languages.map(matchLocale).find((l) => l !== undefined);
}

export function sessionFlag(key: string): boolean {
  return safely(() => window.sessionStorage.getItem(key) !== null, false);
}

export function setSessionFlag(key: string): void {
  safely(() => window.sessionStorage.setItem(key, "1"), undefined);
}
